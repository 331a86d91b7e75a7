#!/usr/bin/env bash
# `redist plan --ordered` against `redist plan` (document 000's planner, the baseline) on the same
# instance files, in the same run, for every framework and size, plus `redist check` of the ordered
# schedule (BENCHMARKS.md "Ordered data").
#
#   bash bench/ordered_scaling.sh [BUILD_DIR] > table.md
#
# Environment: SIZES (default "10000 100000 1000000"), FRAMEWORKS (default "uni-hom uni-het bi-hom
# bi-het"), SHAPES (default "uniform"), REPEATS (default 3: the median is reported, the machine
# being shared), MAX_LOAD (default 1000), SEED (default 1). Cells: "median wall seconds (median CPU
# seconds, user + system)"; memory: the largest maximum resident set size.
set -u
BUILD=${1:-build}
R="$BUILD/cli/redist"
SIZES=${SIZES:-"10000 100000 1000000"}
FRAMEWORKS=${FRAMEWORKS:-"uni-hom uni-het bi-hom bi-het"}
SHAPES=${SHAPES:-"uniform"}
REPEATS=${REPEATS:-3}
MAX_LOAD=${MAX_LOAD:-1000}
SEED=${SEED:-1}
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT

run_timed() {  # run_timed NAME command...: appends "seconds kb cpu" to $T/NAME
  local name=$1
  shift
  /usr/bin/time -f "%e %M %U %S" -o "$T/time" "$@" >/dev/null 2>"$T/err" || { cat "$T/err" >&2; }
  tail -1 "$T/time" | awk '{ printf "%s %s %.2f\n", $1, $2, $3 + $4 }' >>"$T/$name"
}
median() {
  local wall cpu
  wall=$(sort -n "$T/$1" | awk '{ t[NR] = $1 } END { printf "%.2f", t[int((NR + 1) / 2)] }')
  cpu=$(sort -k3 -n "$T/$1" | awk '{ t[NR] = $3 } END { printf "%.2f", t[int((NR + 1) / 2)] }')
  echo "$wall s ($cpu)"
}
peak_mb() { sort -k2 -n "$T/$1" | tail -1 | awk '{ printf "%d MB", $2 / 1024 }'; }

echo "| framework | shape | n | plan -o | plan peak RSS | plan --ordered -o | ordered peak RSS | ordered transfers | check (ordered) | makespan: linear / ordered |"
echo "|---|---|---|---|---|---|---|---|---|---|"
for framework in $FRAMEWORKS; do
  ring=${framework%-*}
  costs=${framework#*-}
  for shape in $SHAPES; do
    for n in $SIZES; do
      inst="$T/instance.json"
      rm -f "$T"/plan "$T"/ordered "$T"/check
      "$R" gen ring --n "$n" --ring "$ring" --costs "$costs" --max-load "$MAX_LOAD" --shape "$shape" \
        --seed "$SEED" -o "$inst"
      for _ in $(seq "$REPEATS"); do
        run_timed plan "$R" plan "$inst" -o "$T/plan.json"
        run_timed ordered "$R" plan --ordered "$inst" -o "$T/ordered.json"
        run_timed check "$R" check "$inst" "$T/ordered.json"
      done
      transfers=$(grep -c '"start"' "$T/ordered.json")
      makespans=$("$R" plan --ordered "$inst" --json -o "$T/again.json" |
        python3 -c 'import json,sys; d=json.load(sys.stdin); print(d["linear_makespan"], "/", d["makespan"])')
      echo "| $framework | $shape | $n | $(median plan) | $(peak_mb plan) | $(median ordered) | $(peak_mb ordered) | $transfers | $(median check) | $makespans |"
    done
  done
done
