// Exhaustive check of docs/errata.md item 3 on tiny homogeneous rings: tau_int (System 6's integer
// optimum, document 000) never exceeds the exact optimum found by breadth-first search, and equals
// it whenever the integer optimum is light (Lemma 9 then reaches it). Label `slow`: the search is
// costly under sanitizers.

#include <gtest/gtest.h>

#include "redist/sim/ring_validator.hpp"
#include "ring/system6.hpp"
#include "support/ring_brute_force.hpp"
#include "support/tiny_rings.hpp"

namespace redist {
namespace {

TEST(System6Tiny, TauIntNeverExceedsTheExactOptimumOfTinyHomogeneousRings) {
  // docs/errata.md item 3: tau_int bounds every schedule, light or not; zero loads included.
  int checked = 0, certified = 0;
  for (std::size_t n = 1; n <= 5; ++n)
    testing::for_each_tiny_ring(
        n, n <= 4 ? 0 : 1, n <= 4 ? 3 : 2, RingKind::bidirectional, [&](const RingInstance& inst) {
          const auto steps = testing::brute_force_steps(inst);
          ASSERT_TRUE(steps);
          const auto s = ring::solve_system6(inst);
          EXPECT_LE(s.integer_optimum, *steps);
          if (s.integer_shift_light) {  // then Lemma 9 reaches tau_int, so both equal the optimum
            const auto schedule = ring::lemma9_schedule(inst, s.integer_shift, s);
            const auto verdict = sim::validate_ring_schedule(inst, schedule);
            EXPECT_TRUE(verdict.valid);
            EXPECT_EQ(verdict.makespan, s.integer_optimum);
            EXPECT_EQ(s.integer_optimum, *steps);
            ++certified;
          }
          ++checked;
        });
  EXPECT_GT(checked, 3000);
  EXPECT_GT(certified, 500);
}

}  // namespace
}  // namespace redist
