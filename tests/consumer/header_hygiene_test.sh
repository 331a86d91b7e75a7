#!/usr/bin/env bash
# Every installed public header compiles on its own in a strict consumer's translation unit
# (-std=c++20 -Wall -Wextra -Wpedantic -Wconversion -Wsign-conversion -Werror, no GNU extensions,
# only the installed tree on the include path: a header that includes an internal one fails), no
# installed header names an internal one ("ring/x.hpp" rather than "redist/ring/x.hpp"), and the
# umbrella headers together list every installed header (issue 29). Runs on the prefix that
# consumer_test.sh install wrote.
# Environment: WORK (holds prefix/), CXX, WITH_MPI (0/1).
set -euo pipefail
prefix=$WORK/prefix
include=$prefix/include
export PKG_CONFIG_PATH
PKG_CONFIG_PATH=$(dirname "$(find "$prefix" -name redist.pc)")
module=redist
[ "$WITH_MPI" = 1 ] && module=redist-mpi
# Include paths only (nlohmann_json's, MPI's): the flags a pkg-config consumer gets.
read -r -a cflags <<<"$(pkg-config --cflags "$module")"
tu_dir=$WORK/headers
rm -rf "$tu_dir" && mkdir -p "$tu_dir"

failures=0
check_umbrella() {  # check_umbrella "UMBRELLA..." LAYER...: one of them includes each header of the layers
  local umbrellas=$1 header name umbrella found
  shift
  for layer in "$@"; do
    for header in "$include/redist/$layer"/*.hpp; do
      name=redist/$layer/$(basename "$header")
      found=0
      for umbrella in $umbrellas; do
        grep -q "#include \"$name\"" "$include/redist/$umbrella" && found=1
      done
      [ "$found" = 1 ] || { echo "FAIL: none of $umbrellas includes $name"; failures=$((failures + 1)); }
    done
  done
}
check_umbrella "redist.hpp io.hpp report.hpp" core io sim ring lau perm report
[ "$WITH_MPI" = 1 ] && check_umbrella mpi.hpp exec
# Installed headers include standard, third-party (<...>) or installed redist headers only.
internal=$(grep -rnE '^#include "' "$include/redist" | grep -vE '#include "redist/' || true)
[ -z "$internal" ] || { echo "FAIL: installed headers include internal ones:"; echo "$internal"; failures=$((failures + 1)); }

# One translation unit per header, compiled in parallel; each writes its diagnostics to a .log.
headers=$(cd "$include" && find redist -name '*.hpp' | sort)
count=0
for header in $headers; do
  tu=$tu_dir/$(echo "$header" | tr '/.' '__').cpp
  printf '#include <%s>\n' "$header" >"$tu"
  count=$((count + 1))
done
export CXX include
export CFLAGS_LINE="${cflags[*]}"
# shellcheck disable=SC2016  # expanded by the inner shell
ls "$tu_dir"/*.cpp | xargs -P "$(nproc)" -I{} sh -c \
  '$CXX -std=c++20 -Wall -Wextra -Wpedantic -Wconversion -Wsign-conversion -Werror -fsyntax-only -I"$include" $CFLAGS_LINE "{}" >"{}.log" 2>&1 || echo FAIL >>"{}.log"'
for log in "$tu_dir"/*.log; do
  if grep -q "^FAIL$" "$log"; then
    echo "FAIL: $(head -1 "${log%.log}") does not compile cleanly on its own:"
    grep -m 5 -E "error|warning" "$log" || true
    failures=$((failures + 1))
  fi
done
echo "$count installed headers compiled on their own, $failures failures"
[ "$count" -gt 60 ] && [ "$failures" -eq 0 ]
