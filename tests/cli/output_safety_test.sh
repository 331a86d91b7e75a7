#!/usr/bin/env bash
# Output safety, the input guard and hostile options (docs/limits.md "Output files", "Input files"),
# tried on the `redist` binary as a user or a careless script would. Every device node, pipe and link
# is made in a scratch folder: the system's own /dev entries are never used as outputs. Checks that
# need root (mknod) are skipped, with a message, when not run as root.
set -u
R=$(cd "$(dirname "$REDIST")" && pwd)/$(basename "$REDIST")
HANG_LIMIT=1200  # only a real hang trips it: load never changes the verdict
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
fail=0
pass=0
skipped=0
ok() { pass=$((pass + 1)); }
bad() { echo "FAIL: $*"; fail=$((fail + 1)); }
# run NAME STATUS PATTERN -- command...: the exit status, and PATTERN in stdout+stderr.
run() {
  local name=$1 want=$2 pattern=$3
  shift 4
  out=$(timeout "$HANG_LIMIT" "$@" 2>&1)
  status=$?
  if [ "$status" != "$want" ] || ! grep -qE -- "$pattern" <<<"$out"; then
    bad "$name: $* -> status $status (want $want), output: $(head -c 300 <<<"$out")"
    return 1
  fi
  ok
}
# refused NAME PATTERN -- command...: exit 2 with exactly one stderr line "redist: ...PATTERN" and
# nothing on standard output.
refused() {
  local name=$1 pattern=$2 err status
  shift 3
  err=$(timeout "$HANG_LIMIT" "$@" 2>&1 >"$T/stdout.txt")
  status=$?
  if [ "$status" != 2 ] || [ "$(wc -l <<<"$err")" != 1 ] || ! grep -qE -- "^redist: .*$pattern" <<<"$err"; then
    bad "$name: $* -> status $status, stderr: $(head -c 300 <<<"$err")"
  elif [ -s "$T/stdout.txt" ]; then
    bad "$name: printed on standard output: $(head -c 200 "$T/stdout.txt")"
  else
    ok
  fi
}
no_temporaries() {  # no_temporaries NAME FOLDER
  if ls -A "$2" | grep -q 'redist-'; then bad "$1: temporary left in $2: $(ls -A "$2" | grep redist-)"; else ok; fi
}
same_text() {  # same_text NAME FILE EXPECTED_FILE
  if cmp -s "$2" "$3"; then ok; else bad "$1: $2 differs from $3"; fi
}
is_root() { [ "$(id -u)" = 0 ]; }
skip() { echo "SKIP: $* (needs root for mknod)"; skipped=$((skipped + 1)); }

cat >"$T/a.json" <<'EOF'
{"ring": "unidirectional", "loads": [6, 0, 3, 3], "targets": [3, 3, 3, 3], "succ_cost": [1, 2, 1, 1]}
EOF
cp "$T/a.json" "$T/a.orig"
"$R" plan "$T/a.json" -o "$T/expected.json" >/dev/null || bad "reference plan failed"

# ---- OutputSafety: what is at the path is kept
if is_root; then
  mknod "$T/null" c 1 3
  run OutputSafety.DeviceNodeIsNotReplaced 0 'written to' -- "$R" plan "$T/a.json" -o "$T/null"
  [ -c "$T/null" ] && ok || bad "OutputSafety.DeviceNodeIsNotReplaced: $T/null is no longer a character device"
  mknod "$T/full" c 1 7
  refused OutputSafety.FullDeviceIsAnError "$T/full: -o: write failed: No space left on device" -- "$R" plan "$T/a.json" -o "$T/full"
  [ -c "$T/full" ] && ok || bad "OutputSafety.FullDeviceIsAnError: $T/full replaced"
  refused OutputSafety.FullDeviceFailsGenerators "$T/full: -o: write failed" -- "$R" gen ring --n 5 -o "$T/full"
  mknod "$T/block" b 7 0
  refused OutputSafety.BlockDeviceIsRefused "$T/block: -o: is a block device" -- "$R" plan "$T/a.json" -o "$T/block"
  [ -b "$T/block" ] && ok || bad "OutputSafety.BlockDeviceIsRefused: $T/block replaced"
else
  skip "OutputSafety.DeviceNodeIsNotReplaced, FullDeviceIsAnError, BlockDeviceIsRefused"
fi

