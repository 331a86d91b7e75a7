#!/usr/bin/env bash
# The documented limits (docs/limits.md) and hostile input, tried on the `redist` binary as a new
# user would: the largest accepted values give a checked answer (exit 0), anything beyond them and any
# malformed number gives exit 2 with one line naming the file (and the field and index where there is
# one), never a crash, a hang or a half-written output file.
set -u
# Only a real hang trips this; a slow run on a loaded machine (or under ASan) must not change the
# verdict, so the limit is far above any correct run (docs/fuzzing.md, "Deterministic CI").
EXPECT_LIMIT=1200
source "$(dirname "$0")/expect.sh"
file() { printf '%s' "$2" >"$T/$1.json"; }
# bad CMD NAME JSON PATTERN: exit 2, exactly one stderr line "redist: FILE: ...PATTERN", and the
# output file it was asked for (-o, or --svg for lau) not written.
bad() {
  local cmd=$1 name=$2 pattern=$4 err status out_flag=-o
  [ "$cmd" = lau ] && out_flag=--svg
  file "$name" "$3"
  err=$(timeout "$EXPECT_LIMIT" "$R" "$cmd" "$T/$name.json" "$out_flag" "$T/$name.out" 2>&1 >/dev/null)
  status=$?
  if [ "$status" != 2 ] || [ "$(wc -l <<<"$err")" != 1 ] || ! grep -qE -- "^redist: $T/$name.json: .*$pattern" <<<"$err"; then
    note "$cmd $name -> status $status, stderr: $(head -c 400 <<<"$err")"
  elif [ -e "$T/$name.out" ]; then
    note "$cmd $name wrote $T/$name.out on bad input"
  else
    pass=$((pass + 1))
  fi
}
# repeat TEXT COUNT: TEXT COUNT times, comma-separated (large arrays without a scripting language).
repeat() { yes "$1" | head -n "$2" | paste -sd, -; }

# ---- plan / check / bounds: ring instances
TERA=1000000000000
file tera "{\"ring\": \"bidirectional\", \"loads\": [$TERA, 1, 1, 1, 1], \"targets\": [1, 1, 1, 1, $TERA], \"succ_cost\": [1, 3, 2, 5, 4], \"pred_cost\": 2}"
expect 0 'makespan' -- "$R" plan "$T/tera.json" -o "$T/tera.schedule.json"
expect 0 '^valid' -- "$R" check "$T/tera.json" "$T/tera.schedule.json"
file costs "{\"ring\": \"unidirectional\", \"loads\": [$TERA, 0, 0, 7], \"targets\": [0, 3, $TERA, 4], \"succ_cost\": [0.000000001, 1e9, 1E-9, 1000000000]}"
expect 0 'status       optimal|status       feasible' -- "$R" plan "$T/costs.json" -o "$T/costs.schedule.json"
expect 0 '^valid' -- "$R" check "$T/costs.json" "$T/costs.schedule.json"
file equal '{"ring": "bidirectional", "loads": [4, 4, 4], "targets": [4, 4, 4], "succ_cost": [1, 2, 3], "pred_cost": 0.5}'
expect 0 'makespan     0' -- "$R" plan "$T/equal.json"
MAX62=4611686018427387903
file max62 "{\"ring\": \"unidirectional\", \"loads\": [$MAX62, 1], \"targets\": [1, $MAX62], \"succ_cost\": 1}"
expect 0 "makespan     $((MAX62 - 1))" -- "$R" plan "$T/max62.json"
n=1000
file one "{\"ring\": \"bidirectional\", \"loads\": [$((n * TERA)), $(repeat 0 $((n - 1)))], \"targets\": [$(repeat $TERA $n)], \"succ_cost\": 1, \"pred_cost\": 3}"
expect 0 'status' -- "$R" plan "$T/one.json" -o "$T/one.schedule.json"
expect 0 '^valid' -- "$R" check "$T/one.json" "$T/one.schedule.json"
n=1000000
file million "{\"ring\": \"unidirectional\", \"loads\": [$(repeat 2,0 $((n / 2)))], \"targets\": [$(repeat 1 $n)], \"succ_cost\": 1}"
expect 0 'n = 1000000' -- "$R" bounds "$T/million.json"
expect 0 'status       optimal' -- "$R" plan "$T/million.json" -o "$T/million.schedule.json"

