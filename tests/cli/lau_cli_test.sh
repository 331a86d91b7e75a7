#!/usr/bin/env bash
# `redist lau`, `redist gen lau` and `redist experiment lau` run as a user would (docs/design.md sections
# 3-4): the document's Fig. 1 answer, JSON fields, exit statuses, one-line errors naming file, field
# and index, nothing written on bad input.
set -u
R="$REDIST"
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
fail=0
pass=0
expect() {  # expect STATUS PATTERN -- command...
  local want="$1" pattern="$2"
  shift 3
  local out status
  out=$("$@" 2>&1)
  status=$?
  if [ "$status" != "$want" ] || ! grep -qE -- "$pattern" <<<"$out"; then
    echo "FAIL: $* -> status $status (want $want), output: $out"
    fail=$((fail + 1))
  else
    pass=$((pass + 1))
  fi
}
bad() {  # bad NAME JSON PATTERN: exit 2, one line matching PATTERN, no SVG written
  printf '%s' "$2" >"$T/$1.json"
  expect 2 "$3" -- "$R" lau "$T/$1.json" --svg "$T/$1.svg"
  local lines
  lines=$("$R" lau "$T/$1.json" 2>&1 | wc -l)
  [ "$lines" = 1 ] || { echo "FAIL: $1: error is $lines lines"; fail=$((fail + 1)); }
  [ ! -e "$T/$1.svg" ] || { echo "FAIL: $1: wrote an SVG on bad input"; fail=$((fail + 1)); }
}

echo '{"model": "allport", "loads": [7, 0, 3, 1, 1, 0]}' >"$T/fig1.json"
expect 0 '7_0 --2--> 0_1 \.\.0\.\. 3_2 --1--> 1_3 \.\.0\.\. 1_4 <--1-- \[0_5\] <--3-- \(7_0\)' -- "$R" lau "$T/fig1.json"
expect 0 'traffic 7, T_single 2, T_multi 2' -- "$R" lau "$T/fig1.json"
expect 0 '"flows": \[2,0,1,0,-1,-3\]' -- "$R" lau "$T/fig1.json" --json
expect 0 '"shift": -3' -- "$R" lau "$T/fig1.json" --json
expect 0 '"T_single": 5' -- "$R" lau "$T/fig1.json" --algorithm linear --json
expect 0 '"traffic":' -- "$R" lau "$T/fig1.json" --algorithm traffic --mode multi --json
expect 0 '"window":' -- "$R" lau "$T/fig1.json" --algorithm window --json

# Lemma 6: the modes want different schedules.
echo '{"model": "allport", "loads": [10, 1, 3, 1, 2, 2, 0, 0, 0, 1]}' >"$T/l6.json"
expect 0 '"T_multi": 2' -- "$R" lau "$T/l6.json" --mode multi --json
expect 0 '"T_single": 3' -- "$R" lau "$T/l6.json" --mode single --json
# docs/errata.md item 5: the document's window search misses, ours does not.
echo '{"model": "allport", "loads": [0, 0, 0, 1, 4]}' >"$T/e5.json"
expect 0 '"T_single": 3' -- "$R" lau "$T/e5.json" --algorithm window --json
expect 0 '"T_single": 2' -- "$R" lau "$T/e5.json" --json
# Non-whole average and explicit targets; trivial rings.
echo '{"model": "allport", "loads": [5, 0, 0]}' >"$T/rem.json"
expect 0 '"targets": \[2,2,1\]' -- "$R" lau "$T/rem.json" --json
echo '{"model": "allport", "loads": [5, 0, 0], "targets": [0, 0, 5]}' >"$T/tgt.json"
expect 0 '"targets": \[0,0,5\]' -- "$R" lau "$T/tgt.json" --json
echo '{"model": "allport", "loads": [4]}' >"$T/one.json"
expect 0 '"T_multi": 0' -- "$R" lau "$T/one.json" --json
expect 0 '"T_single": 0' -- "$R" lau "$T/one.json" --json

# --svg draws the execution.
expect 0 'T_multi 3' -- "$R" lau "$T/fig1.json" --algorithm linear --mode multi --svg "$T/run.svg"
grep -q '</svg>' "$T/run.svg" && pass=$((pass + 1)) || { echo "FAIL: no SVG"; fail=$((fail + 1)); }

# Bad input.
bad malformed '{"model": "allport", "loads": [1,' "malformed JSON"
bad model '{"model": "ring", "loads": [1]}' 'model: must be "allport"'
bad missing '{"model": "allport"}' "loads: missing required field"
bad negative '{"model": "allport", "loads": [1, -2]}' "loads\[1\]: must be >= 0"
bad fraction '{"model": "allport", "loads": [1, 2.5]}' "loads\[1\]: must be an integer"
bad empty '{"model": "allport", "loads": []}' "loads: .*n = 0"
bad sums '{"model": "allport", "loads": [1, 2], "targets": [2, 2]}' "targets: sum to 4 but loads sum to 3"
bad tlen '{"model": "allport", "loads": [1, 2], "targets": [3]}' "targets: has 1 entries"
bad overflow '{"model": "allport", "loads": [2000000000000000000, 2000000000000000000]}' "loads\[1\]: running total exceeds"
bad unknown '{"model": "allport", "loads": [1], "speed": 2}' "speed: unknown field"
expect 2 "cannot open file" -- "$R" lau "$T/does-not-exist.json"
expect 2 "" -- "$R" lau "$T/fig1.json" --mode sometimes
expect 2 "" -- "$R" lau "$T/fig1.json" --algorithm fastest
printf '{"model": "allport", "loads": [%s0]}' "$(printf '1, %.0s' $(seq 1 200))" >"$T/wide.json"
expect 2 "svg.*n <= 128" -- "$R" lau "$T/wide.json" --svg "$T/wide.svg"
[ ! -e "$T/wide.svg" ] || { echo "FAIL: wrote an SVG for n > 128"; fail=$((fail + 1)); }
echo '{"model": "allport", "loads": [1099511627776, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]}' >"$T/huge.json"
expect 2 "window search would evaluate" -- "$R" lau "$T/huge.json" --algorithm window
expect 0 "T_single" -- "$R" lau "$T/huge.json"

# gen lau: reproducible, valid, bad options rejected.
"$R" gen lau --n 9 --max-load 50 --seed 4 -o "$T/g1.json"
"$R" gen lau --n 9 --max-load 50 --seed 4 -o "$T/g2.json"
cmp -s "$T/g1.json" "$T/g2.json" && pass=$((pass + 1)) || { echo "FAIL: gen lau not reproducible"; fail=$((fail + 1)); }
expect 0 "T_single" -- "$R" lau "$T/g1.json"
expect 0 '"model": "allport"' -- "$R" gen lau --n 3 --max-load 5 --seed 1
expect 2 "" -- "$R" gen lau --n 0
expect 2 "" -- "$R" gen lau --max-load -1

# experiment lau: a tiny run writes the tables, CSV and plots where asked.
expect 0 "Table 4" -- "$R" experiment lau --quick --instances 20 --out "$T/exp"
for f in tables.txt table1_single.csv table2_multi.csv table3_modes.csv table4_runtime.csv lau_optimal_rates.svg \
         lau_table3_modes.svg generator_fit.csv; do
  [ -s "$T/exp/$f" ] && pass=$((pass + 1)) || { echo "FAIL: experiment did not write $f"; fail=$((fail + 1)); }
done

echo "lau cli: $pass passed, $fail failed"
[ "$fail" = 0 ]