mkfifo "$T/fifo"
cat "$T/fifo" >"$T/from_fifo.json" &
reader=$!
run OutputSafety.FifoIsWrittenThrough 0 'written to' -- "$R" plan "$T/a.json" -o "$T/fifo"
wait "$reader"
[ -p "$T/fifo" ] && ok || bad "OutputSafety.FifoIsWrittenThrough: the pipe was replaced"
same_text OutputSafety.FifoIsWrittenThrough "$T/from_fifo.json" "$T/expected.json"

echo old >"$T/real.json"
ln -s real.json "$T/link.json"
run OutputSafety.SymlinkIsKept 0 'written to' -- "$R" plan "$T/a.json" -o "$T/link.json"
[ -L "$T/link.json" ] && ok || bad "OutputSafety.SymlinkIsKept: the link was replaced"
same_text OutputSafety.SymlinkIsKept "$T/real.json" "$T/expected.json"
ln -s missing.json "$T/dangling.json"
refused OutputSafety.DanglingSymlinkIsRefused 'symbolic link to a missing file' -- "$R" plan "$T/a.json" -o "$T/dangling.json"
[ -L "$T/dangling.json" ] && [ ! -e "$T/missing.json" ] && ok || bad "OutputSafety.DanglingSymlinkIsRefused: touched"

echo old >"$T/h1.json"
ln "$T/h1.json" "$T/h2.json"
run OutputSafety.HardLinkIsKept 0 'written to' -- "$R" plan "$T/a.json" -o "$T/h1.json"
same_text OutputSafety.HardLinkIsKept "$T/h2.json" "$T/expected.json"
[ "$(stat -c %i "$T/h1.json")" = "$(stat -c %i "$T/h2.json")" ] && ok || bad "OutputSafety.HardLinkIsKept: link broken"

echo old >"$T/private.json"
chmod 600 "$T/private.json"
run OutputSafety.ModeIsPreserved 0 'written to' -- "$R" plan "$T/a.json" -o "$T/private.json"
[ "$(stat -c %a "$T/private.json")" = 600 ] && ok || bad "OutputSafety.ModeIsPreserved: mode $(stat -c %a "$T/private.json")"
same_text OutputSafety.ModeIsPreserved "$T/private.json" "$T/expected.json"

echo old >"$T/readonly.json"
chmod 444 "$T/readonly.json"
refused OutputSafety.ReadOnlyFileIsRefused 'readonly.json: -o: file is read-only' -- "$R" plan "$T/a.json" -o "$T/readonly.json"
[ "$(cat "$T/readonly.json")" = old ] && ok || bad "OutputSafety.ReadOnlyFileIsRefused: overwritten"

mkdir "$T/folder"
refused OutputSafety.DirectoryIsRefused 'folder: -o: is a directory' -- "$R" plan "$T/a.json" -o "$T/folder"
refused OutputSafety.EmptyPathIsAnError "empty path" -- "$R" plan "$T/a.json" -o ''
refused OutputSafety.EmptyPathIsAnErrorForGenerators "empty path" -- "$R" gen ring --n 4 -o ''

# ---- OutputSafety: an output is never an input or another output
refused OutputSafety.OutputEqualToInputIsRefused 'is also an input' -- "$R" plan "$T/a.json" -o "$T/a.json"
(cd "$T" && refused OutputSafety.OutputEqualToInputSpelledDifferently 'is also an input' -- "$R" plan a.json -o ./folder/../a.json)
ln -s a.json "$T/a_link.json"
refused OutputSafety.OutputLinkedToInputIsRefused 'is also an input' -- "$R" plan "$T/a.json" -o "$T/a_link.json"
ln "$T/a.json" "$T/a_hard.json"
refused OutputSafety.OutputHardLinkedToInputIsRefused 'is also an input' -- "$R" plan "$T/a.json" -o "$T/a_hard.json"
same_text OutputSafety.OutputEqualToInputIsRefused "$T/a.json" "$T/a.orig"
refused OutputSafety.SameOutputTwiceIsRefused 'is also the output of -o' -- "$R" plan "$T/a.json" -o "$T/g.svg" --svg "$T/g.svg"
refused OutputSafety.SameNewOutputSpelledDifferently 'is also the output of -o' -- "$R" plan "$T/a.json" -o "$T/g2" --svg "$T/folder/../g2"
[ ! -e "$T/g.svg" ] && [ ! -e "$T/g2" ] && ok || bad "OutputSafety.SameOutputTwiceIsRefused: wrote something"
cat >"$T/lau.json" <<'EOF'
{"model": "allport", "loads": [4, 0, 2, 2]}
EOF
refused OutputSafety.LauSvgOverInputIsRefused 'is also an input' -- "$R" lau "$T/lau.json" --svg "$T/lau.json"

