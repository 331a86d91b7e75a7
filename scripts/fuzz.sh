#!/usr/bin/env bash
# Builds the libFuzzer targets (clang, ASan + UBSan; fuzz/CMakeLists.txt) in build-fuzz and runs every
# target from the repository's seed corpora (docs/fuzzing.md).
#
#   scripts/fuzz.sh                  CI mode: replay the corpora and regression inputs, then a FIXED
#                                    number of executions per target (ci_runs below; REDIST_FUZZ_RUNS
#                                    overrides) with a FIXED seed (REDIST_FUZZ_SEED, default 1) and no
#                                    wall-clock limit: no verdict depends on time, so the load of
#                                    the machine cannot change it
#   scripts/fuzz.sh --runs N         N executions per target (CI mode)
#   scripts/fuzz.sh --long HOURS     open-ended fuzzing: HOURS hours per target (decimals allowed), a
#                                    random seed, a 25 s per-input hang limit, the corpus kept
#   scripts/fuzz.sh ... TARGET...    only these targets (names as in fuzz/corpus/)
#   REDIST_FUZZ_JOBS=N               N targets at a time (default: nproc)
#
# CI mode starts each run from an empty scratch corpus beside the repository's, so a second run on the
# same checkout starts from the same state (libFuzzer is close to, not exactly, reproducible).
# --long keeps new inputs in build-fuzz/corpus/<target>/ (the repository's corpora are only read). A failing input is saved in build-fuzz/artifacts/<target>/:
# copy it into fuzz/regressions/<target>/ and the replay test (ctest -L fuzz) keeps the bug fixed.
# Exit status 1 when any target failed.
set -euo pipefail
cd "$(dirname "$0")/.."

runs=${REDIST_FUZZ_RUNS:-}
seed=${REDIST_FUZZ_SEED:-1}
seconds=0  # 0: CI mode (fixed runs); > 0: --long
targets=()
while [ $# -gt 0 ]; do
  case "$1" in
    --runs) runs=$2; shift 2 ;;
    --long) seconds=$(awk -v h="$2" 'BEGIN { printf "%d", h * 3600 }'); shift 2 ;;
    -h|--help) sed -n '2,21p' "$0"; exit 0 ;;
    *) targets+=("$1"); shift ;;
  esac
done
[ ${#targets[@]} -gt 0 ] || targets=(ring_json allport_json perm_json schedule_json plan lau perm)
jobs=${REDIST_FUZZ_JOBS:-$(nproc 2>/dev/null || echo 2)}
out=build-fuzz

if ! command -v clang++ >/dev/null 2>&1; then
  echo "fuzz: clang++ not found: install clang and libclang-rt-dev to build the libFuzzer targets" >&2
  exit 2
fi
probe=$(mktemp)
if ! echo 'extern "C" int LLVMFuzzerTestOneInput(const char*, unsigned long) { return 0; }' |
    clang++ -x c++ -fsanitize=fuzzer - -o "$probe" 2>/dev/null; then
  rm -f "$probe"
  echo "fuzz: clang++ cannot link libFuzzer: install libclang-rt-dev (Debian) to build the fuzz targets" >&2
  exit 2
fi
rm -f "$probe"
echo "== fuzz: build ($out, clang, libFuzzer + ASan + UBSan)"
cmake -S . -B "$out" -DCMAKE_CXX_COMPILER=clang++ -DCMAKE_BUILD_TYPE=RelWithDebInfo -DREDIST_FUZZ=ON \
  -DREDIST_BUILD_TESTS=OFF -DREDIST_BUILD_BENCH=OFF -DREDIST_WITH_MPI=OFF -DREDIST_WITH_SIMGRID=OFF >/dev/null
cmake --build "$out" --target redist_fuzzers -j"$jobs"

# The limits of one libFuzzer run. CI mode: a fixed count from a fixed seed, and no per-input
# timeout (-timeout=0): a slow input under load is slow, not a failure; a real hang still shows, as a
# run that does not end. --long: wall-clock time, and an input over 25 s counts as a hang.
mode_flags() {
  if [ "$seconds" -gt 0 ]; then
    echo "-max_total_time=$seconds -timeout=25"
  else
    echo "-runs=${runs:-$(ci_runs "$1")} -seed=$seed -timeout=0"
  fi
}

# CI executions per target (the corpus replay counts among them), each well under 2 minutes under
# ASan on a loaded 2-core machine (measured: docs/fuzzing.md). The planners are slower per input.
ci_runs() {
  case "$1" in
    plan) echo 500 ;;
    ring_json) echo 15000 ;;
    perm) echo 10000 ;;
    lau) echo 20000 ;;
    schedule_json) echo 100000 ;;
    *) echo 200000 ;;
  esac
}

