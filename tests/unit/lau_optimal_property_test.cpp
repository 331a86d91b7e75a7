// Our optimal search (lau/optimal.hpp) proved optimal by brute force over every shift in a wide
// range: the time, and the exact set of optimal shifts, on every tiny instance and on seeded random
// ones; the returned flows executed step by step take that time.

#include <gtest/gtest.h>

#include "lau_brute_force.hpp"
#include "redist/lau/optimal.hpp"

namespace redist {
namespace {

void expect_optimal(const sim::AllportInstance& inst, bool by_executor) {
  const sim::ShiftEvaluator eval(inst);
  for (sim::SendMode mode : {sim::SendMode::single, sim::SendMode::multi}) {
    const lau::OptimalShift ours = lau::optimal_shift(eval, mode);
    const testing::BruteForce brute = testing::brute_force(inst, mode, by_executor);
    ASSERT_EQ(ours.time, brute.best) << to_string(mode) << " n " << inst.size();
    ASSERT_EQ(ours.optimal.lo, brute.optimal_shifts.front());
    ASSERT_EQ(ours.optimal.hi, brute.optimal_shifts.back());
    ASSERT_EQ(static_cast<std::int64_t>(brute.optimal_shifts.size()),
              ours.optimal.hi - ours.optimal.lo + 1);
    ASSERT_GE(ours.shift, ours.optimal.lo);
    ASSERT_LE(ours.shift, ours.optimal.hi);
    const sim::AllportExecution run = execute_allport(inst, eval.flows(ours.shift), mode);
    ASSERT_TRUE(run.reached_targets);
    ASSERT_EQ(run.time(), ours.time);
  }
}

// Every load vector with n <= 5 and loads <= 3 (and n <= 3 up to 5), average targets.
TEST(LauOptimalProperty, EveryTinyInstanceMatchesExecutorBruteForce) {
  int count = 0;
  for (std::size_t n = 1; n <= 5; ++n) {
    const std::int64_t top = n <= 3 ? 5 : 3;
    std::vector<std::int64_t> loads(n, 0);
    for (;;) {
      expect_optimal(sim::allport_instance(loads), true);
      ++count;
      std::size_t i = 0;
      while (i < n && loads[i] == top) loads[i++] = 0;
      if (i == n) break;
      ++loads[i];
    }
  }
  EXPECT_GT(count, 1000);
}

TEST(LauOptimalProperty, RandomInstancesWithRandomTargets) {
  Rng rng(99);
  for (int trial = 0; trial < 400; ++trial) {
    const auto n = static_cast<std::size_t>(rng.uniform(1, 12));
    auto loads = testing::random_loads(rng, n, 8);
    sim::AllportInstance inst;
    inst.targets = testing::random_targets(rng, loads);
    inst.loads = std::move(loads);
    expect_optimal(inst, trial % 4 == 0);
  }
}

// Document-like instances (loads 0..100) where the window search is known to miss sometimes.
TEST(LauOptimalProperty, DocumentLikeInstances) {
  Rng rng(2001);
  for (int trial = 0; trial < 250; ++trial) {  // more in lau_slow_property_test.cpp (label slow)
    const auto n = static_cast<std::size_t>(rng.uniform(4, 30));
    expect_optimal(sim::allport_instance(testing::random_loads(rng, n, 100)), false);
  }
}

}  // namespace
}  // namespace redist
