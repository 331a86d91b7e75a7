#!/usr/bin/env bash
# `redist experiment latency --quick` as a user runs it: every file written, one row per framework,
# shape and ratio, every makespan at or above its bound and its exact optimum, every optimum at or
# above the bound; bad options: one line on stderr, exit 2, nothing written.
set -euo pipefail
: "${REDIST:?path to the redist binary}"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }

"$REDIST" experiment latency --quick --out "$work/latency" > "$work/out.txt"
for f in instances.csv summary.csv summary.txt gap_bound.svg gap_optimum.svg; do
  [ -s "$work/latency/$f" ] || fail "experiment latency wrote no $f"
done
rows=$(($(wc -l < "$work/latency/instances.csv") - 1))
[ "$rows" -eq 72 ] || fail "experiment latency --quick: $rows rows, expected 4 frameworks x 3 ratios x 6 shapes"
# Columns: 6 bound, 7 makespan, 8 optimum (empty when not sought or not proved).
awk -F, 'NR > 1 && ($7 + 0 < $6 + 0 || ($8 != "" && ($7 + 0 < $8 + 0 || $8 + 0 < $6 + 0))) { bad = 1 }
  END { exit bad }' "$work/latency/instances.csv" || fail "a makespan below its bound or optimum"
# Without start-ups (ratio 0) every ring of n = 4 gets its optimum.
awk -F, 'NR > 1 && $4 == 0 && $8 == "" { bad = 1 } END { exit bad }' "$work/latency/instances.csv" \
  || fail "a ring without start-ups has no optimum"
grep -q "^uni-hom" "$work/out.txt" || fail "experiment latency printed no table"
grep -q "<svg" "$work/latency/gap_bound.svg" || fail "gap_bound.svg is no SVG"

set +e
"$REDIST" experiment latency --quick --max-n 2 --out "$work/bad" 2> "$work/err"; status=$?
set -e
[ "$status" -eq 2 ] || fail "--max-n 2: exit $status, expected 2"
[ "$(wc -l < "$work/err")" -eq 1 ] || fail "--max-n 2: not one line on stderr"
[ ! -e "$work/bad" ] || fail "--max-n 2: something was written"
echo "latency experiment CLI: ok"
