#!/usr/bin/env bash
# The C interface, the Fortran module and the Python package as applications get them (ctest label
# `package`, cmake/bindings_tests.cmake), from the prefix package.install filled. One step per call:
#   installed     the headers, module files, pkg-config files and Python package are there; each C
#                 header compiles alone as C11 under -Wall -Wextra -Wpedantic -Werror
#   c             examples/c compiled by the C compiler alone with `pkg-config redist-c` and
#                 `redist-c-mpi`, run (the MPI one on 4 ranks)
#   fortran       examples/fortran compiled by the Fortran compiler with `pkg-config redist-fortran`,
#                 run on 4 ranks
#   cmake         tests/consumer/bindings: a C (and Fortran) project without C++, find_package
#   python        `import redist` from <prefix>/lib/python3/dist-packages: a plan equal to the
#                 CLI's, and redist.mpi on 4 ranks (tests/python/mpi_redistribute.py)
# Environment: REDIST_SOURCE_DIR, WORK, CC, FC (may be empty), PYTHON (may be empty), WITH_MPI
# (0/1), MPIEXEC, GENERATOR, PYTHON_DIR (the package's place under the prefix).
set -euo pipefail
step=$1
prefix=$WORK/prefix
src=$REDIST_SOURCE_DIR
out=$WORK/bindings
mkdir -p "$out"
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_rmaps_base_oversubscribe=1
export PKG_CONFIG_PATH=$prefix/lib/pkgconfig
fail() { echo "FAIL: $*" >&2; exit 1; }
on4() { "$MPIEXEC" --oversubscribe -np 4 "$@"; }
strict=(-std=c11 -Wall -Wextra -Wpedantic -Werror)

