# Shared by the CLI test scripts (sourced, not run): a scratch directory $T removed on exit, the
# binary as $R, pass/fail counters, and expect(). A script ends with `finish NAME`.
#
#   expect STATUS PATTERN -- command...   the command exits with STATUS and its output (stdout and
#                                         stderr) matches the extended regex PATTERN
#   EXPECT_LIMIT=SECONDS                  run each command under `timeout`: only for scripts that
#                                         must catch a hang; far above any correct run, so a loaded
#                                         machine cannot change the verdict (docs/fuzzing.md)
R="$REDIST"
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
fail=0
pass=0
note() { echo "FAIL: $*"; fail=$((fail + 1)); }
expect() {
  local want="$1" pattern="$2"
  shift 3
  local out status
  if [ -n "${EXPECT_LIMIT:-}" ]; then
    out=$(timeout "$EXPECT_LIMIT" "$@" 2>&1)
  else
    out=$("$@" 2>&1)
  fi
  status=$?
  if [ "$status" != "$want" ] || ! grep -qE -- "$pattern" <<<"$out"; then
    note "$* -> status $status (want $want), output: $(head -c 400 <<<"$out")"
  else
    pass=$((pass + 1))
  fi
}
finish() {  # finish NAME: the summary line, and the script's exit status
  echo "$1: $pass passed, $fail failed"
  [ "$fail" = 0 ]
}
