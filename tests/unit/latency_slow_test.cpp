// Larger tiny rings against the exhaustive search (slow: about two minutes).

#include <gtest/gtest.h>

#include <vector>

#include "redist/core/random.hpp"
#include "redist/ring/plan.hpp"
#include "support/latency_brute_force.hpp"
#include "support/latency_rings.hpp"

namespace redist::ring {
void compare_with_exhaustive(std::uint64_t seed, int trials, std::int64_t max_n,
                             std::int64_t max_items, std::int64_t max_latency,
                             std::int64_t max_ticks, std::size_t max_states);
void plan_generated_rings(std::uint64_t seed, int trials);
void plan_large_rings(std::size_t n, const std::vector<std::uint64_t>& seeds);
namespace {

// Ten thousand processors, every framework and ratio (latency_large_test.cpp).
TEST(LatencyPlanSlow, TenThousandProcessorsWithinTheStatedFactorOfTheBound) {
  plan_large_rings(10'000, {4, 5});
}

// Above 10^5 processors the planner tries one piece size and one shift, and times a bidirectional
// ring's remainders in two sweeps: the same promises there.
TEST(LatencyPlanSlow, LargeRingConstructionWithinTheStatedFactorOfTheBound) {
  plan_large_rings(200'000, {6});
}

TEST(LatencyPlanSlow, ValidOnThousandsOfGeneratedRings) { plan_generated_rings(78, 2000); }

TEST(LatencyPlanSlow, AgainstTheExhaustiveOptimumOnFiveProcessors) {
  compare_with_exhaustive(405, 600, 5, 8, 6, 50, 200'000);
}

}  // namespace
}  // namespace redist::ring