# One libFuzzer run; its log keeps the final statistics that the summary below reads.
run_target() {
  local t=$1 max_len=512 extra=() scratch
  case "$t" in *_json) max_len=4096; extra=(-dict=fuzz/json.dict) ;; esac
  mkdir -p "$out/corpus/$t" "$out/artifacts/$t" "$out/logs"
  scratch="$out/corpus/$t"
  if [ "$seconds" = 0 ]; then  # CI: an empty scratch corpus, so that every run starts the same
    scratch="$out/ci-corpus/$t"
    rm -rf "$scratch"
    mkdir -p "$scratch"
  fi
  local inputs=("$scratch" "fuzz/corpus/$t")
  [ -d "fuzz/regressions/$t" ] && inputs+=("fuzz/regressions/$t")
  # Short allocation stacks and a small quarantine: the step colouring allocates ~10^5 small groups
  # on some inputs, and full ASan bookkeeping made one such input take 15 s and 1.8 GB.
  # shellcheck disable=SC2046
  ASAN_OPTIONS="malloc_context_size=5:quarantine_size_mb=32${ASAN_OPTIONS:+:$ASAN_OPTIONS}" \
    UBSAN_OPTIONS=print_stacktrace=1 "$out/fuzz/fuzz_$t" "${extra[@]}" $(mode_flags "$t") \
    -max_len="$max_len" -rss_limit_mb=2048 -print_final_stats=1 \
    -artifact_prefix="$out/artifacts/$t/" "${inputs[@]}" >"$out/logs/$t.log" 2>&1
}

if [ "$seconds" -gt 0 ]; then
  echo "== fuzz: ${#targets[@]} targets, $seconds s each, $jobs at a time"
else
  echo "== fuzz: ${#targets[@]} targets, corpora replayed, then a fixed number of executions each${runs:+ ($runs)} from seed $seed, $jobs at a time"
fi
declare -A pid_of
for t in "${targets[@]}"; do
  [ -d "fuzz/corpus/$t" ] || { echo "fuzz: unknown target '$t' (no fuzz/corpus/$t)" >&2; exit 2; }
  while [ "$(jobs -rp | wc -l)" -ge "$jobs" ]; do wait -n || true; done
  run_target "$t" &
  pid_of[$t]=$!
done

failed=0
printf '%-14s %14s %8s %10s %8s  %s\n' target executions seconds exec/s corpus result
for t in "${targets[@]}"; do
  status=ok
  wait "${pid_of[$t]}" || status=FAILED
  log="$out/logs/$t.log"
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
  secs=$(sed -n 's/^Done [0-9]* runs in \([0-9]*\) second.*/\1/p' "$log" | tail -1)
  speed=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -1)
  corpus_dir="$out/corpus/$t"
  [ "$seconds" = 0 ] && corpus_dir="$out/ci-corpus/$t"
  corpus=$(find "$corpus_dir" -type f | wc -l)
  printf '%-14s %14s %8s %10s %8s  %s\n' "$t" "${runs:-?}" "${secs:-?}" "${speed:-?}" "$corpus" "$status"
  if [ "$status" != ok ]; then
    failed=1
    grep -m3 -E 'ERROR|FuzzFailure|what\(\)|runtime error|Test unit written' "$log" | sed 's/^/    /' || true
    echo "    log: $log; reproduce: $out/fuzz/fuzz_$t FILE; keep it: cp FILE fuzz/regressions/$t/"
  fi
done
exit $failed
