#!/bin/bash
# Runs fault_main in one mode under mpirun: the job must end normally (no MPI_Abort, no hang), every
# rank must report what it expected, and every rank must reach the barrier after the failed call.
# usage: fault_test.sh MPIEXEC PROGRAM RANKS MODE
set -u
mpiexec=$1 program=$2 ranks=$3 mode=$4
output=$("$mpiexec" --oversubscribe -np "$ranks" "$program" "$mode" 2>&1)
status=$?
echo "$output"
if [ "$status" -ne 0 ]; then
  echo "FAIL: exit status $status (a rank saw something unexpected, or the job was aborted)"
  exit 1
fi
reached=$(grep -c "reached the barrier" <<<"$output")
if [ "$reached" -ne "$ranks" ]; then
  echo "FAIL: $reached of $ranks ranks reached the barrier"
  exit 1
fi
echo "PASS: $mode on $ranks ranks"
