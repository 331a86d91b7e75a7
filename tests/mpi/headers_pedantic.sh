#!/bin/bash
# Every public header of the exec layer, included by an application compiled with
# -std=c++20 -Wall -Wextra -Wpedantic, must compile without an error and without a warning that
# points into the exec headers (docs/api.md "Set-up"). Warnings from the lower layers' headers are
# listed as a note: the 128-bit Ticks of core is the packaging's to wrap.
# usage: headers_pedantic.sh CXX INCLUDE_DIR MPI_INCLUDE_DIRS(;-separated)
set -u
cxx=$1 include=$2 mpi_dirs=$3
flags=(-std=c++20 -Wall -Wextra -Wpedantic -fsyntax-only -DOMPI_SKIP_MPICXX=1 -DMPICH_SKIP_MPICXX=1 -I"$include")
IFS=';' read -ra dirs <<<"$mpi_dirs"
for d in "${dirs[@]}"; do [ -n "$d" ] && flags+=(-I"$d"); done
# One translation unit including them all (one compile: seconds, not minutes).
source=$(mktemp --suffix=.cpp)
trap 'rm -f "$source"' EXIT
for header in "$include"/redist/exec/*.hpp; do echo "#include \"${header#"$include"/}\"" >>"$source"; done
output=$("$cxx" "${flags[@]}" "$source" 2>&1)
status=$?
if [ $status -ne 0 ] || grep -E "redist/exec/[^:]*:[0-9]+:[0-9]+: warning" <<<"$output" >/dev/null; then
  echo "FAIL: $(wc -l <"$source") exec headers"
  echo "$output" | head -n 30
  exit 1
fi
other=$(grep -c "warning" <<<"$output")
[ "$other" -gt 0 ] && echo "note: $other warning(s) from headers of other layers"
echo "all $(wc -l <"$source") exec headers compile cleanly under -Wpedantic"