# ---- OutputSafety: all or nothing
refused OutputSafety.NothingWrittenWhenAnyOutputFails 'nonexistent/x.svg: --svg: folder .*/nonexistent does not exist' -- \
  "$R" plan "$T/a.json" -o "$T/g.json" --svg "$T/nonexistent/x.svg"
[ ! -e "$T/g.json" ] && ok || bad "OutputSafety.NothingWrittenWhenAnyOutputFails: g.json written"
echo keep >"$T/g.json.tmp-redist"
run OutputSafety.ForeignTemporaryNameIsLeftAlone 0 'written to' -- "$R" plan "$T/a.json" -o "$T/g.json"
[ "$(cat "$T/g.json.tmp-redist")" = keep ] && ok || bad "OutputSafety.ForeignTemporaryNameIsLeftAlone: deleted or changed"
no_temporaries OutputSafety.NoTemporaryLeftAfterSuccess "$T"
echo data >"$T/notafolder"
refused OutputSafety.ExperimentOutIsAFile 'notafolder: --out: exists and is not a folder' -- "$R" experiment perm --quick --out "$T/notafolder"

# A signal while the outputs are being committed: the temporary of g.json exists while redist waits
# to open the pipe (pipes are written after the temporaries), so the signal lands mid-commit.
for sig in TERM HUP; do
  rm -f "$T/sig.json"
  mkfifo "$T/sig.fifo"
  "$R" plan "$T/a.json" -o "$T/sig.json" --svg "$T/sig.fifo" >/dev/null 2>&1 &
  pid=$!
  for _ in $(seq 1 12000); do ls -A "$T" | grep -q '^\.sig\.json\.redist-' && break; sleep 0.05; done
  ls -A "$T" | grep -q '^\.sig\.json\.redist-' && ok || bad "OutputSafety.SignalRemovesTemporaries($sig): no temporary seen"
  kill -"$sig" "$pid"
  wait "$pid"
  status=$?
  [ "$status" -gt 128 ] && ok || bad "OutputSafety.SignalRemovesTemporaries($sig): exit status $status"
  no_temporaries "OutputSafety.SignalRemovesTemporaries($sig)" "$T"
  [ ! -e "$T/sig.json" ] && ok || bad "OutputSafety.SignalRemovesTemporaries($sig): sig.json written"
  rm -f "$T/sig.fifo"
done

# Concurrent runs writing the same -o: each rename is atomic, so the file holds one whole output.
for k in 1 2 3 4; do
  "$R" gen ring --n $((200 * k)) --seed $k -o "$T/inst$k.json"
  "$R" plan "$T/inst$k.json" -o "$T/want$k.json" >/dev/null
done
for round in 1 2 3; do
  for k in 1 2 3 4; do "$R" plan "$T/inst$k.json" -o "$T/shared.json" >/dev/null & done
  wait
  matched=0
  for k in 1 2 3 4; do cmp -s "$T/shared.json" "$T/want$k.json" && matched=1; done
  [ $matched = 1 ] && ok || bad "OutputSafety.ConcurrentWritersLeaveOneWholeFile: round $round holds a mix"
done
no_temporaries OutputSafety.ConcurrentWritersLeaveOneWholeFile "$T"

# ---- InputGuard: what cannot be an instance is refused before it is read
refused InputGuard.DirectoryIsRefused "folder: is a directory" -- "$R" bounds "$T/folder"
if is_root; then
  mknod "$T/zero" c 1 5
  refused InputGuard.DeviceIsRefused "zero: is a device" -- "$R" bounds "$T/zero"
  refused InputGuard.DeviceIsRefusedByPerm "zero: is a device" -- "$R" perm "$T/zero"
else
  skip "InputGuard.DeviceIsRefused"
