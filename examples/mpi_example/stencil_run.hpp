#pragma once
// One run of the stencil application under one strategy (stencil_app.hpp): redistribute, iterate K
// times, move back, timing each phase and checking every tile.

#include <cstdint>
#include <span>
#include <vector>

#include "redist/exec/context.hpp"
#include "redist/perm/instance.hpp"
#include "stencil_grid.hpp"

namespace redist::example {

enum class StencilStrategy { owner, can, vol, steps };
inline constexpr StencilStrategy kStencilStrategies[] = {
    StencilStrategy::owner, StencilStrategy::can, StencilStrategy::vol, StencilStrategy::steps};
const char* to_string(StencilStrategy strategy);

/// One initial distribution: the rank of every tile now, and its part of the target partition.
struct StencilLayout {
  StencilGrid grid;
  std::vector<int> initial;
  std::vector<perm::Proc> partition;
};

struct StencilRun {
  double redistribution_s = 0.0;    // initial -> target (0 for owner)
  double back_s = 0.0;              // target -> initial (0 for owner)
  std::vector<double> iteration_s;  // K entries
  std::int64_t moved_tiles = 0;     // tiles that changed rank in the first redistribution
  std::int64_t steps = 0;           // its one-port steps
  std::int64_t halo_tiles = 0;      // tiles sent per iteration, all ranks
  std::int64_t bad_tiles = 0;       // all ranks: misplaced or wrong tiles (must be 0)
  // Tile distributions only (torus2d): a tiled QR on the layout the stencil ran on
  // (qr_traffic.hpp).
  std::int64_t qr_tiles_sent = -1;
  double qr_work_share = 0.0;
};

/// Collective; every rank passes the same layout. `reference` holds the serial hashes after K
/// iterations; `corrupt` (tests) alters one value on rank 0 before the move back. Timings are rank
/// 0's between barriers (the slowest rank's time).
StencilRun run_stencil_strategy(exec::Context& ctx, const StencilLayout& layout,
                                StencilStrategy strategy, int iterations, double calc_seconds,
                                std::span<const std::uint64_t> reference, bool corrupt = false);

}  // namespace redist::example
