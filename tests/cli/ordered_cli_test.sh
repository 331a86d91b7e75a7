#!/usr/bin/env bash
# Ordered data as a user meets it (docs/ordered.md): `plan --ordered` on rings of every shape, its
# schedule re-checked by `check` (which recognises an ordered schedule by its items), a wrong item
# caught where counting would pass, bad input refused, and `experiment ordered --quick`.
set -euo pipefail
: "${REDIST:?path to the redist binary}"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }

for ring in uni bi; do
  for shape in uniform gather scatter heavy blocks forward; do
    base="$work/$ring-$shape"
    "$REDIST" gen ring --n 9 --ring "$ring" --costs het --max-cost 10 --max-load 12 --shape "$shape" \
      --seed 5 -o "$base.json"
    "$REDIST" plan --ordered "$base.json" -o "$base.plan.json" --svg "$base.svg" --json > "$base.out"
    "$REDIST" check "$base.json" "$base.plan.json" > /dev/null || fail "plan --ordered on $ring $shape: check rejects"
    grep -q '"first"' "$base.plan.json" || fail "$ring $shape: the schedule names no items"
    grep -q '"routes"' "$base.plan.json" || fail "$ring $shape: no routes"
    grep -q '"transfers_written_to"' "$base.out" || fail "$ring $shape: --json summary without the file"
    grep -q '<svg' "$base.svg" || fail "$ring $shape: no diagram"
  done
done

# A hand-made ordered schedule: P0 (items 0..3) keeps 0..1 and gives 2..3 to P1.
echo '{"ring": "bidirectional", "loads": [4, 1, 1], "targets": [2, 3, 1], "succ_cost": 1, "pred_cost": 1}' > "$work/line.json"
echo '{"transfers": [{"first": 2, "from": 0, "to": 1, "items": 2, "start": 0}]}' > "$work/good.json"
echo '{"transfers": [{"first": 1, "from": 0, "to": 1, "items": 2, "start": 0}]}' > "$work/wrong.json"
"$REDIST" check "$work/line.json" "$work/good.json" > /dev/null || fail "a right ordered schedule is rejected"
set +e
"$REDIST" check "$work/line.json" "$work/wrong.json" --json > "$work/verdict"; status=$?
set -e
[ "$status" -eq 1 ] || fail "wrong items: exit $status, expected 1"
grep -q '"final-load"' "$work/verdict" || fail "wrong items: not reported under final-load"

# Bad input: one line on stderr, exit 2, nothing written.
echo '{"transfers": [{"first": 5, "from": 0, "to": 1, "items": 2, "start": 0}]}' > "$work/beyond.json"
set +e
"$REDIST" check "$work/line.json" "$work/beyond.json" 2> "$work/err"; status=$?
set -e
[ "$status" -eq 2 ] || fail "items beyond the instance: exit $status, expected 2"
grep -q 'beyond.json: transfers\[0\].first' "$work/err" || fail "items beyond: $(cat "$work/err")"
echo '{"transfers": [{"first": 2, "from": 0, "to": 1, "items": 1, "start": 0}, {"from": 0, "to": 1, "items": 1, "start": 1}]}' > "$work/mixed.json"
set +e
"$REDIST" check "$work/line.json" "$work/mixed.json" 2> "$work/err"; status=$?
set -e
[ "$status" -eq 2 ] || fail "mixed named and unnamed transfers: exit $status, expected 2"
set +e
"$REDIST" plan --ordered --back-to-back "$work/line.json" -o "$work/no.json" 2> "$work/err"; status=$?
set -e
[ "$status" -eq 2 ] && [ ! -e "$work/no.json" ] || fail "--ordered --back-to-back: exit $status"

"$REDIST" experiment ordered --quick --out "$work/ordered" > "$work/out.txt"
for f in instances.csv summary.csv summary.txt gap.svg speedup.svg; do
  [ -s "$work/ordered/$f" ] || fail "experiment ordered wrote no $f"
done
rows=$(($(wc -l < "$work/ordered/instances.csv") - 1))
[ "$rows" -eq 96 ] || fail "experiment ordered --quick: $rows rings, expected 6 shapes x (6 + 6 + 4)"
# Columns 5..9: ordered, linear, interchangeable, interchangeable_optimal, ordered_bound. Never worse
# than linear, never below the ordered bound.
awk -F, 'NR > 1 && ($5 + 0 > $6 + 0 || $5 + 0 < $9 + 0) { bad = 1 } END { exit bad }' "$work/ordered/instances.csv" \
  || fail "an ordered plan worse than linear or below its bound"
grep -q "^all" "$work/out.txt" || fail "experiment ordered printed no table"
echo "ordered CLI: ok"
