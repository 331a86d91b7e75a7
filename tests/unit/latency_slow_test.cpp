// Larger tiny rings against the exhaustive search (slow: about two minutes).

#include <gtest/gtest.h>

#include "redist/core/random.hpp"
#include "redist/ring/plan.hpp"
#include "support/latency_brute_force.hpp"
#include "support/latency_rings.hpp"

namespace redist::ring {
void compare_with_exhaustive(std::uint64_t seed, int trials, std::int64_t max_n,
                             std::int64_t max_items, std::int64_t max_latency,
                             std::int64_t max_ticks, std::size_t max_states);
void plan_generated_rings(std::uint64_t seed, int trials);
namespace {

TEST(LatencyPlanSlow, ValidOnThousandsOfGeneratedRings) { plan_generated_rings(78, 2000); }

TEST(LatencyPlanSlow, AgainstTheExhaustiveOptimumOnFiveProcessors) {
  compare_with_exhaustive(405, 600, 5, 8, 6, 50, 200'000);
}

}  // namespace
}  // namespace redist::ring
