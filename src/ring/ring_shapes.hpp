#pragma once
// Load shapes of the ring generator (include/redist/ring/generator.hpp), private to src/ring.

#include "redist/core/random.hpp"
#include "redist/ring/generator.hpp"

namespace redist::ring::detail {

/// Moves the targets' total to `total` keeping each in [1, cap], spread from a random processor.
void match_total(std::vector<std::int64_t>& targets, std::int64_t total, std::int64_t cap,
                 Rng& rng);

/// Fills inst.loads and inst.targets (already sized n) for a shape other than uniform.
void draw_shaped_loads(RingInstance& inst, const RingGenOptions& options, Rng& rng);

}  // namespace redist::ring::detail
