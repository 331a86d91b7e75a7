#!/usr/bin/env bash
# The heterogeneous bidirectional planner at scale: `redist plan` against `redist bounds` on the
# same instance (the yardstick: plan within 5x bounds at n = 10^5 on every shape, n = 10^6
# in seconds), with plan's peak memory. A second binary (BASELINE, e.g. a build of main) runs in the
# same loop for a before/after comparison.
#
#   bash bench/bidirectional_scaling.sh [BUILD_DIR] > table.md
#
# Environment: SIZES (default "100000 1000000"), SHAPES (default: every `redist gen ring --shape`;
# sizes above 10^5 use uniform only unless ALL_SHAPES=1), REPEATS (default 3, the median CPU time
# is reported: the machine is shared), BASELINE (path to another redist binary, optional),
# MAX_LOAD (default 1000), SEED (default 1). Cells: median CPU seconds (user + system) of
# `plan -o` and of `bounds`, their ratio, plan's largest peak RSS (GNU time), the makespan and gap.
set -u
BUILD=${1:-build}
R="$BUILD/cli/redist"
SIZES=${SIZES:-"100000 1000000"}
SHAPES=${SHAPES:-"uniform gather scatter heavy blocks forward"}
REPEATS=${REPEATS:-3}
MAX_LOAD=${MAX_LOAD:-1000}
SEED=${SEED:-1}
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT

# cpu_and_peak BINARY ARGS...: one run; prints "cpu_seconds peak_kb".
cpu_and_peak() {
  /usr/bin/time -f "%U %S %M" -o "$T/time" "$@" >"$T/out" 2>/dev/null || echo "exit $?" >&2
  awk '{ printf "%.3f %d\n", $1 + $2, $3 }' "$T/time"
}

# median_of BINARY ARGS...: REPEATS runs; prints "median_cpu max_peak_kb".
median_of() {
  for _ in $(seq "$REPEATS"); do cpu_and_peak "$@"; done | sort -n |
    awk '{ c[NR] = $1; if ($2 > m) m = $2 } END { printf "%.2f %d\n", c[int((NR + 1) / 2)], m }'
}

row() {  # row LABEL BINARY INSTANCE N
  local label=$1 bin=$2 file=$3 n=$4
  read -r bounds_cpu _ < <(median_of "$bin" bounds "$file")
  read -r plan_cpu peak < <(median_of "$bin" plan "$file" -o "$T/schedule.json")
  local makespan gap
  makespan=$(awk '/^makespan/ { print $2 }' "$T/out")
  gap=$(awk '/^gap/ { print $2 }' "$T/out")
  awk -v l="$label" -v b="$bounds_cpu" -v p="$plan_cpu" -v k="$peak" -v n="$n" -v m="$makespan" -v g="$gap" \
    'BEGIN { printf "| %s | %.2f s | %.2f s | %.1fx | %d MB (%d) | %s | %s |\n", l, p, b, (b > 0 ? p / b : 0), k / 1024, k * 1024 / n, m, g }'
}

echo "| instance, binary | plan -o CPU | bounds CPU | ratio | plan peak RSS (bytes/proc) | makespan | gap |"
echo "|---|---|---|---|---|---|---|"
for n in $SIZES; do
  shapes=$SHAPES
  if [ "$n" -gt 100000 ] && [ "${ALL_SHAPES:-0}" != 1 ]; then shapes=uniform; fi
  for shape in $shapes; do
    file="$T/ring.json"
    "$R" gen ring --n "$n" --ring bi --costs het --max-load "$MAX_LOAD" --shape "$shape" --seed "$SEED" -o "$file"
    [ -n "${BASELINE:-}" ] && row "n = $n $shape, baseline" "$BASELINE" "$file" "$n"
    row "n = $n $shape" "$R" "$file" "$n"
  done
done
