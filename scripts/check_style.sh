#!/usr/bin/env bash
# The house rules that a tool can check (docs/architecture.md "Namespaces, names and layout"):
#   1. layout: every C++ file is as clang-format (.clang-format) would write it;
#   2. layers: no header or source includes a layer above its own (scripts/check_layers.py);
#   3. with --names BUILD_DIR: clang-tidy's readability-identifier-naming (.clang-tidy) on the
#      library, CLI and tools, with the compile commands of that configured build directory.
#
#   scripts/check_style.sh                    layout and layers; exit 1 on a violation
#   scripts/check_style.sh --names BUILD_DIR  the same, then the naming rules (scripts/test.sh runs
#                                             this on its Release build, about 2 minutes on 2 cores)
#   scripts/check_style.sh --fix              rewrite the files' layout in place (names are by hand)
set -euo pipefail
cd "$(dirname "$0")/.."
mapfile -t cxx < <(git ls-files '*.cpp' '*.hpp')

if [ "${1:-}" = "--fix" ]; then
  clang-format -i "${cxx[@]}"
  exit 0
fi
names_build=""
[ "${1:-}" = "--names" ] && names_build=${2:-build}
status=0
log=$(mktemp)
trap 'rm -f "$log"' EXIT

echo "== style: layout ($(clang-format --version | grep -o 'version [0-9.]*'))"
if ! clang-format --dry-run --Werror "${cxx[@]}" 2>"$log"; then
  grep -oE '^[^:]+:[0-9]+:[0-9]+: (warning|error)' "$log" | cut -d: -f1 | sort -u | sed 's/^/  not formatted: /' | head -40
  echo "  fix with: scripts/check_style.sh --fix"
  status=1
fi

echo "== style: layers"
python3 scripts/check_layers.py . || status=1

if [ -n "$names_build" ]; then
  echo "== style: names (clang-tidy, $names_build/compile_commands.json)"
  if [ ! -f "$names_build/compile_commands.json" ]; then
    echo "  $names_build/compile_commands.json missing: configure that build first" >&2
    exit 2
  fi
  mapfile -t sources < <(git ls-files 'src/*.cpp' 'cli/*.cpp' 'tools/*.cpp')
  # Only the files this build compiles (MPI, SimGrid or the MILP layer may be off).
  mapfile -t known < <(python3 -c '
import json, os, sys
db = {os.path.realpath(e["file"]) for e in json.load(open(sys.argv[1]))}
print("\n".join(f for f in sys.argv[2:] if os.path.realpath(f) in db))' \
    "$names_build/compile_commands.json" "${sources[@]}")
  jobs=$(nproc 2>/dev/null || echo 2)
  if ! printf '%s\n' "${known[@]}" | xargs -P "$jobs" -n 4 clang-tidy -p "$names_build" --quiet >"$log" 2>&1; then
    grep -E 'error:|warning:' "$log" | sort -u | head -60
    status=1
  fi
fi
exit $status
