#pragma once
// The memory `plan_ring` is expected to take on an instance, from peak resident sizes measured per
// framework (BENCHMARKS.md, "Scaling"), so that a plan that cannot fit is refused before it starts
// rather than killed by the kernel minutes later.

#include <cstdint>

#include "redist/core/ring_instance.hpp"
#include "redist/ring/plan.hpp"

namespace redist::app {

/// Expected peak memory of planning `instance` with `options` and writing its schedule (the
/// instance included). Back-to-back batches on a heterogeneous ring are estimated at the batch
/// limit (max_schedule_batches: 64 per processor), since relays then take one batch per item up to
/// it.
std::uint64_t plan_memory_estimate(const RingInstance& instance,
                                   const ring::RingPlanOptions& options = {});

}  // namespace redist::app