case $step in
  installed)
    for f in include/redist/redist.h lib/pkgconfig/redist-c.pc; do
      [ -f "$prefix/$f" ] || fail "not installed: $f"
    done
    if [ "$WITH_MPI" = 1 ]; then
      for f in include/redist/redist_mpi.h lib/pkgconfig/redist-c-mpi.pc; do
        [ -f "$prefix/$f" ] || fail "not installed: $f"
      done
    fi
    if [ -n "$FC" ]; then
      for f in include/redist/fortran/redist_mpi.mod lib/pkgconfig/redist-fortran.pc; do
        [ -f "$prefix/$f" ] || fail "not installed: $f"
      done
    fi
    if [ -n "$PYTHON" ]; then
      [ -f "$prefix/$PYTHON_DIR/redist/__init__.py" ] || fail "not installed: $PYTHON_DIR/redist"
    fi
    # MPI through its own pkg-config module where there is one: no library path of the machine that
    # built redist (the Fortran file keeps one folder, MPI's compiler-specific module files).
    if pkg-config --exists ompi-c || pkg-config --exists mpich; then
      for pc in redist-c-mpi redist-fortran; do
        file=$prefix/lib/pkgconfig/$pc.pc
        [ -f "$file" ] || continue
        grep -qE '^Requires: (ompi-c|ompi-fort|mpich|mpi-c|mpi-fort|mpi)$' "$file" \
          || fail "$pc.pc does not require MPI's module"
        ! grep -qE '^Libs:.* /' "$file" || fail "$pc.pc names absolute library paths"
      done
      ! grep -qE '^Cflags:.* /' "$prefix/lib/pkgconfig/redist-c-mpi.pc" 2>/dev/null \
        || fail "redist-c-mpi.pc names absolute include paths"
    fi
    for header in redist.h redist_mpi.h; do
      [ -f "$prefix/include/redist/$header" ] || continue
      flags=$(pkg-config --cflags "$([ $header = redist.h ] && echo redist-c || echo redist-c-mpi)")
      # shellcheck disable=SC2086  # pkg-config's flags are meant to be split into words
      echo "#include <redist/$header>" | "$CC" "${strict[@]}" $flags -x c -fsyntax-only - \
        || fail "<redist/$header> does not compile alone as C11"
    done
    ;;
  c)
    # shellcheck disable=SC2046  # pkg-config's output is meant to be split into words
    "$CC" "${strict[@]}" "$src/examples/c/plan_ring.c" $(pkg-config --cflags --libs redist-c) \
      -o "$out/plan_ring" || fail "C build of plan_ring.c"
    "$out/plan_ring" "$out/plan.json" | grep -q "validator: valid" || fail "plan_ring"
    [ -s "$out/plan.json" ] || fail "plan_ring wrote no schedule"
    if [ "$WITH_MPI" = 1 ]; then
      # shellcheck disable=SC2046
      "$CC" "${strict[@]}" "$src/examples/c/redistribute.c" $(pkg-config --cflags --libs redist-c-mpi) \
        -o "$out/redistribute_c" || fail "C build of redistribute.c"
      on4 "$out/redistribute_c" | grep -q "every item in place" || fail "redistribute.c on 4 ranks"
    fi
    ;;
  fortran)
    # shellcheck disable=SC2046
    "$FC" "$src/examples/fortran/redistribute.f90" $(pkg-config --cflags --libs redist-fortran) \
      -o "$out/redistribute_f" || fail "Fortran build of redistribute.f90"
    on4 "$out/redistribute_f" | grep -q "every item in place" || fail "redistribute.f90 on 4 ranks"
    ;;
  cmake)
    build=$out/cmake
    rm -rf "$build"
    fortran=OFF
    [ -n "$FC" ] && fortran=ON
    cmake -S "$src/tests/consumer/bindings" -B "$build" -G "$GENERATOR" -DCMAKE_C_COMPILER="$CC" \
      ${FC:+-DCMAKE_Fortran_COMPILER="$FC"} -DCMAKE_PREFIX_PATH="$prefix" \
      -DCONSUMER_WITH_MPI="$([ "$WITH_MPI" = 1 ] && echo ON || echo OFF)" -DCONSUMER_WITH_FORTRAN=$fortran \
      >"$build.configure.log" 2>&1 || { cat "$build.configure.log"; fail "configure the C/Fortran consumer"; }
    cmake --build "$build" -j2 >"$build.build.log" 2>&1 || { tail -40 "$build.build.log"; fail "build the C/Fortran consumer"; }
    "$build/plan_ring_c" | grep -q "validator: valid" || fail "plan_ring_c"
    if [ "$WITH_MPI" = 1 ]; then
      on4 "$build/redistribute_c" | grep -q "every item in place" || fail "redistribute_c"
      if [ -n "$FC" ]; then
        on4 "$build/redistribute_fortran" | grep -q "every item in place" || fail "redistribute_fortran"
      fi
    fi
    ;;
  python)
    export PYTHONPATH=$prefix/$PYTHON_DIR
    cd "$out"  # not the source tree: the installed package must be the one imported
    "$PYTHON" - "$src" <<'PY' || fail "import redist from the prefix"
import pathlib, subprocess, sys
import numpy as np
import redist
src = pathlib.Path(sys.argv[1])
assert pathlib.Path(redist.__file__).is_relative_to(pathlib.Path.cwd().parent / "prefix"), redist.__file__
ring = redist.read_ring(src / "examples" / "bidirectional_het.json")
plan = redist.plan(redist.Ring(ring.loads, ring.targets, ring.succ_cost, ring.pred_cost))
cli = pathlib.Path.cwd().parent / "prefix" / "bin" / "redist"
if cli.exists():  # the installed command writes the same document
    subprocess.run([cli, "plan", src / "examples" / "bidirectional_het.json", "-o", "cli.json"], check=True,
                   capture_output=True)
    assert plan.json() == pathlib.Path("cli.json").read_text()
assert plan.schedule.items.dtype == np.int64 and redist.check(ring, plan.schedule).valid
print("import redist from the prefix: ok")
PY
    if [ "$WITH_MPI" = 1 ]; then
      on4 "$PYTHON" "$src/tests/python/mpi_redistribute.py" | grep -q "0 failed" || fail "redist.mpi on 4 ranks"
    fi
    ;;
  *) fail "unknown step $step" ;;
esac
echo "bindings $step: ok"
