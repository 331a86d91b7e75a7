#!/usr/bin/env bash
# Start-up costs as a user meets them (docs/latency.md):
#   1. zero start-ups change nothing: every ring instance of the repository (examples/, tests/,
#      fuzz/corpus/ring_json/) and COUNT seeded `gen ring` instances of every framework and shape
#      plan to the same bytes (--json and -o) with "succ_latency": 0 (and "pred_latency": 0) added
#      as without; with BASE set (an older redist), also the same bytes as BASE's plans;
#   2. a ring with start-ups plans, its messages are written as "items": {"total", "per_message"},
#      `check` accepts the schedule with the makespan `plan` printed, `bounds` lists the bounds;
#   3. bad start-ups are refused with one line and exit 2.
set -euo pipefail
: "${REDIST:?path to the redist binary}"
: "${SRC:?path to the source tree}"
COUNT=${COUNT:-24}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }

# $1 with zero start-ups added before its closing brace (instance files end with "}").
with_zero_latency() {
  local extra='"succ_latency": 0'
  grep -q '"bidirectional"' "$1" && extra='"succ_latency": 0, "pred_latency": [0'"$(grep -o '"loads": *\[[^]]*\]' "$1" | tr -cd ',' | sed 's/,/, 0/g')"']'
  tr -d '\n' < "$1" | sed 's/}[[:space:]]*$/, '"$extra"'}/'
}

same_plans() {  # $1: instance; plans it with and without zero start-ups (and with BASE)
  local inst=$1 name
  name=$(basename "$inst" .json)
  # Every run writes to the same path: plan --json names it.
  "$REDIST" plan "$inst" --json -o "$work/out.json" > "$work/a.out" 2> /dev/null || return 0
  mv "$work/out.json" "$work/a.json"
  with_zero_latency "$inst" > "$work/zero.json"
  "$REDIST" plan "$work/zero.json" --json -o "$work/out.json" > "$work/b.out" \
    || fail "$name: refused with zero start-ups"
  cmp -s "$work/a.json" "$work/out.json" || fail "$name: zero start-ups changed the schedule"
  cmp -s "$work/a.out" "$work/b.out" || fail "$name: zero start-ups changed plan --json"
  if [ -n "${BASE:-}" ]; then
    "$BASE" plan "$inst" --json -o "$work/out.json" > "$work/c.out"
    cmp -s "$work/a.json" "$work/out.json" || fail "$name: schedule differs from $BASE's"
    cmp -s "$work/a.out" "$work/c.out" || fail "$name: plan --json differs from $BASE's"
  fi
  planned=$((planned + 1))
}

planned=0
while IFS= read -r inst; do
  same_plans "$inst"
done < <(find "$SRC/examples" "$SRC/tests" "$SRC/fuzz/corpus/ring_json" -name '*.json' | sort)
[ "$planned" -ge 4 ] || fail "only $planned repository instances planned"

shapes=(uniform gather scatter heavy blocks forward)
for ((k = 0; k < COUNT; k++)); do
  ring=$([ $((k % 2)) -eq 0 ] && echo uni || echo bi)
  costs=$([ $((k / 2 % 2)) -eq 0 ] && echo hom || echo het)
  shape=${shapes[$((k / 4 % 6))]}
  n=$((2 + k % 13 + (k % 7) * 9))
  "$REDIST" gen ring --n "$n" --ring "$ring" --costs "$costs" --max-load $((1 + k % 40)) \
    --max-cost 9 --cost-decimals $((k % 3)) --shape "$shape" --seed "$k" -o "$work/gen$k.json"
  same_plans "$work/gen$k.json"
done
echo "zero start-ups: $planned instances plan to the same bytes"

# 2. A ring with start-ups.
"$REDIST" gen ring --n 7 --ring uni --costs hom --max-load 12 --latency 20 --shape scatter --seed 5 \
  -o "$work/l.json"
grep -q '"succ_latency": *20' "$work/l.json" || fail "gen ring --latency wrote no start-up"
"$REDIST" plan "$work/l.json" --json -o "$work/l.plan.json" > "$work/l.out"
grep -q '"per_message"' "$work/l.plan.json" || fail "no message of several items in the plan"
makespan=$(grep -o '"makespan": *[0-9.]*' "$work/l.out" | grep -o '[0-9.]*$')
"$REDIST" check "$work/l.json" "$work/l.plan.json" --json > "$work/l.check"
grep -q '"valid": *true' "$work/l.check" || fail "check rejects the plan with start-ups"
grep -q "\"makespan\": *$makespan" "$work/l.check" || fail "check finds another makespan"
"$REDIST" bounds "$work/l.json" --json > "$work/l.bounds"
for term in lemma5 relay; do grep -q "\"$term\"" "$work/l.bounds" || fail "bounds has no $term"; done
"$REDIST" gen ring --n 6 --ring bi --costs het --max-load 9 --latency 7 --seed 2 -o "$work/lb.json"
"$REDIST" plan "$work/lb.json" -o "$work/lb.plan.json" > /dev/null
"$REDIST" check "$work/lb.json" "$work/lb.plan.json" > /dev/null || fail "bidirectional plan rejected"
"$REDIST" bounds "$work/lb.json" --json | grep -q '"system6_integer"' || fail "no System 6 bound"

# 3. Bad start-ups: one line on stderr, exit 2, nothing written.
printf '{"ring": "unidirectional", "loads": [1, 2], "targets": [2, 1], "succ_cost": 1, "succ_latency": -1}' \
  > "$work/bad.json"
set +e
"$REDIST" plan "$work/bad.json" -o "$work/bad.plan.json" 2> "$work/err"; status=$?
set -e
[ "$status" -eq 2 ] || fail "negative start-up: exit $status, expected 2"
[ "$(wc -l < "$work/err")" -eq 1 ] || fail "negative start-up: not one line on stderr"
grep -q 'succ_latency' "$work/err" || fail "the error does not name succ_latency"
[ ! -e "$work/bad.plan.json" ] || fail "negative start-up: a file was written"
echo "ok"
