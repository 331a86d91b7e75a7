#!/usr/bin/env bash
# The package as applications get it (ctest label `package`, tests/CMakeLists.txt). One step per call:
#   install           cmake --install of the already built tree into $WORK/prefix, and what it holds
#   find_package      tests/consumer/find_package against that prefix: configure, build, run
#   pkg_config        the same programs compiled by hand with `pkg-config --cflags --libs`
#   add_subdirectory  tests/consumer/add_subdirectory: redist built inside a parent project, run
# Environment: REDIST_BUILD_DIR, REDIST_SOURCE_DIR, WORK, VERSION, CXX, LAUNCHER (may be empty),
# GENERATOR, WITH_MPI (0/1), MPIEXEC. The MPI program runs on 4 ranks.
set -euo pipefail
step=$1
prefix=$WORK/prefix
consumers=$REDIST_SOURCE_DIR/tests/consumer
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_rmaps_base_oversubscribe=1

fail() { echo "FAIL: $*" >&2; exit 1; }

run_programs() {  # run_programs DIR: the programs built in DIR, checked by their exit status
  "$1/plan_ring" || fail "plan_ring ($step)"
  if [ "$WITH_MPI" = 1 ]; then
    "$MPIEXEC" --oversubscribe -np 4 "$1/mpi_redistribute" || fail "mpi_redistribute on 4 ranks ($step)"
  fi
}

configure_and_build() {  # configure_and_build SOURCE BUILD ARGS...: a consumer project, built
  local source=$1 build=$2
  shift 2
  rm -rf "$build"
  local launcher=()
  [ -n "${LAUNCHER:-}" ] && launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER="$LAUNCHER")
  cmake -S "$source" -B "$build" -G "$GENERATOR" -DCMAKE_CXX_COMPILER="$CXX" "${launcher[@]}" \
    -DCONSUMER_WITH_MPI="$([ "$WITH_MPI" = 1 ] && echo ON || echo OFF)" "$@" >"$build.configure.log" 2>&1 \
    || { cat "$build.configure.log"; fail "configure $source"; }
  cmake --build "$build" -j2 >"$build.build.log" 2>&1 || { tail -50 "$build.build.log"; fail "build $source"; }
}

case $step in
  install)
    rm -rf "$prefix"
    cmake --install "$REDIST_BUILD_DIR" --prefix "$prefix" >/dev/null
    for f in include/redist/redist.hpp include/redist/io.hpp include/redist/report.hpp \
             include/redist/version.hpp include/redist/core/wide_int.hpp \
             share/doc/redist/LICENSE \
             share/doc/redist/architecture.md share/doc/redist/api.md; do
      [ -f "$prefix/$f" ] || fail "not installed: $f"
    done
    [ -n "$(find "$prefix" -name redistConfig.cmake)" ] || fail "no redistConfig.cmake"
    [ -n "$(find "$prefix" -name redistConfigVersion.cmake)" ] || fail "no redistConfigVersion.cmake"
    [ -n "$(find "$prefix" -name redist.pc)" ] || fail "no redist.pc"
    if [ "$WITH_MPI" = 1 ]; then
      [ -f "$prefix/include/redist/mpi.hpp" ] || fail "not installed: include/redist/mpi.hpp"
      [ -n "$(find "$prefix" -name redist-mpi.pc)" ] || fail "no redist-mpi.pc"
    fi
    if [ -x "$prefix/bin/redist" ]; then
      [ "$("$prefix/bin/redist" --version)" = "redist $VERSION" ] || fail "redist --version"
    fi
    ;;
  find_package)
    configure_and_build "$consumers/find_package" "$WORK/find_package" -DCMAKE_PREFIX_PATH="$prefix"
    run_programs "$WORK/find_package"
    ;;
  pkg_config)
    export PKG_CONFIG_PATH
    PKG_CONFIG_PATH=$(dirname "$(find "$prefix" -name redist.pc)")
    [ "$(pkg-config --modversion redist)" = "$VERSION" ] || fail "pkg-config --modversion redist"
    mkdir -p "$WORK/pkg_config"
    flags=(-std=c++20 -Wall -Wextra -Wpedantic -Werror)
    # shellcheck disable=SC2046  # pkg-config's output is meant to be split into words
    $CXX "${flags[@]}" "$consumers/src/plan_ring.cpp" $(pkg-config --cflags --libs redist) \
      -o "$WORK/pkg_config/plan_ring" || fail "pkg-config build of plan_ring"
    if [ "$WITH_MPI" = 1 ]; then
      # MPI comes from its own pkg-config module when there is one: no absolute paths of the
      # machine that built redist.
      mpi_pc=$(find "$prefix" -name redist-mpi.pc)
      if pkg-config --exists ompi || pkg-config --exists mpich || pkg-config --exists mpi; then
        grep -qE '^Requires:.*, (ompi|mpich|mpi)$' "$mpi_pc" || fail "redist-mpi.pc does not require MPI's module"
        ! grep -qE '^(Libs|Cflags):.* /' "$mpi_pc" || fail "redist-mpi.pc names absolute paths"
      fi
      # shellcheck disable=SC2046
      $CXX "${flags[@]}" "$consumers/src/mpi_redistribute.cpp" $(pkg-config --cflags --libs redist-mpi) \
        -o "$WORK/pkg_config/mpi_redistribute" || fail "pkg-config build of mpi_redistribute"
    fi
    run_programs "$WORK/pkg_config"
    ;;
  add_subdirectory)
    configure_and_build "$consumers/add_subdirectory" "$WORK/add_subdirectory" \
      -DREDIST_SOURCE_DIR="$REDIST_SOURCE_DIR"
    run_programs "$WORK/add_subdirectory"
    ;;
  *) fail "unknown step $step" ;;
esac
echo "$step: ok"
