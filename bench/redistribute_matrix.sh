#!/bin/bash
# BENCHMARKS.md "Real bytes at the floor": bench_redistribute over the whole matrix of issue 33, on one
# node (4 and 8 ranks) and on the emulated networks of tools/netlab (root). Writes the tables and CSV
# files under $OUT (default docs/results/exec); progress on stderr.
#
#   bash bench/redistribute_matrix.sh            # everything (about 30-60 min on 2 cores)
#   PARTS=onenode bash bench/redistribute_matrix.sh
#   PARTS="ring6 star6 tiers8" bash bench/redistribute_matrix.sh
set -euo pipefail
cd "$(dirname "$0")/.."
build=${BUILD:-build}
out=${OUT:-docs/results/exec}
parts=${PARTS:-"onenode ring6 slow6 star6 tiers8"}
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
    *) echo "unknown part: $part" >&2; exit 2 ;;
  esac
done