fi
truncate -s 5G "$T/huge.json"
refused InputGuard.OversizeFileIsRefused "huge.json: file is 5368709120 bytes, over the 4 GiB limit" -- "$R" bounds "$T/huge.json"
rm -f "$T/huge.json"
out=$(head -c 50000000 /dev/zero | timeout "$HANG_LIMIT" "$R" bounds - 2>&1)
status=$?
[ "$status" = 2 ] && grep -q "not a JSON document" <<<"$out" && ok || bad "InputGuard.ZeroStreamFailsAtOnce: status $status: $out"
run InputGuard.PipeIsRead 0 'lower bound' -- bash -c "cat '$T/a.json' | '$R' bounds -"

# ---- OptionRanges: no value wraps, nothing hangs
refused OptionRanges.NegativeProcessorsRefused "--processors: must be a whole number" -- "$R" gen perm --dist random -D 1 -P -1
refused OptionRanges.HugeProcessorsRefused "--processors: must be in \[1, 8388608\]" -- "$R" gen perm --dist random -D 1 -P 300000000000000000
refused OptionRanges.ProcessorsOf2To64Refused "must be in" -- "$R" gen perm -P 18446744073709551616
refused OptionRanges.NegativeItemsPerPartRefused "must be a whole number" -- "$R" gen perm -D -1
refused OptionRanges.HugeItemsRefused "must be in" -- "$R" gen perm --dist block1d -P 4 -N 9223372036854775807
refused OptionRanges.ProductTooLargeRefused "--items-per-part: must be >= 0 with P \* D <= 10\^9" -- "$R" gen perm -P 100000 -D 100000 --form items
refused OptionRanges.NanAlphaRefused "--alpha.*must be a number" -- "$R" gen perm --dist skewed --alpha nan
refused OptionRanges.HugeGridRefused "--grid: must be PxQ" -- "$R" gen perm --dist block-cyclic --grid 4294967296x4294967296
refused OptionRanges.NegativeGridRefused "--grid: must look like PxQ" -- "$R" gen perm --dist block-cyclic --grid -1x4
refused OptionRanges.NegativeTilesRefused "--tiles" -- "$R" gen perm --dist block-cyclic --tiles -1
refused OptionRanges.NegativeChunkRefused "--chunk" -- "$R" gen perm --dist chunk-set --chunk -1
refused OptionRanges.NegativeRingSizeRefused "--n" -- "$R" gen ring --n -1
refused OptionRanges.NegativeLauSizeRefused "--n" -- "$R" gen lau --n -5
refused OptionRanges.NegativeMaxLoadRefused "--max-load" -- "$R" gen ring --max-load -1
refused OptionRanges.NegativeDrawsRefused "--draws" -- "$R" experiment perm --draws -1
refused OptionRanges.NegativeInstancesRefused "--instances" -- "$R" experiment lau --instances -1
if "$R" experiment simgrid --help >/dev/null 2>&1; then  # built with SimGrid
  refused OptionRanges.HugeRingSizeRefused "--ring-sizes: each must be a whole number in \[3, 69\]" -- "$R" experiment simgrid --ring-sizes 1e30 --out "$T/sg"
  refused OptionRanges.NanMarginRefused "--margin.*must be a number" -- "$R" experiment simgrid --margin nan --out "$T/sg"
  refused OptionRanges.NegativeJobsRefused "--jobs" -- "$R" experiment simgrid --jobs -1 --out "$T/sg"
  [ ! -e "$T/sg" ] && ok || bad "OptionRanges: experiment simgrid created its --out folder on bad options"
fi
for cmd in "gen ring" "gen lau" "gen perm" "experiment perm" "experiment lau"; do
  # shellcheck disable=SC2086
  refused "OptionRanges.NegativeSeedRefused($cmd)" "--seed.*must be a whole number" -- "$R" $cmd --seed -1
  # shellcheck disable=SC2086
  refused "OptionRanges.SeedOf2To64Refused($cmd)" "--seed.*must be in" -- "$R" $cmd --seed 18446744073709551616
done
"$R" gen ring --n 6 --seed 18446744073709551615 -o "$T/s_max.json" || bad "OptionRanges.LargestSeedAccepted"
"$R" gen ring --n 6 --seed 0 -o "$T/s_zero.json" || bad "OptionRanges.SeedZeroAccepted"
! cmp -s "$T/s_max.json" "$T/s_zero.json" && ok || bad "OptionRanges.SeedsDoNotAlias: 2^64-1 and 0 give the same ring"

