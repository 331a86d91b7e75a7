#!/usr/bin/env bash
# The C interface's planning half gives what the `redist` command gives (ctest capi.plan): for
# every instance of instances.sh, the schedule document byte for byte (`plan -o`), the bounds
# (`bounds --json`), the check of that schedule (`check --json`), and for a refused file the same
# one line on stderr. Environment: REDIST (the CLI), SRC (the sources), TEST (capi_plan_test).
set -euo pipefail
source "$(dirname "$0")/instances.sh"
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
instances_into "$T/in"
mkdir -p "$T/c" "$T/cli"
files=("$T"/in/*.json)
"$TEST" --self
"$TEST" "$T/c" "${files[@]}"
fail=0 compared=0
for k in "${!files[@]}"; do
  f=${files[$k]}
  if "$REDIST" plan "$f" -o "$T/cli/$k.schedule.json" >/dev/null 2>"$T/cli/$k.error.txt"; then
    "$REDIST" bounds "$f" --json >"$T/cli/$k.bounds.json"
    "$REDIST" check "$f" "$T/cli/$k.schedule.json" --json >"$T/cli/$k.check.json"
    outputs=(schedule.json bounds.json check.json)
  else
    outputs=(error.txt)
  fi
  for o in "${outputs[@]}"; do
    compared=$((compared + 1))
    if ! cmp -s "$T/cli/$k.$o" "$T/c/$k.$o"; then
      echo "FAIL: $(basename "$f"): $o differs from the CLI's"
      diff <(head -c 2000 "$T/cli/$k.$o") <(head -c 2000 "$T/c/$k.$o" 2>/dev/null) | head -10 || true
      fail=$((fail + 1))
    fi
  done
done
echo "capi.plan: ${#files[@]} instances, $compared outputs compared, $fail different"
[ "$fail" = 0 ]
