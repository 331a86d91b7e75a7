#!/usr/bin/env bash
# The heterogeneous bidirectional tools as a user runs them: `gen ring --shape`, `plan --effort`
# (schedule re-checked by `redist check`), and `experiment hetbi --quick` (files and table consistent).
set -euo pipefail
: "${REDIST:?path to the redist binary}"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }

for shape in uniform gather scatter heavy blocks forward; do
  "$REDIST" gen ring --n 12 --ring bi --costs het --max-cost 100 --cost-decimals 1 --max-load 9 --shape "$shape" \
    --seed 3 -o "$work/$shape.json"
  "$REDIST" gen ring --n 12 --ring bi --costs het --max-cost 100 --cost-decimals 1 --max-load 9 --shape "$shape" \
    --seed 3 -o "$work/$shape.again.json"
  cmp -s "$work/$shape.json" "$work/$shape.again.json" || fail "gen ring --shape $shape is not reproducible"
  for effort in 0 2; do
    # Back-to-back batches: the schedule file then carries every timing `check` needs.
    "$REDIST" plan "$work/$shape.json" --effort "$effort" --back-to-back -o "$work/$shape.plan.json" > /dev/null
    "$REDIST" check "$work/$shape.json" "$work/$shape.plan.json" > /dev/null || fail "plan --effort $effort on $shape: check rejects"
    # Spaced transfers (relays at their upstream's pace, the default): re-checked as well.
    "$REDIST" plan "$work/$shape.json" --effort "$effort" -o "$work/$shape.spaced.json" > /dev/null
    "$REDIST" check "$work/$shape.json" "$work/$shape.spaced.json" > /dev/null \
      || fail "plan --effort $effort on $shape (spaced): check rejects"
  done
done
grep -q '0\.[0-9]' "$work/uniform.json" || fail "--cost-decimals 1 wrote no decimal cost"

# Bad input: one line on stderr, exit 2, nothing written.
set +e
"$REDIST" gen ring --n 5 --ring bi --shape spiral -o "$work/bad.json" 2> "$work/err"; status=$?
set -e
[ "$status" -eq 2 ] || fail "unknown shape: exit $status, expected 2"
[ ! -e "$work/bad.json" ] || fail "unknown shape: a file was written"

"$REDIST" experiment hetbi --quick --out "$work/hetbi" > "$work/out.txt"
for f in instances.csv summary.csv unreachable.csv summary.txt gap.svg; do
  [ -s "$work/hetbi/$f" ] || fail "experiment hetbi wrote no $f"
done
rows=$(($(wc -l < "$work/hetbi/instances.csv") - 1))
[ "$rows" -eq 108 ] || fail "experiment hetbi --quick: $rows instances, expected 6 shapes x 3 sizes x 6"
# Every makespan at or above its bound, every bound at or above tau_int (columns 5, 6, 7).
awk -F, 'NR > 1 && ($7 + 0 < $6 + 0 || $6 + 0 < $5 + 0) { bad = 1 } END { exit bad }' "$work/hetbi/instances.csv" \
  || fail "a makespan below its bound or a bound below tau_int"
grep -q "^uniform" "$work/out.txt" || fail "experiment hetbi printed no table"
echo "hetbi CLI: ok"