bad plan over62 "{\"ring\": \"unidirectional\", \"loads\": [$MAX62, 2], \"targets\": [2, $MAX62], \"succ_cost\": 1}" 'loads\[1\]: running total exceeds 2\^62'
bad plan int64 '{"ring": "unidirectional", "loads": [9223372036854775808], "targets": [1], "succ_cost": 1}' 'loads\[0\]: integer does not fit 64 bits'
bad plan huge '{"ring": "unidirectional", "loads": [1e30], "targets": [1], "succ_cost": 1}' 'loads\[0\]: integer does not fit 64 bits'
bad plan ticks '{"ring": "unidirectional", "loads": [1, 0], "targets": [0, 1], "succ_cost": [1e-9, 1e10]}' 'succ_cost\[1\]: cost too large'
bad plan decimals '{"ring": "unidirectional", "loads": [1, 0], "targets": [0, 1], "succ_cost": 1e-19}' 'succ_cost: number 1e-19 cannot be represented exactly'
bad plan product "{\"ring\": \"unidirectional\", \"loads\": [$MAX62, 1], \"targets\": [1, $MAX62], \"succ_cost\": 1152921504606846976}" 'exceeds 2\^120'
B61=2305843009213693952
# System 6's rational optimum beyond 128 bits as one fraction was refused until issue 27 (item 10):
# it is kept as a whole number and a proper fraction, so the ring is planned and the plan checked.
file system6 "{\"ring\": \"bidirectional\", \"loads\": [$B61, 0, $B61], \"targets\": [0, $B61, $B61], \"succ_cost\": [8589934592, 1, 8589934592], \"pred_cost\": 8589934592}"
expect 0 'status       optimal' -- "$R" plan "$T/system6.json" -o "$T/system6.schedule.json"
expect 0 '^valid: makespan 19807040628566084398385987584 ' -- "$R" check "$T/system6.json" "$T/system6.schedule.json"
bad plan nan '{"ring": "unidirectional", "loads": [NaN], "targets": [1], "succ_cost": 1}' 'malformed JSON at byte'
bad plan infinity '{"ring": "unidirectional", "loads": [1], "targets": [1], "succ_cost": Infinity}' 'malformed JSON at byte'
bad plan overflow '{"ring": "unidirectional", "loads": [1], "targets": [1], "succ_cost": 1e400}' '1e400'
bad plan negzero_cost '{"ring": "unidirectional", "loads": [1], "targets": [1], "succ_cost": -0.0}' 'succ_cost: must be a positive'
bad plan fraction '{"ring": "unidirectional", "loads": [0.5, 0.5], "targets": [1, 0], "succ_cost": 1}' 'loads\[0\]: must be an integer'
bad plan duplicate '{"ring": "unidirectional", "loads": [1], "loads": [2], "targets": [1], "succ_cost": 1}' 'loads: duplicate key'
bad plan deep "$(printf '%*s' 100000 '' | tr ' ' '[')" 'nested deeper than 64|must be a JSON object, got array'
bad plan empty '' 'malformed JSON'
bad plan zero_n '{"ring": "unidirectional", "loads": [], "targets": [], "succ_cost": 1}' 'at least one processor'
# Negative zero is zero: a correct answer, not an error.
file negzero '{"ring": "unidirectional", "loads": [-0, 2], "targets": [1, 1.0], "succ_cost": 1}'
expect 0 'makespan     1' -- "$R" plan "$T/negzero.json"
# A large array (about 10 MB of numbers) with a mistake at the end: a clear error, quickly.
file big_array "{\"ring\": \"unidirectional\", \"loads\": [$(repeat 0 5000000)], \"targets\": [1], \"succ_cost\": 1}"
bad plan big_array "$(cat "$T/big_array.json")" 'targets: has 1 entries but loads has 5000000'

