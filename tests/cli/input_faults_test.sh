#!/usr/bin/env bash
# The command-line cases of issue 27 (items 8 to 12), as a user or a hostile tester types them; each
# failed before its fix. docs/limits.md "Hostile input and hostile paths" lists them.
#   8  standard input that is also an output;      9  a schedule's claimed makespan;
#   10 what gen writes, plan takes;                 11 experiment outputs, all or none;
#   12 long numbers, long names, perm's estimate, unknown fields, trailing zeros.
set -u
source "$(dirname "$0")/expect.sh"
skipped=0
# refused NAME PATTERN -- command...: exit 2, exactly one stderr line matching PATTERN, and nothing
# printed on standard output.
refused() {
  local name=$1 pattern=$2 err status
  shift 3
  err=$("$@" 2>&1 >"$T/stdout.txt")
  status=$?
  if [ "$status" != 2 ] || [ "$(wc -l <<<"$err")" != 1 ] || ! grep -qE -- "$pattern" <<<"$err"; then
    note "$name: $* -> status $status, stderr: $(head -c 300 <<<"$err")"
  elif [ -s "$T/stdout.txt" ]; then
    note "$name: printed $(head -c 200 "$T/stdout.txt")"
  else
    pass=$((pass + 1))
  fi
}
same() {  # same NAME FILE COPY: FILE is byte for byte COPY
  if cmp -s "$2" "$3"; then pass=$((pass + 1)); else note "$1: $2 changed"; fi
}

"$R" gen ring --n 6 --ring bi --costs het --seed 3 -o "$T/ring.json"
cp "$T/ring.json" "$T/ring.copy"

# ---- 8. standard input that is the output's file, as a named input would be
refused StdinIsTheOutput 'ring.json: -o: is also an input of this command \(standard input\)' -- \
  "$R" plan - -o "$T/ring.json" <"$T/ring.json"
same StdinIsTheOutput "$T/ring.json" "$T/ring.copy"
"$R" gen perm --dist random -P 3 -D 2 -o "$T/perm.json"
cp "$T/perm.json" "$T/perm.copy"
refused PermStdinIsTheOutput 'perm.json: -o: is also an input of this command \(standard input\)' -- \
  "$R" perm - -o "$T/perm.json" <"$T/perm.json"
same PermStdinIsTheOutput "$T/perm.json" "$T/perm.copy"
"$R" gen lau --n 4 -o "$T/lau.json"
refused LauStdinIsTheSvg 'lau.json: --svg: is also an input' -- "$R" lau - --svg "$T/lau.json" <"$T/lau.json"
# A pipe is no file: its text is read whole before anything is written.
expect 0 'written to' -- bash -c "cat '$T/ring.copy' | '$R' plan - -o '$T/piped.json'"

# ---- 9. the claimed makespan never sets the time scale nor refuses the schedule
echo '{"ring": "unidirectional", "loads": [2, 0], "targets": [0, 2], "succ_cost": 10}' >"$T/ten.json"
echo '{"makespan": 19.999999999999999999, "transfers": [{"from": 0, "to": 1, "items": 2, "start": 0}]}' >"$T/claim.json"
expect 0 '^valid: makespan 20 \(1 transfers\)' -- "$R" check "$T/ten.json" "$T/claim.json"
echo '{"lower_bound": 1e-19, "makespan": -4, "transfers": [{"from": 0, "to": 1, "items": 2, "start": 0}]}' >"$T/claims.json"
expect 0 '^valid: makespan 20 ' -- "$R" check "$T/ten.json" "$T/claims.json"

# ---- 10. every instance gen writes, plan plans and check confirms (the bidirectional rings with 6
# cost decimals and loads of 10^9 were refused: "System 6's rational optimum does not fit")
for n in 4 5 9; do
  for load in 1000000000 1099511627776; do
    for decimals in 0 6; do
      "$R" gen ring --n $n --ring bi --costs het --cost-decimals $decimals --max-cost 1000000000 \
        --max-load $load --seed $n -o "$T/wide.json"
      expect 0 'status' -- "$R" plan "$T/wide.json" -o "$T/wide.schedule.json"
      expect 0 '^valid' -- "$R" check "$T/wide.json" "$T/wide.schedule.json"
    done
  done
done

# ---- 11. experiment --out: a file that cannot be replaced is refused before the experiment runs
# (no progress line), and a write that fails leaves nothing, the folder it made included
mkdir "$T/results"
echo kept >"$T/results/figure1.csv"
chmod 444 "$T/results/figure1.csv"
refused ReadOnlyOutputAtOnce '^redist: .*results/figure1.csv: --out: file is read-only' -- \
  "$R" experiment perm --out "$T/results"
[ "$(cat "$T/results/figure1.csv")" = kept ] && [ "$(ls -A "$T/results" | wc -l)" = 1 ] &&
  pass=$((pass + 1)) || note "ReadOnlyOutputAtOnce: the folder changed: $(ls -A "$T/results")"
# A file-size limit (ulimit -f, in 1 KiB blocks) stands for a full disk: the SVGs pass 4 KiB.
err=$( (ulimit -f 4 && "$R" experiment perm --quick --out "$T/made/for/it") 2>&1 >/dev/null)
status=$?
if [ "$status" = 2 ] && grep -q 'write failed: File too large' <<<"$err" && [ ! -e "$T/made" ]; then
  pass=$((pass + 1))
else
  note "FileSizeLimit: status $status, left: $(find "$T/made" 2>/dev/null | head -5), stderr: $(tail -c 300 <<<"$err")"
