#!/usr/bin/env bash
# The CLI contract of docs/design.md section 3, run as a user would: exit statuses, one-line errors that
# name file, field and index, nothing written on bad input.
set -u
source "$(dirname "$0")/expect.sh"
bad() {  # bad NAME JSON PATTERN: `bounds` must reject with status 2 and one line matching PATTERN
  printf '%s' "$2" >"$T/$1.json"
  expect 2 "$3" -- "$R" bounds "$T/$1.json"
  local lines
  lines=$("$R" bounds "$T/$1.json" 2>&1 | wc -l)
  [ "$lines" = 1 ] || note "$1: error is $lines lines"
}

bad malformed '{"ring": "unidirectional", "loads": [1,' "malformed JSON"
bad missing '{"ring": "unidirectional", "loads": [1], "targets": [1]}' "succ_cost: missing"
bad unknown '{"ring": "unidirectional", "loads": [1], "targets": [1], "succ_cost": 1, "speed": 2}' "speed: unknown field"
bad empty '{"ring": "unidirectional", "loads": [], "targets": [], "succ_cost": 1}' "loads: .*n = 0"
bad lengths '{"ring": "unidirectional", "loads": [1, 2], "targets": [3], "succ_cost": 1}' "targets: has 1 entries"
bad fraction '{"ring": "unidirectional", "loads": [1, 2.5], "targets": [2, 1], "succ_cost": 1}' "loads\[1\]: must be an integer"
bad negative '{"ring": "unidirectional", "loads": [1, -2], "targets": [2, 1], "succ_cost": 1}' "loads\[1\]: must be >= 0"
bad sums '{"ring": "unidirectional", "loads": [1, 2], "targets": [2, 2], "succ_cost": 1}' "targets: sum to 4 but loads sum to 3"
bad cost '{"ring": "unidirectional", "loads": [1, 2], "targets": [2, 1], "succ_cost": [1, 0]}' "succ_cost\[1\]: must be a positive"
bad pred '{"ring": "unidirectional", "loads": [1, 2], "targets": [2, 1], "succ_cost": 1, "pred_cost": 1}' "pred_cost: is only allowed"
bad overflow '{"ring": "unidirectional", "loads": [9000000000000000000, 9000000000000000000], "targets": [9000000000000000000, 9000000000000000000], "succ_cost": 1}' "loads\[0\]: running total exceeds"
bad nan '{"ring": "unidirectional", "loads": [1], "targets": [1], "succ_cost": NaN}' "malformed JSON"
bad dup '{"ring": "unidirectional", "ring": "bidirectional", "loads": [1], "targets": [1], "succ_cost": 1}' "ring: duplicate key"
expect 2 "cannot open file" -- "$R" bounds "$T/does-not-exist.json"
expect 2 "" -- "$R" frobnicate
# --version: the project version (CMakeLists.txt project(VERSION)), status 0, even without a subcommand.
expect 0 "^redist [0-9]+\.[0-9]+\.[0-9]+$" -- "$R" --version

# check: valid, invalid, and bad schedule input.
cat >"$T/i.json" <<'J'
{"ring": "unidirectional", "loads": [3, 1, 1], "targets": [1, 1, 3], "succ_cost": [1, 0.5, 1]}
J
cat >"$T/ok.json" <<'J'
{"transfers": [{"from": 0, "to": 1, "items": 2, "start": 0}, {"from": 1, "to": 2, "items": 2, "start": 0.5}]}
J
cat >"$T/late.json" <<'J'
{"transfers": [{"from": 0, "to": 1, "items": 2, "start": 0}, {"from": 1, "to": 2, "items": 2, "start": 0.25}]}
J
cat >"$T/range.json" <<'J'
{"transfers": [{"from": 0, "to": 7, "items": 2, "start": 0}]}
J
expect 0 "^valid: makespan 2 " -- "$R" check "$T/i.json" "$T/ok.json"
expect 0 '"makespan": 2' -- "$R" check "$T/i.json" "$T/ok.json" --json
expect 1 "holdings violation at t=0.75 on P1" -- "$R" check "$T/i.json" "$T/late.json"
expect 1 '"rule":"holdings"' -- "$R" check "$T/i.json" "$T/late.json" --json
expect 2 "transfers\[0\].to: processor 7 is out of range" -- "$R" check "$T/i.json" "$T/range.json"

# bounds and gen.
expect 0 "lemma5 +2" -- "$R" bounds "$T/i.json"
expect 0 '"lower_bound": 2' -- "$R" bounds "$T/i.json" --json
"$R" gen ring --n 6 --ring bi --costs het --seed 5 -o "$T/g.json" && "$R" gen ring --n 6 --ring bi --costs het --seed 5 >"$T/g2.json"
cmp -s "$T/g.json" "$T/g2.json" && pass=$((pass + 1)) || note "gen is not reproducible"
expect 0 "lemma12" -- "$R" bounds "$T/g.json"
# Nothing written on bad input: -o target must not appear.
expect 2 "" -- "$R" gen ring --n 0 -o "$T/never.json"
[ ! -e "$T/never.json" ] && pass=$((pass + 1)) || note "file written on bad input"

# plan: every framework, the schedule re-checked by `check`, the SVG written.
for kind in "uni hom" "uni het" "bi hom" "bi het"; do
  set -- $kind
  "$R" gen ring --n 12 --ring "$1" --costs "$2" --max-load 30 --seed 9 -o "$T/p.json"
  expect 0 "^status +(optimal|feasible)" -- "$R" plan "$T/p.json" -o "$T/p.schedule.json" --svg "$T/p.svg"
  expect 0 "^valid: makespan" -- "$R" check "$T/p.json" "$T/p.schedule.json"
  grep -q "<svg" "$T/p.svg" && pass=$((pass + 1)) || note "no SVG for $kind"
done
expect 0 '"status": "optimal"' -- "$R" plan "$SRC/examples/bidirectional_het.json" --json
expect 2 "succ_cost: missing required field" -- "$R" plan "$T/missing.json"

finish cli
