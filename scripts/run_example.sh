#!/usr/bin/env bash
# README command 1: install what is missing, build, and run the main job on the bundled example:
# plan the redistribution of examples/bidirectional_het.json, show the plan, re-check it exactly,
# and draw it (out/example.svg).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install_deps.sh
bash scripts/build.sh >/dev/null
redist=build/cli/redist
example=examples/bidirectional_het.json
mkdir -p out
echo "== redist plan $example -o out/example.schedule.json --svg out/example.svg"
"$redist" plan "$example" -o out/example.schedule.json --svg out/example.svg
echo
echo "== redist check $example out/example.schedule.json"
"$redist" check "$example" out/example.schedule.json
echo
echo "== redist bounds $example"
"$redist" bounds "$example"
