#pragma once
// Document 003's stencil experiments (section 6.2, Figures 4-5; the tile distributions of section
// 6.3.2) on real MPI ranks. For every initial distribution (drawn from the seed by redist's perm
// generator) and repetition, four strategies run the same K iterations of the stencil:
//
//   owner  no redistribution: iterate on the initial distribution (the document's owner-computes);
//   can    D_can: part j of the target partition goes to rank j;
//   vol    D_vol: the placement of the parts that moves the fewest tiles (VolumeRedistrib);
//   steps  D_steps: the placement that needs the fewest one-port steps (StepRedistrib);
//
// each of the last three moving the tiles with redist's MPI executor (exec::redistribute_parts,
// real bytes), iterating, then moving the tiles back to their initial ranks, as the document's
// runtime does. Distributions: `random` (section 4.3.1: D tiles per rank, a circular 1-D array, the
// target the full-block partition of section 5.2) or `skewed-set` / `chunk-set` (section 6.3.2: n x
// n matrix tiles, the target the 2-D block-cyclic partition of the QR experiments, a five-point
// stencil on the tile torus). Each phase is timed between barriers with MPI_Wtime.
//
// The document sets the kernel cost against the communication cost (tau_comm / tau_calc = 1 in
// Figure 4, 10 in Figure 5). tau_comm is measured here first (one tile, ping-pong between the first
// and last rank) and each tile update then takes tau_comm / ratio (a real update, then a sleep).
//
// Checks, on every run: after the first redistribution every rank hosts exactly the tiles the
// assignment gives it, each with its initial contents (hash); after the K iterations and the move
// back, every tile equals the serial reference (serial_reference_hashes). Any difference: exit 1.

#include <cstdint>
#include <string>

#include "redist/exec/context.hpp"

namespace redist::example {

struct StencilOptions {
  std::string distribution = "random";  // random, skewed-set, chunk-set
  std::int64_t tiles_per_rank = 8;      // D (random)
  std::int64_t side = 8;                // n: n x n tiles (skewed-set, chunk-set)
  std::int64_t tile_values = 32768;     // doubles per tile
  int iterations = 9;                   // K: times are reported after 0..K iterations
  double ratio = 1.0;                   // tau_comm / tau_calc
  double calc_ms = -1.0;                // tau_calc in ms; < 0: measured tau_comm / ratio
  int layouts = 5;                      // initial distributions
  int repetitions = 3;                  // runs of each strategy per distribution
  std::uint64_t seed = 1;
  std::string csv;       // rank 0 writes one row per run and K here ("" = none)
  bool corrupt = false;  // tests only: alter one value of one tile, the check must fail
};

/// Collective. Returns 0 when every check passed, 1 otherwise.
int run_stencil_app(exec::Context& ctx, const StencilOptions& options);

}  // namespace redist::example