fi
# A full tmpfs, where one can be mounted (root, in a private mount namespace).
if [ "$(id -u)" = 0 ] && command -v unshare >/dev/null &&
  unshare -m true 2>/dev/null; then
  mkdir "$T/tiny"
  out=$(unshare -m bash -c "mount -t tmpfs -o size=64k tmpfs '$T/tiny' &&
    '$R' experiment lau --quick --instances 20 --out '$T/tiny/sub/dir' >/dev/null 2>'$T/tiny.err';
    echo status=\$?; find '$T/tiny' -mindepth 1 | head -5")
  if grep -q '^status=2$' <<<"$out" && [ "$(grep -vc '^status=' <<<"$out")" = 0 ] &&
    grep -q 'No space left on device' "$T/tiny.err"; then
    pass=$((pass + 1))
  else
    note "FullTmpfs: $out $(tail -c 300 "$T/tiny.err")"
  fi
else
  echo "SKIP: FullTmpfs (needs root and unshare -m)"
  skipped=$((skipped + 1))
fi

# ---- 12. small ones
# A number of 10^6 digits is quoted shortened, with its length.
{
  printf '{"ring": "unidirectional", "loads": [1, 0], "targets": [0, 1], "succ_cost": 1.'
  head -c 1000000 /dev/zero | tr '\0' '7'
  printf '}'
} >"$T/long_number.json"
refused LongNumberShortened 'succ_cost: number 1\.7{30}\.\.\.\(1000002 bytes\) cannot be represented exactly \(at most 18 decimals and 38 significant digits' -- \
  "$R" plan "$T/long_number.json"
length=$("$R" plan "$T/long_number.json" 2>&1 | wc -c)
[ "$length" -lt 300 ] && pass=$((pass + 1)) || note "LongNumberShortened: $length bytes of stderr"
# Output names of 241 to 255 bytes (the temporary's copy of the name is shortened).
for length in 241 250 255; do
  name=$(printf 'n%.0s' $(seq $((length - 5)))).json
  expect 0 'written to' -- "$R" plan "$T/ring.json" -o "$T/$name"
  [ -s "$T/$name" ] && pass=$((pass + 1)) || note "LongName $length: nothing written"
done
# perm estimates before planning: 2^23 processors claimed by a tiny file.
echo '{"processors": 8388608, "initial": [0], "partition": [0]}' >"$T/claims_processors.json"
refused PermEstimatesFirst '^redist: .*claims_processors.json: planning this permutation \(P = 8388608, non-zero counts: 1\) needs about [0-9.]+ GiB of memory but only 953.7 MiB is available' -- \
  env REDIST_AVAILABLE_MEMORY=1000000000 "$R" perm "$T/claims_processors.json"
# Fields a schedule does not define: a warning naming the closest known one, --strict refuses.
echo '{"ring": "unidirectional", "loads": [3, 0], "targets": [0, 3], "succ_cost": 1}' >"$T/one.json"
echo '{"makespn": 7, "transfers": [{"from": 0, "to": 1, "items": 3, "start": 0, "Spacing": 2}]}' >"$T/misspelt.json"
out=$("$R" check "$T/one.json" "$T/misspelt.json" 2>"$T/warnings.txt")
status=$?
if [ "$status" = 0 ] && grep -q '^valid: makespan 3 ' <<<"$out" &&
  grep -qx "redist: warning: $T/misspelt.json: transfers\[0\].Spacing: unknown field, ignored (did you mean \"spacing\"?)" "$T/warnings.txt" &&
  grep -qx "redist: warning: $T/misspelt.json: makespn: unknown field, ignored (did you mean \"makespan\"?)" "$T/warnings.txt" &&
  [ "$(wc -l <"$T/warnings.txt")" = 2 ]; then
  pass=$((pass + 1))
else
  note "UnknownFieldWarned: status $status, $out, warnings: $(cat "$T/warnings.txt")"
fi
refused UnknownFieldStrict 'misspelt.json: makespn: unknown field \(did you mean "makespan"\?\); a strict read refuses' -- \
  "$R" check --strict "$T/one.json" "$T/misspelt.json"
"$R" plan "$T/ring.json" -o "$T/planned.json" >/dev/null
expect 0 '^valid' -- "$R" check --strict "$T/ring.json" "$T/planned.json"
if "$R" exact --help >/dev/null 2>&1; then
  "$R" exact "$T/one.json" -o "$T/exact.json" >/dev/null
  expect 0 '^valid' -- "$R" check --strict "$T/one.json" "$T/exact.json"
fi
echo '{"ring": "unidirectional", "loads": [1], "targets": [1], "succ_cost": 1, "succ_costs": 1}' >"$T/instance_typo.json"
refused UnknownInstanceField 'succ_costs: unknown field \(did you mean "succ_cost"\?\)' -- "$R" plan "$T/instance_typo.json"
# Trailing zeros: 1.0000000000000000000000000000000000000000 is 1, as a cost and as a start.
ONE=1.0000000000000000000000000000000000000000
echo "{\"ring\": \"unidirectional\", \"loads\": [1, 0], \"targets\": [0, 1], \"succ_cost\": $ONE}" >"$T/one_cost.json"
echo "{\"transfers\": [{\"from\": 0, \"to\": 1, \"items\": 1, \"start\": $ONE}]}" >"$T/one_start.json"
expect 0 'makespan     1$' -- "$R" plan "$T/one_cost.json"
expect 0 '^valid: makespan 2 ' -- "$R" check "$T/one_cost.json" "$T/one_start.json"

echo "input faults: $pass passed, $fail failed, $skipped skipped"
[ "$fail" = 0 ]
