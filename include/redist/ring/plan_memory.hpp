#pragma once
// The memory `plan_ring` is expected to take on an instance, from peak resident sizes measured per
// framework (BENCHMARKS.md, "Scaling"), so that a plan that cannot fit is refused before it starts
// rather than killed by the kernel minutes later.

#include <cstdint>

#include "redist/core/ring_instance.hpp"

namespace redist::ring {

/// Expected peak memory of planning `instance` and writing its schedule (the instance included).
std::uint64_t plan_memory_estimate(const RingInstance& instance);

}  // namespace redist::ring
