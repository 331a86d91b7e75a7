#!/usr/bin/env bash
# README command 1: install what is missing, build, and run the main job on the bundled example.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install_deps.sh
bash scripts/build.sh >/dev/null
redist=build/cli/redist
example=examples/bidirectional_het.json
echo "== redist bounds $example"
"$redist" bounds "$example"
echo "== redist check $example examples/bidirectional_het.schedule.json"
"$redist" check "$example" examples/bidirectional_het.schedule.json