# check: hostile schedules are a verdict or a clear error
file two '{"ring": "unidirectional", "loads": [1, 0], "targets": [0, 1], "succ_cost": 1e9}'
file s_items '{"transfers": [{"from": 0, "to": 1, "items": 9223372036854775807, "start": 0}]}'
expect 1 '^invalid' -- "$R" check "$T/two.json" "$T/s_items.json"
file s_start '{"transfers": [{"from": 0, "to": 1, "items": 1, "start": 1e37}]}'
expect 0 '^valid: makespan 10000000000000000000000000001000000000' -- "$R" check "$T/two.json" "$T/s_start.json"
file s_overflow '{"transfers": [{"from": 0, "to": 1, "items": 100000, "start": 1.701411834604692317316873e38}]}'
expect 2 "^redist: $T/s_overflow.json: .*128" -- "$R" check "$T/two.json" "$T/s_overflow.json"
file s_range '{"transfers": [{"from": 0, "to": 2, "items": 1, "start": 0}]}'
expect 2 'transfers\[0\].to: processor 2 is out of range' -- "$R" check "$T/two.json" "$T/s_range.json"

# ---- lau
HALF61=1152921504606846976
file lau_max "{\"model\": \"allport\", \"loads\": [$HALF61, 0, 0, $HALF61]}"
expect 0 'T_single' -- "$R" lau "$T/lau_max.json"
file lau_tera "{\"model\": \"allport\", \"loads\": [$TERA, $(repeat 0 99)]}"
expect 0 'T_single' -- "$R" lau "$T/lau_tera.json" --mode multi
bad lau lau_over "{\"model\": \"allport\", \"loads\": [$HALF61, $HALF61, 1]}" 'loads\[2\]: running total exceeds 2\^61'
bad lau lau_nan '{"model": "allport", "loads": [NaN]}' 'malformed JSON'
bad lau lau_neg '{"model": "allport", "loads": [3, -1]}' 'loads\[1\]: must be >= 0'
bad lau lau_dup '{"model": "allport", "model": "allport", "loads": [1]}' 'model: duplicate key'

# ---- perm
HALF60=576460752303423488
file perm_max "{\"counts\": [[0, $HALF60], [$HALF60, 0]]}"
expect 0 'volume 0' -- "$R" perm "$T/perm_max.json"
file perm_one "{\"counts\": [[$(repeat $TERA 6)], $(repeat "[$(repeat 0 6)]" 5)]}"
expect 0 'volume 5000000000000' -- "$R" perm "$T/perm_one.json"
bad perm perm_over "{\"counts\": [[0, $HALF60], [$HALF60, 1]]}" 'counts\[1\]\[1\]: the counts add up to more than 2\^60'
bad perm perm_procs '{"processors": 8388609, "initial": [0], "partition": [0]}' 'processors: must be in \[1, '
bad perm perm_nan '{"counts": [[NaN]]}' 'malformed JSON'
bad perm perm_float '{"counts": [[1e30]]}' 'counts\[0\]\[0\]: integer does not fit 64 bits'
bad perm perm_fraction '{"counts": [[2.5]]}' 'counts\[0\]\[0\]: must be an integer'
bad perm perm_dup '{"counts": [[1]], "counts": [[1]]}' 'counts: duplicate key'
bad perm perm_deep "{\"counts\": $(printf '%*s' 100000 '' | tr ' ' '[')" 'counts\[0\]\[0\]'
bad perm perm_ragged '{"counts": [[1, 2], [3]]}' 'counts\[1\]: has 1 entries, expected 2'

# ---- gen: option ranges
expect 2 'n' -- "$R" gen ring --n 0
expect 2 'n' -- "$R" gen ring --n 100000001
expect 2 'max-load' -- "$R" gen ring --max-load 0
expect 2 'n \* max-load exceeds 2\^62' -- "$R" gen ring --n 10000000 --max-load 1099511627776
expect 2 'n' -- "$R" gen lau --n 0

finish limits
