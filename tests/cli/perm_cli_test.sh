#!/usr/bin/env bash
# `redist perm` and `redist gen perm` as a user runs them: exit status, output, the written result
# re-validated by an independent checker (python3), nothing written on bad input.
set -euo pipefail
: "${REDIST:?path to the redist binary}"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }

# Independent re-validation of a result file against its instance (counts form).
validate() {  # instance result
  python3 - "$1" "$2" <<'PY'
import json, sys
inst = json.load(open(sys.argv[1])); res = json.load(open(sys.argv[2]))
c = inst["counts"]; P = len(c)
a = res["assignment"]; assert sorted(a) == list(range(P)), "assignment is not a permutation"
demand = {}
for i in range(P):
    for j in range(P):
        if c[i][j] and a[j] != i: demand[(i, a[j])] = c[i][j]
vol = sum(demand.values()); assert vol == res["volume"], (vol, res["volume"])
sent = [0] * P; recv = [0] * P
for (s, d), m in demand.items(): sent[s] += m; recv[d] += m
assert max(sent + recv + [0]) == res["steps"], "steps differ from max(sent, received)"
moved = {}; steps = 0
for g in res["schedule"]:
    r = g["repeat"]; assert r >= 1; steps += r
    srcs = [p[0] for p in g["pairs"]]; dsts = [p[1] for p in g["pairs"]]
    assert len(set(srcs)) == len(srcs) and len(set(dsts)) == len(dsts), "one-port violated"
    for s, d in g["pairs"]: moved[(s, d)] = moved.get((s, d), 0) + r
assert moved == demand, "schedule does not meet the demand"
assert steps == res["steps"], "schedule length differs from steps"
PY
}

cat > "$work/small.json" <<'J'
{"counts": [[1, 4, 0], [3, 0, 2], [0, 1, 5]]}
J
out=$("$REDIST" perm "$work/small.json") || fail "perm exited $?"
grep -q "canonical" <<<"$out" || fail "no canonical row: $out"
grep -q "min-volume" <<<"$out" || fail "no min-volume row"
"$REDIST" perm "$work/small.json" --objective steps -o "$work/res.json" >/dev/null || fail "perm -o"
validate "$work/small.json" "$work/res.json" || fail "written steps schedule invalid"
"$REDIST" perm "$work/small.json" --json > "$work/res2.json" || fail "perm --json"
validate "$work/small.json" "$work/res2.json" || fail "--json schedule invalid"
python3 -c "import json,sys; d=json.load(open('$work/res2.json')); assert d['volume']==d['optimal_volume']==4, d" ||
  fail "volume objective not optimal"

# Generated instances of every distribution, solved and re-validated.
for dist in random skewed block-cyclic skewed-set chunk-set; do
  "$REDIST" gen perm --dist "$dist" -P 12 --seed 3 -o "$work/g.json" || fail "gen perm $dist"
  for obj in volume steps; do
    "$REDIST" perm "$work/g.json" --objective "$obj" -o "$work/r.json" >/dev/null || fail "perm $dist $obj"
    validate "$work/g.json" "$work/r.json" || fail "$dist $obj schedule invalid"
  done
done
"$REDIST" gen perm --dist block1d -P 50 -N 2000 --seed 4 -o "$work/b.json" || fail "gen block1d"
"$REDIST" perm "$work/b.json" --json -o "$work/rb.json" > "$work/sum.json" || fail "perm block1d"
python3 -c "import json; d=json.load(open('$work/sum.json')); assert 'schedule' not in d and d['processors']==50" ||
  fail "--json with -o should print the summary without the schedule"
a=$("$REDIST" gen perm --dist skewed --alpha 0.3 --seed 9); b=$("$REDIST" gen perm --dist skewed --alpha 0.3 --seed 9)
[ "$a" = "$b" ] || fail "gen perm is not reproducible"

# Bad input: exit 2, one line naming file, field and index, nothing written.
expect_bad() {  # json expected-substring
  printf '%s' "$1" > "$work/bad.json"
  set +e
  err=$("$REDIST" perm "$work/bad.json" -o "$work/never.json" 2>&1 >/dev/null)
  code=$?
  set -e
  [ "$code" -eq 2 ] || fail "exit $code for $1"
  [ "$(wc -l <<<"$err")" -eq 1 ] || fail "more than one line: $err"
  grep -qF -- "$2" <<<"$err" || fail "error '$err' lacks '$2'"
  [ ! -e "$work/never.json" ] || fail "output written on bad input"
}
expect_bad '{"counts": [[1, 2], [3]]}' "bad.json: counts[1]: has 1 entries"
expect_bad '{"counts": [[1, -2], [3, 4]]}' "counts[0][1]: must be >= 0"
expect_bad '{"initial": [0, 1], "partition": [0]}' "partition: has 1 entries but initial has 2"
expect_bad '{"processors": 2, "initial": [0, 5], "partition": [0, 1]}' "initial[1]: processor id 5 out of range"
expect_bad '{"counts": [[1]' "malformed JSON"
set +e
"$REDIST" perm "$work/small.json" --objective speed >/dev/null 2>&1; code=$?
"$REDIST" gen perm --dist nope >/dev/null 2>&1; code2=$?
set -e
[ "$code" -eq 2 ] && [ "$code2" -eq 2 ] || fail "bad options should exit 2"
echo "perm CLI tests passed"
