#!/bin/bash
# BENCHMARKS.md "Real bytes at the floor": bench_redistribute over the whole matrix of issue 33, on one
# node (4 and 8 ranks) and on the emulated networks of tools/netlab (root). Writes the tables and CSV
# files under $OUT (default docs/results/exec); progress on stderr.
#
#   bash bench/redistribute_matrix.sh            # everything (about 30-60 min on 2 cores)
#   PARTS=onenode bash bench/redistribute_matrix.sh
#   PARTS="ring6 star6 tiers8" bash bench/redistribute_matrix.sh
#   PARTS=startups bash bench/redistribute_matrix.sh    # issue 31: the plan's messages vs its prediction
set -euo pipefail
cd "$(dirname "$0")/.."
build=${BUILD:-build}
out=${OUT:-docs/results/exec}
parts=${PARTS:-"onenode ring6 slow6 star6 tiers8 startups"}
bench=$build/bench/bench_redistribute
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
mkdir -p "$out"
patterns=random,shift,small,ramp,gather
for part in $parts; do
  case $part in
    onenode)
      for np in 4 8; do
        echo "== one node, $np ranks" >&2
        mpirun --oversubscribe -np "$np" "$bench" --sizes 1KiB,1MiB,64MiB,512MiB --patterns $patterns \
          --csv "$out/onenode_np$np.csv" | tee "$out/onenode_np$np.txt"
      done ;;
    ring6|slow6|star6)
      # Rings are probed (the context then plans for a ring network and may route items round it);
      # the star is a switched network: the default flat model, as a user would leave it.
      case $part in
        ring6) file=examples/netlab/ring6_hetero.json probe=--probe ;;
        slow6) file=examples/netlab/ring6_slow_link.json probe=--probe ;;
        star6) file=examples/netlab/star6.json probe= ;;
      esac
      echo "== netlab $part" >&2
      tools/netlab run "$file" -- "$bench" $probe --sizes 1KiB,4MiB --patterns $patterns --reps 5 \
        --variants hand,redist,alltoallv,plan,ialltoallv,plan-start,in-place,petsc \
        --csv "$out/netlab_$part.csv" | tee "$out/netlab_$part.txt" ;;
    tiers8)
      echo "== netlab tiers8: the agreement against one MPI_Allgather" >&2
      tools/netlab run examples/netlab/tiers8.json -- "$bench" --sizes 1KiB --patterns random \
        --reps 9 --variants allgather,iallgather,make,hand,redist --csv "$out/netlab_tiers8.csv" \
        | tee "$out/netlab_tiers8.txt" ;;
    startups)
      # Issue 31 (BENCHMARKS.md "Start-up costs"): 64-byte items on a ring whose links have 0.5-2 ms
      # of latency, few enough that the start-ups dominate; the ring transport sends the plan's own
      # messages and is timed against the plan's makespan, the direct transport beside it.
      echo "== netlab ring6_latency: the plan's messages against its prediction" >&2
      tools/netlab run examples/netlab/ring6_latency.json -- "$bench" --probe --startups \
        --item-bytes 64 --sizes ${STARTUP_SIZES:-6KiB,24KiB,96KiB} --patterns random,ramp,shift \
        --reps ${STARTUP_REPS:-21} --csv "$out/netlab_startups${RUN:-}.csv" \
        | tee "$out/netlab_startups${RUN:-}.txt" ;;
    *) echo "unknown part: $part" >&2; exit 2 ;;
  esac
done
