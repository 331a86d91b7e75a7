#pragma once
// The memory `plan_ring` is expected to take on an instance, from peak resident sizes measured per
// framework (BENCHMARKS.md, "Scaling"), so that a plan that cannot fit is refused before it starts
// rather than killed by the kernel minutes later.

#include <cstdint>

#include "redist/core/ring_instance.hpp"

namespace redist::ring {

/// Bytes per processor measured at n = 10^5 and 10^6 with loads up to 1000, rounded up, for the
/// framework of `instance`; heterogeneous rings also grow with the number of transfers their
/// relays need, so their figure is the one measured on the generator's rings.
std::uint64_t plan_bytes_per_processor(const RingInstance& instance);

/// Expected peak memory of planning `instance` and writing its schedule (the instance included).
std::uint64_t plan_memory_estimate(const RingInstance& instance);

}  // namespace redist::ring
