#!/bin/bash
# Runs the timeout program under mpirun and expects the job to end with a nonzero exit status and a
# line naming the rank at fault (the collective timeout must end a hung job with a clear message).
# usage: timeout_test.sh MPIEXEC PROGRAM RANKS MODE EXPECTED_TEXT
set -u
mpiexec=$1 program=$2 ranks=$3 mode=$4 expected=$5
output=$("$mpiexec" --oversubscribe -np "$ranks" "$program" "$mode" 2>&1)
status=$?
if [ "$status" -eq 0 ]; then
  echo "FAIL: the job ended normally; expected the timeout to abort it"
  echo "$output"
  exit 1
fi
if ! grep -qF -- "$expected" <<<"$output"; then
  echo "FAIL: exit status $status, but no line contains: $expected"
  echo "$output"
  exit 1
fi
echo "aborted as expected (exit status $status): $(grep -F -- "$expected" <<<"$output" | head -n 1)"
