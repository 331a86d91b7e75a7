// The adaptive redistribution policy (sim/adaptive_policy.hpp): pure decisions, checked by
// hand-made views whose right answer follows from the two tests (worth it, patience) and the
// learned slowdown.

#include <gtest/gtest.h>

#include "redist/sim/adaptive_policy.hpp"

namespace redist {
namespace {

TEST(AdaptivePolicy, WeighsSavingAgainstCost) {
  sim::AdaptiveOptions o;
  o.margin = 1.5;
  o.patience = 0.5;
  o.initial_slowdown = 1.0;  // costs taken as predicted
  sim::AdaptivePolicy policy(o);
  sim::AdaptiveView v{10,  100,  2.0,
                      1.0, 30.0, 0.0};  // saves 1 s per iteration, 90 left, costs 30 s
  EXPECT_FALSE(policy.decide(v));       // 90 >= 45 but only 1 s lost so far (needs 15)
  for (int k = 11; k < 24; ++k) EXPECT_FALSE(policy.decide({k, 100, 2.0, 1.0, 30.0, 0.0}));
  EXPECT_TRUE(policy.decide({24, 100, 2.0, 1.0, 30.0, 0.0}));   // 15 s lost
  EXPECT_FALSE(policy.decide({25, 100, 2.0, 1.0, 30.0, 0.0}));  // the count restarts
  o.patience = 0;
  sim::AdaptivePolicy late(o);
  EXPECT_FALSE(late.decide({90, 100, 2.0, 1.0, 30.0, 0.0}));  // 10 iterations cannot repay 45 s
  EXPECT_TRUE(late.decide({50, 100, 2.0, 1.0, 30.0, 0.0}));   // 50 s saved >= 45
  EXPECT_FALSE(late.decide({50, 100, 1.0, 1.0, 30.0, 0.0}));  // balanced already
}

TEST(AdaptivePolicy, LearnsTheSlowdownAsARatioOfSums) {
  sim::AdaptivePolicy policy;
  EXPECT_DOUBLE_EQ(policy.expected_cost(2.0, 0.5), 6.5);  // the default prior: 3 x the prediction
  policy.observe(1.0, 3.0);
  policy.observe(3.0, 3.0);
  EXPECT_DOUBLE_EQ(policy.slowdown(), 1.5);  // ratio of sums, never below 1
  EXPECT_DOUBLE_EQ(policy.expected_cost(2.0, 0.5), 3.5);
}

// The decision is a pure function of the views seen so far: two policies fed the same views (two
// ranks, say) decide the same at every step, and a policy never redistributes twice in a row on a
// constant imbalance unless the lost time has built up again.
TEST(AdaptivePolicy, SameViewsGiveTheSameDecisions) {
  sim::AdaptivePolicy a, b;
  int decisions = 0;
  int last = -100;
  for (int k = 1; k < 100; ++k) {
    const sim::AdaptiveView v{k, 100, 1.0 + 0.01 * (k % 7), 1.0, 0.5, 0.01};
    const bool da = a.decide(v);
    EXPECT_EQ(da, b.decide(v)) << "iteration " << k;
    if (da) {
      EXPECT_GT(k - last, 1) << "iteration " << k;
      last = k;
      ++decisions;
      a.observe(0.5, 0.6);
      b.observe(0.5, 0.6);
    }
  }
  EXPECT_GT(decisions, 0);
  EXPECT_DOUBLE_EQ(a.slowdown(), b.slowdown());
}

}  // namespace
}  // namespace redist
