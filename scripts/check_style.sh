#!/usr/bin/env bash
# The house rules that a tool can check (docs/architecture.md "Naming and layout"):
#   1. layout: every C++ file is as clang-format (.clang-format) would write it;
#   2. names: clang-tidy's readability-identifier-naming (.clang-tidy) on the library, CLI and tools,
#      with the compile commands of a configured build directory (default build/);
#   3. layers: no header or source includes a layer above its own (scripts/check_layers.py).
#
#   scripts/check_style.sh [BUILD_DIR]      check; exit 1 on any violation
#   scripts/check_style.sh --fix            rewrite the files' layout in place (names are by hand)
set -euo pipefail
cd "$(dirname "$0")/.."
mapfile -t cxx < <(git ls-files '*.cpp' '*.hpp')

if [ "${1:-}" = "--fix" ]; then
  clang-format -i "${cxx[@]}"
  exit 0
fi
build=${1:-build}
status=0

echo "== style: layout ($(clang-format --version | grep -o 'version [0-9.]*'))"
if ! clang-format --dry-run --Werror "${cxx[@]}" 2>/tmp/redist_format.$$; then
  grep -o '^[^:]*' /tmp/redist_format.$$ | sort -u | sed 's/^/  not formatted: /' | head -40
  echo "  fix with: scripts/check_style.sh --fix"
  status=1
fi
rm -f /tmp/redist_format.$$

echo "== style: names (clang-tidy, $build/compile_commands.json)"
if [ ! -f "$build/compile_commands.json" ]; then
  echo "  $build/compile_commands.json missing: configure the build first (scripts/build.sh)" >&2
  exit 2
fi
mapfile -t sources < <(git ls-files 'src/*.cpp' 'cli/*.cpp' 'tools/*.cpp')
jobs=$(nproc 2>/dev/null || echo 2)
# Only files the build compiles (the compile database knows them; MPI/SimGrid may be off).
mapfile -t known < <(python3 - "$build/compile_commands.json" "${sources[@]}" <<'PY'
import json, os, sys
db = {os.path.realpath(e["file"]) for e in json.load(open(sys.argv[1]))}
for f in sys.argv[2:]:
    if os.path.realpath(f) in db:
        print(f)
PY
)
if ! printf '%s\n' "${known[@]}" |
     xargs -P "$jobs" -n 4 clang-tidy -p "$build" --quiet >/tmp/redist_tidy.$$ 2>&1; then
  grep -E 'error:|warning:' /tmp/redist_tidy.$$ | sort -u | head -60
  status=1
fi
rm -f /tmp/redist_tidy.$$

if [ -f scripts/check_layers.py ]; then
  echo "== style: layers"
  python3 scripts/check_layers.py || status=1
fi
exit $status
