#!/bin/bash
# Every public header of the exec layer, included by an application compiled with
# -std=c++20 -Wall -Wextra -Wpedantic, must compile without an error or a warning, wherever it
# points (docs/api.md "Set-up"). The in-tree quick check; package.headers does the same for every
# installed header, one by one, after an install.
# usage: headers_pedantic.sh CXX INCLUDE_DIR MPI_INCLUDE_DIRS(;-separated)
set -u
cxx=$1 include=$2 mpi_dirs=$3
flags=(-std=c++20 -Wall -Wextra -Wpedantic -fsyntax-only -DOMPI_SKIP_MPICXX=1 -DMPICH_SKIP_MPICXX=1 -I"$include")
IFS=';' read -ra dirs <<<"$mpi_dirs"
for d in "${dirs[@]}"; do [ -n "$d" ] && flags+=(-I"$d"); done
# One translation unit including them all (one compile: seconds, not minutes).
source=$(mktemp --suffix=.cpp)
trap 'rm -f "$source"' EXIT
for header in "$include"/redist/exec/*.hpp; do
  [ "$(basename "$header")" = mpi_program.hpp ] && continue  # redist's own tools' main(), not installed
  echo "#include \"${header#"$include"/}\"" >>"$source"
done
output=$("$cxx" "${flags[@]}" "$source" 2>&1)
status=$?
if [ $status -ne 0 ] || grep -q "warning" <<<"$output"; then
  echo "FAIL: $(wc -l <"$source") exec headers"
  echo "$output" | head -n 30
  exit 1
fi
echo "all $(wc -l <"$source") exec headers compile cleanly under -Wpedantic"
