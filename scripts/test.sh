#!/usr/bin/env bash
# README command 2: install what is missing, build, and run the whole test suite, then the same
# suite (less the MPI and SimGrid entries) under AddressSanitizer + UndefinedBehaviorSanitizer.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install_deps.sh
jobs=$(nproc 2>/dev/null || echo 2)
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1

echo "== build (Release)"
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build -j"$jobs"
bash scripts/check_style.sh --names build  # layout, layer order, naming rules: docs/architecture.md
echo "== tests (Release)"
ctest --test-dir build --output-on-failure -j"$jobs"

if [ "${REDIST_SKIP_SANITIZE:-0}" != "1" ]; then
  echo "== build (ASan + UBSan)"
  cmake -S . -B build-sanitize -DCMAKE_BUILD_TYPE=RelWithDebInfo -DREDIST_SANITIZE=ON \
    -DREDIST_BUILD_BENCH=OFF -DREDIST_WITH_MPI=OFF -DREDIST_WITH_SIMGRID=OFF >/dev/null
  cmake --build build-sanitize -j"$jobs"
  echo "== tests (ASan + UBSan)"
  ctest --test-dir build-sanitize --output-on-failure -j"$jobs" -LE "mpi|simgrid|slow"
fi

# libFuzzer targets, a short fixed budget each from the repository's corpora (docs/fuzzing.md).
if [ "${REDIST_SKIP_FUZZ:-0}" = "1" ]; then
  echo "== fuzz: skipped (REDIST_SKIP_FUZZ=1)"
elif ! command -v clang++ >/dev/null 2>&1; then
  echo "== fuzz: skipped: clang++ not found (install clang and libclang-rt-dev to run scripts/fuzz.sh)"
else
  bash scripts/fuzz.sh
fi
