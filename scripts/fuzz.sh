#!/usr/bin/env bash
# Builds the libFuzzer targets (clang, ASan + UBSan; fuzz/CMakeLists.txt) in build-fuzz and runs every
# target from the repository's seed corpora (docs/fuzzing.md).
#
#   scripts/fuzz.sh                  CI budget: 40 s per target (REDIST_FUZZ_SECONDS), nproc at a time
#   scripts/fuzz.sh --seconds N      N seconds per target
#   scripts/fuzz.sh --long HOURS     long run: HOURS hours per target (decimals allowed, e.g. 0.5)
#   scripts/fuzz.sh ... TARGET...    only these targets (names as in fuzz/corpus/)
#   REDIST_FUZZ_JOBS=N               N targets at a time (default: nproc)
#
# New inputs go to build-fuzz/corpus/<target>/ (kept between runs; the repository's corpora are only
# read). A failing input is saved in build-fuzz/artifacts/<target>/: copy it into
# fuzz/regressions/<target>/ and the replay test (ctest -L fuzz) keeps the bug fixed. A run that takes
# longer than 25 s on one input is a hang and fails like a crash. Exit status 1 when any target failed.
set -euo pipefail
cd "$(dirname "$0")/.."

seconds=${REDIST_FUZZ_SECONDS:-40}
targets=()
while [ $# -gt 0 ]; do
  case "$1" in
    --seconds) seconds=$2; shift 2 ;;
    --long) seconds=$(awk -v h="$2" 'BEGIN { printf "%d", h * 3600 }'); shift 2 ;;
    -h|--help) sed -n '2,15p' "$0"; exit 0 ;;
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

# One libFuzzer run; its log keeps the final statistics that the summary below reads.
run_target() {
  local t=$1 max_len=512 extra=()
  case "$t" in *_json) max_len=4096; extra=(-dict=fuzz/json.dict) ;; esac
  mkdir -p "$out/corpus/$t" "$out/artifacts/$t" "$out/logs"
  local inputs=("$out/corpus/$t" "fuzz/corpus/$t")
  [ -d "fuzz/regressions/$t" ] && inputs+=("fuzz/regressions/$t")
  # Short allocation stacks and a small quarantine: the step colouring allocates ~10^5 small groups
  # on some inputs, and full ASan bookkeeping made one such input take 15 s and 1.8 GB.
  ASAN_OPTIONS="malloc_context_size=5:quarantine_size_mb=32${ASAN_OPTIONS:+:$ASAN_OPTIONS}" \
    UBSAN_OPTIONS=print_stacktrace=1 "$out/fuzz/fuzz_$t" "${extra[@]}" -max_total_time="$seconds" \
    -max_len="$max_len" -timeout=25 -rss_limit_mb=2048 -print_final_stats=1 \
    -artifact_prefix="$out/artifacts/$t/" "${inputs[@]}" >"$out/logs/$t.log" 2>&1
}

echo "== fuzz: ${#targets[@]} targets, $seconds s each, $jobs at a time"
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
  corpus=$(find "$out/corpus/$t" -type f | wc -l)
  printf '%-14s %14s %8s %10s %8s  %s\n' "$t" "${runs:-?}" "${secs:-?}" "${speed:-?}" "$corpus" "$status"
  if [ "$status" != ok ]; then
    failed=1
    grep -m3 -E 'ERROR|FuzzFailure|what\(\)|runtime error|Test unit written' "$log" | sed 's/^/    /' || true
    echo "    log: $log; reproduce: $out/fuzz/fuzz_$t FILE; keep it: cp FILE fuzz/regressions/$t/"
  fi
done
exit $failed
