#!/usr/bin/env bash
# plan and check refuse, before any work, a job that the memory left to them cannot hold: exit 2,
# one line naming the file and the amount needed, nothing written. REDIST_AVAILABLE_MEMORY stands in
# for the machine's MemAvailable / cgroup figure so that the verdict does not depend on the machine.
set -u
R="$REDIST"
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
fail=0
note() { echo "FAIL: $*"; fail=$((fail + 1)); }
# refused AVAILABLE PATTERN -- command...: exit 2, one stderr line matching PATTERN, $T/out.json absent.
refused() {
  local available=$1 pattern=$2 err status
  shift 3
  err=$(REDIST_AVAILABLE_MEMORY=$available "$@" 2>&1 >/dev/null)
  status=$?
  if [ "$status" != 2 ] || [ "$(wc -l <<<"$err")" != 1 ] || ! grep -qE -- "$pattern" <<<"$err"; then
    note "$* (available $available) -> status $status, stderr: $err"
  elif [ -e "$T/out.json" ]; then
    note "$* wrote $T/out.json although refused"
  fi
}

"$R" gen ring --n 20000 --ring bi --costs het --max-load 10 --seed 4 -o "$T/ring.json" || note "gen"
"$R" gen ring --n 20000 --ring uni --costs hom --max-load 10 --seed 4 -o "$T/uni.json" || note "gen"
"$R" plan "$T/uni.json" -o "$T/uni-schedule.json" >/dev/null || note "plan with the machine's memory"

# The planning estimate (tens of MiB here) against 20 MiB; the instance itself (~200 KiB) fits.
refused 20000000 "^redist: $T/ring.json: planning this ring \(n = 20000\) needs about [0-9.]+ MiB of memory but only 19.1 MiB is available" \
  -- "$R" plan "$T/ring.json" -o "$T/out.json"
# Back-to-back batches on a heterogeneous ring are estimated at the batch limit (relays take one
# batch per item): refused where the spaced plan fits.
refused 80000000 "^redist: $T/ring.json: planning this ring \(n = 20000\) needs about [0-9.]+ MiB of memory but only 76.3 MiB is available" \
  -- "$R" plan "$T/ring.json" --back-to-back -o "$T/out.json"
REDIST_AVAILABLE_MEMORY=80000000 "$R" plan "$T/ring.json" -o "$T/spaced.json" >/dev/null ||
  note "spaced plan refused with 80 MB"
# Reading: a file of N bytes needs about 10 N.
refused 100000 "^redist: $T/ring.json: reading this instance needs about [0-9.]+ MiB of memory but only 97.7 KiB" \
  -- "$R" plan "$T/ring.json" -o "$T/out.json"
refused 5000000 "^redist: $T/uni-schedule.json: checking this schedule needs about [0-9.]+ MiB" \
  -- "$R" check "$T/uni.json" "$T/uni-schedule.json"
refused 1x "^redist: REDIST_AVAILABLE_MEMORY: must be a number of bytes" -- "$R" plan "$T/uni.json" -o "$T/out.json"

# Enough memory: the same commands run.
REDIST_AVAILABLE_MEMORY=100000000000 "$R" plan "$T/uni.json" -o "$T/out.json" >/dev/null || note "plan with 100 GB refused"
REDIST_AVAILABLE_MEMORY=100000000000 "$R" check "$T/uni.json" "$T/out.json" >/dev/null || note "check with 100 GB refused"

[ "$fail" = 0 ] && echo "memory budget: all refusals as documented"
exit "$fail"