# ---- Messages: usage errors are one line
refused Messages.UnknownCommandSuggests "unknown subcommand 'pln' \(did you mean 'plan'\?\)" -- "$R" pln "$T/a.json"
refused Messages.UnknownGenCommandSuggests "unknown subcommand 'gen rng' \(did you mean 'ring'\?\)" -- "$R" gen rng
refused Messages.UnknownCommandListsCommands "unknown subcommand 'xyzzy' \(commands: " -- "$R" xyzzy
refused Messages.MissingArgumentIsOneLine "instance is required" -- "$R" plan
refused Messages.UnknownOptionIsOneLine "--frobnicate" -- "$R" plan "$T/a.json" --frobnicate
refused Messages.NoCommandIsOneLine "subcommand" -- "$R"

# ---- Verdicts: a 0-item transfer is bad input, never a free pass (docs/limits.md "Ring schedules")
cat >"$T/uni3.json" <<'EOF'
{"ring": "unidirectional", "loads": [1, 1, 1], "targets": [1, 1, 1], "succ_cost": 1}
EOF
echo '{"transfers": [{"from": 0, "to": 2, "items": 0, "start": 0}]}' >"$T/skip.json"
refused Verdicts.ZeroItemNonNeighbourIsBadInput "skip.json: transfers\[0\]\.items: must be in 1 \.\. 2\^63-1, got 0" -- "$R" check "$T/uni3.json" "$T/skip.json"
echo '{"transfers": [{"from": 1, "to": 0, "items": 0, "start": 0, "link": "pred"}]}' >"$T/pred.json"
refused Verdicts.ZeroItemPredLinkIsBadInput "transfers\[0\]\.items: must be in 1" -- "$R" check "$T/uni3.json" "$T/pred.json"
echo '{"transfers": [{"from": 0, "to": 1, "items": 0, "start": 170141183460469231731687303715884105728}]}' >"$T/late.json"
refused Verdicts.ZeroItemHugeStartIsBadInput "transfers\[0\]" -- "$R" check "$T/uni3.json" "$T/late.json"
echo '{"transfers": [{"from": 0, "to": 2, "items": 1, "start": 0}]}' >"$T/jump.json"
run Verdicts.NonNeighbourIsInvalid 1 '^invalid: neighbour' -- "$R" check "$T/uni3.json" "$T/jump.json"
echo '{"transfers": [{"from": 0, "to": 1, "items": -1, "start": 0}]}' >"$T/negative.json"
refused Verdicts.NegativeItemsMessageMatchesDocs "items: must be in 1 \.\. 2\^63-1, got -1" -- "$R" check "$T/uni3.json" "$T/negative.json"

# ---- Messages: the right file, the right field
cat >"$T/costly.json" <<'EOF'
{"ring": "unidirectional", "loads": [1, 0], "targets": [0, 1], "succ_cost": [9000000000000000000, 1]}
EOF
echo '{"transfers": [{"from": 0, "to": 1, "items": 1, "start": 0.5}]}' >"$T/fine.json"
refused Messages.CostTooLargeBlamesTheInstance "costly.json: succ_cost\[0\]: cost does not fit 64-bit ticks at time scale 10\^-1 \(the time scale of .*fine.json\)" -- \
  "$R" check "$T/costly.json" "$T/fine.json"
# The makespan a schedule states is never read by check (issue 27): one that would overflow at the
# instance's finer time scale no longer refuses the file.
echo '{"ring": "unidirectional", "loads": [2, 0], "targets": [0, 2], "succ_cost": 0.5}' >"$T/tenths.json"
echo '{"makespan": "170141183460469231731687303715884105727", "transfers": [{"from": 0, "to": 1, "items": 2, "start": 0}]}' >"$T/huge_makespan.json"
run Messages.MakespanClaimIsNeverRead 0 '^valid: makespan 1 ' -- "$R" check "$T/tenths.json" "$T/huge_makespan.json"
printf '%s' '{"transfers": [{"from": 0, "fr\u006fm": 0, "to": 1, "items": 1, "start": 0}]}' >"$T/dupkey.json"
refused Messages.EscapedDuplicateKeyKeepsItsIndex "dupkey.json: transfers\[0\]\.from: duplicate key" -- "$R" check "$T/uni3.json" "$T/dupkey.json"
echo '{"counts": [[2.0, 0], [1e0, 2e0]]}' >"$T/floats.json"
run Messages.PermAcceptsWholeNumberFloats 0 'N = 5 items' -- "$R" perm "$T/floats.json"

echo "output safety: $pass passed, $fail failed, $skipped skipped"
[ "$fail" = 0 ]
