#!/usr/bin/env bash
# Scaling of `redist plan`, `bounds` and `check` on random rings of every framework, next to Python's
# json.load of the same instance and schedule files (the baseline, measured in the same run).
#
#   bash bench/scaling.sh [BUILD_DIR] > table.md
#
# Environment: SIZES (default "10000 100000 1000000 10000000"), FRAMEWORKS (default
# "uni-hom uni-het bi-hom bi-het"), REPEATS (default 3: the median is reported, the machine being
# shared), LIMIT (seconds per command, default 300: a command past it is reported as "> LIMIT s"),
# MAX_LOAD (default 1000), SEED (default 1). Each cell is "median wall seconds (median CPU seconds,
# user + system)": on a shared machine the CPU column is the steadier one. Memory is plan's largest
# maximum resident set size (/usr/bin/time -v), also per processor. Instances come from
# `redist gen ring`; a plan refused for memory (exit 2) is reported as such. PY_SCHEDULE_MAX_MB
# (default 1000): Python's json.load is not run on a larger schedule (it takes about 6 bytes of
# memory per byte of text, too much for a shared machine), and the cell says so.
set -u
BUILD=${1:-build}
R="$BUILD/cli/redist"
SIZES=${SIZES:-"10000 100000 1000000 10000000"}
FRAMEWORKS=${FRAMEWORKS:-"uni-hom uni-het bi-hom bi-het"}
REPEATS=${REPEATS:-3}
LIMIT=${LIMIT:-300}
MAX_LOAD=${MAX_LOAD:-1000}
SEED=${SEED:-1}
PY_SCHEDULE_MAX_MB=${PY_SCHEDULE_MAX_MB:-1000}
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
PY_LOAD='import json,sys; json.load(open(sys.argv[1]))'

# run_timed NAME command...: one run under /usr/bin/time; appends "seconds kb status cpu" to $T/NAME.
run_timed() {
  local name=$1
  shift
  /usr/bin/time -f "%e %M %U %S" -o "$T/time" timeout "$LIMIT" "$@" >/dev/null 2>"$T/err"
  local status=$?
  tail -1 "$T/time" | awk -v status="$status" '{ printf "%s %s %s %.2f\n", $1, $2, status, $3 + $4 }' >>"$T/$name"
}

# median NAME: the median seconds of NAME's runs, "> LIMIT s" when one timed out, "refused" on exit 2.
median() {
  if awk '$3 == 124' "$T/$1" | grep -q .; then echo "> $LIMIT s"; return; fi
  if awk '$3 == 2' "$T/$1" | grep -q .; then echo "refused"; return; fi
  local wall cpu
  wall=$(sort -n "$T/$1" | awk '{ t[NR] = $1 } END { printf "%.2f", t[int((NR + 1) / 2)] }')
  cpu=$(sort -k4 -n "$T/$1" | awk '{ t[NR] = $4 } END { printf "%.2f", t[int((NR + 1) / 2)] }')
  echo "$wall s ($cpu)"
}
peak_kb() { sort -k2 -n "$T/$1" | tail -1 | awk '{ print $2 }'; }

echo "| framework | n | python json.load instance | bounds | plan -o | plan peak RSS (bytes/proc) | transfers | python json.load schedule | check | check peak RSS |"
echo "|---|---|---|---|---|---|---|---|---|---|"
for framework in $FRAMEWORKS; do
  ring=${framework%-*}
  costs=${framework#*-}
  for n in $SIZES; do
    inst="$T/instance.json"
    sched="$T/schedule.json"
    rm -f "$T"/py_i "$T"/bounds "$T"/plan "$T"/py_s "$T"/check "$sched"
    "$R" gen ring --n "$n" --ring "$ring" --costs "$costs" --max-load "$MAX_LOAD" --seed "$SEED" -o "$inst"
    for _ in $(seq "$REPEATS"); do
      run_timed py_i python3 -c "$PY_LOAD" "$inst"
      run_timed bounds "$R" bounds "$inst"
      run_timed plan "$R" plan "$inst" -o "$sched"
    done
    kb=$(peak_kb plan)
    transfers="-"
    py_s="-"
    check="-"
    check_kb="-"
    if [ -s "$sched" ]; then
      transfers=$(grep -c '"from"' "$sched")  # one transfer per line, as redist writes them
      run_python=yes
      [ "$(stat -c %s "$sched")" -gt $((PY_SCHEDULE_MAX_MB * 1048576)) ] && run_python=no
      for _ in $(seq "$REPEATS"); do
        [ "$run_python" = yes ] && run_timed py_s python3 -c "$PY_LOAD" "$sched"
        run_timed check "$R" check "$inst" "$sched"
      done
      py_s="not run (over $PY_SCHEDULE_MAX_MB MB)"
      [ "$run_python" = yes ] && py_s=$(median py_s)
      check=$(median check)
      check_kb="$((($(peak_kb check) + 512) / 1024)) MB"
    fi
    echo "| $framework | $n | $(median py_i) | $(median bounds) | $(median plan) | $(((kb + 512) / 1024)) MB ($((kb * 1024 / n))) | $transfers | $py_s | $check | $check_kb |"
  done
done
