#!/usr/bin/env bash
# `redist exact` as a user runs it: docs/errata.md item 3's ring (optimum 19, tau_int 17) with each
# solver built in, the schedule re-checked by `redist check`, --json, the node limit, refusals above
# the size limits (one line, exit 2, nothing written), and the optimum column of `experiment hetbi`.
set -euo pipefail
: "${REDIST:?path to the redist binary}"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }

cat > "$work/errata.json" <<'JSON'
{"ring": "bidirectional", "loads": [1, 1, 1, 8], "targets": [1, 1, 6, 3],
 "succ_cost": [4, 3, 1, 3], "pred_cost": [4, 2, 5, 5]}
JSON
for solver in cbc glpk; do
  set +e
  "$REDIST" exact "$work/errata.json" --from-scratch --solver "$solver" -o "$work/$solver.json" > "$work/$solver.txt" 2> "$work/err"
  status=$?
  set -e
  if [ "$status" -ne 0 ] && grep -q -- "--solver" "$work/err"; then continue; fi  # not built in
  [ "$status" -eq 0 ] || fail "exact --solver $solver: exit $status: $(cat "$work/err")"
  grep -q "^optimum      19 (proved)" "$work/$solver.txt" || fail "exact --solver $solver: optimum is not 19"
  grep -q "^solver       $solver, " "$work/$solver.txt" || fail "exact --from-scratch --solver $solver: the solver did not run"
  "$REDIST" check "$work/errata.json" "$work/$solver.json" --json > "$work/check.json" \
    || fail "exact --solver $solver: check rejects the schedule"
  grep -q '"makespan": 19' "$work/check.json" || fail "exact --solver $solver: checked makespan is not 19"
done

"$REDIST" exact "$work/errata.json" --json > "$work/out.json"
grep -q '"optimum": 19' "$work/out.json" || fail "exact --json: no optimum 19"
grep -q '"proved": true' "$work/out.json" || fail "exact --json: not proved"
grep -q '"transfers"' "$work/out.json" || fail "exact --json: no transfers"

# A node limit of 0 still answers with a valid schedule and honest bounds.
"$REDIST" exact "$work/errata.json" --from-scratch --node-limit 0 -o "$work/cut.json" > "$work/cut.txt"
"$REDIST" check "$work/errata.json" "$work/cut.json" > /dev/null || fail "exact --node-limit 0: check rejects"
grep -Eq "^optimum      (19 \(proved\)|between 1[7-9] and (19|[2-9][0-9]))" "$work/cut.txt" \
  || fail "exact --node-limit 0: $(grep optimum "$work/cut.txt")"

# Too large: one line naming the file and the limit, exit 2, nothing written.
"$REDIST" gen ring --n 9 --ring bi --costs het --seed 1 -o "$work/nine.json"
set +e
"$REDIST" exact "$work/nine.json" -o "$work/nine.out.json" 2> "$work/err"; status=$?
set -e
[ "$status" -eq 2 ] || fail "exact on n = 9: exit $status, expected 2"
[ "$(wc -l < "$work/err")" -eq 1 ] || fail "exact on n = 9: more than one line on stderr"
grep -q "nine.json: size: too large for the exact model: n = 9" "$work/err" || fail "exact on n = 9: $(cat "$work/err")"
[ ! -e "$work/nine.out.json" ] || fail "exact on n = 9: a file was written"
set +e
"$REDIST" exact "$work/errata.json" --solver lp_solve 2> "$work/err"; status=$?
set -e
[ "$status" -eq 2 ] || fail "exact --solver lp_solve: exit $status, expected 2"

# experiment hetbi: the MILP optimum column, between tau_int and the makespan where present.
"$REDIST" experiment hetbi --quick --max-n 8 --out "$work/hetbi" > /dev/null
head -1 "$work/hetbi/instances.csv" | grep -q ',optimum$' || fail "hetbi instances.csv has no optimum column"
awk -F, 'NR > 1 && $13 != "" && ($13 + 0 < $5 + 0 || $13 + 0 > $7 + 0) { bad = 1 } END { exit bad }' \
  "$work/hetbi/instances.csv" || fail "an optimum below tau_int or above the makespan"
awk -F, 'NR > 1 && $13 != "" { n++ } END { exit !(n > 0) }' "$work/hetbi/instances.csv" \
  || fail "no optimum in hetbi --quick --max-n 8"
echo "exact CLI: ok"
