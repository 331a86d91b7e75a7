#!/usr/bin/env bash
# Document 003's stencil experiments (section 6.2, Figures 4-5, Table 1a/1b's redistribution
# columns, the QR columns in kind) on redist's MPI executor: docs/reproduction.md.
#
#   sudo scripts/stencil_experiment.sh [build-dir] [out-dir]      # ~25 min on a loaded 2-core machine
#   QUICK=1 NETLAB=0 scripts/stencil_experiment.sh build /tmp/stencil   # the quick form, ~1 min
#
# Runs redist-mpi-example stencil on 8 ranks over tools/netlab's emulated cluster
# (examples/netlab/star8_stencil.json: 8 hosts on one switch, 100 Mbit/s links), then
# scripts/stencil_report.py for the summaries, tables and SVG plots. Needs root for netlab; with
# NETLAB=0 it runs the same commands on shared memory instead (mpirun --oversubscribe), where a tile
# crosses in well under a millisecond and the load of the machine dominates the timings. QUICK=1
# keeps the seeds, distributions, sizes and iterations but uses tiles of 64 doubles, no kernel time
# and one repetition: the tiles moved, the steps and the QR counts are those of the full run, the
# times are not (docs/reproduction.md).
set -euo pipefail
build=${1:-build}
out=${2:-docs/results/stencil}
example=$build/examples/mpi_example/redist-mpi-example
mkdir -p "$out"
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1

if [[ ${QUICK:-0} == 1 ]]; then
  fig_tile=64 table_tile=64 fig_reps=1 quick_calc=(--calc-ms 0)
else
  fig_tile=32768 table_tile=8192 fig_reps=3 quick_calc=()
fi

launch() {
  if [[ ${NETLAB:-1} == 1 ]]; then
    tools/netlab run examples/netlab/star8_stencil.json -- "$example" stencil "$@"
  else
    mpirun --oversubscribe -np 8 "$example" stencil "$@"
  fi
}

# Figures 4-5: random balanced distributions of 8 tiles per rank (the document: 16 per rank on 16
# nodes), tiles of 256 KiB (the document: 12.8 MB), K = 0..9, tau_comm / tau_calc = 1 and 10, 10
# distributions x 3 repetitions (the document: 30 distributions).
for ratio in 1 10; do
  launch --dist random --tiles-per-rank 8 --tile-doubles "$fig_tile" --iterations 9 --layouts 10 \
         --repetitions "$fig_reps" --ratio "$ratio" "${quick_calc[@]}" --seed 1 \
         --csv "$out/stencil_ratio$ratio.csv"
done
# Table 1a/1b: SkewedSet and ChunkSet, 16 x 16 tiles on a 2 x 4 grid (the document: 50 matrices per
# size on 16 nodes), tiles of 64 KiB, a two-iteration 2-D stencil.
for dist in skewed-set chunk-set; do
  launch --dist "$dist" --side 16 --tile-doubles "$table_tile" --iterations 2 --layouts 4 \
         --repetitions 1 --ratio 1 "${quick_calc[@]}" --seed 1 --csv "$out/stencil_${dist/-/_}.csv"
done
# The QR columns in kind at the document's 16 nodes (a 4 x 4 grid), n = 16 and 32: counts on the QR
# task graph (qr_traffic.hpp), nothing timed, so on shared memory with tiny tiles.
for dist in skewed-set chunk-set; do
  for side in 16 32; do
    mpirun --oversubscribe -np 16 "$example" stencil --dist "$dist" --side "$side" --tile-doubles 8 --iterations 0 \
           --layouts 10 --repetitions 1 --calc-ms 0 --seed 1 --csv "$out/stencil_qr16_${dist/-/_}_n$side.csv"
  done
done
python3 scripts/stencil_report.py "$out" > "$out/stencil_tables.md"
