// Homogeneous bidirectional planner (document 000 section 5; docs/errata.md item 1). Every schedule
// is checked by certificate: the exact validator accepts it, and its makespan equals Lemma 6 (a
// proved lower bound), so it is optimal; tiny instances are also compared with the brute-force
// optimum.
#include "redist/ring/homogeneous_bidirectional.hpp"

#include <gtest/gtest.h>

#include <algorithm>

#include "redist/core/random.hpp"
#include "redist/ring/bounds.hpp"
#include "redist/ring/generator.hpp"
#include "redist/sim/ring_validator.hpp"
#include "support/ring_brute_force.hpp"
#include "support/tiny_rings.hpp"

namespace redist {
namespace {

RingInstance ring(std::vector<std::int64_t> loads, std::vector<std::int64_t> targets,
                  std::int64_t cost = 1) {
  RingInstance inst;
  inst.kind = RingKind::bidirectional;
  inst.loads = std::move(loads);
  inst.targets = std::move(targets);
  inst.succ_cost.assign(inst.loads.size(), cost);
  inst.pred_cost.assign(inst.loads.size(), cost);
  return inst;
}

// Validates the planner's schedule and returns its makespan; fails the test on any inconsistency.
Ticks checked_plan(const RingInstance& inst) {
  const Schedule s = ring::plan_homogeneous_bidirectional(inst);
  const sim::ValidationResult v = sim::validate_ring_schedule(inst, s);
  EXPECT_TRUE(v.valid) << (v.violation ? v.violation->rule + ": " + v.violation->message : "");
  EXPECT_EQ(v.makespan, *s.makespan);
  EXPECT_EQ(*s.lower_bound, ring::lemma6_bound(inst));
  EXPECT_EQ(*s.status == PlanStatus::optimal, *s.makespan == *s.lower_bound);
  EXPECT_TRUE(s.flow_shift.has_value());
  EXPECT_EQ(s.time_scale, inst.cost_scale);
  return v.makespan;
}

TEST(HomogeneousBidirectional, ErrataItem1SmallestInfeasibleCaseOfThePrintedAlgorithm) {
  // Printed Algorithm 3 makes P1 send an item it does not hold in step 2; the optimum is 3 steps.
  const RingInstance inst = ring({1, 1, 1, 4}, {1, 1, 4, 1});
  EXPECT_EQ(checked_plan(inst), 3);
  EXPECT_EQ(testing::brute_force_steps(inst), 3);
}

TEST(HomogeneousBidirectional, ErrataItem1ForwardingRulesNeedAFixpoint) {
  // One pass of the printed forwarding rules (steps 25-30) takes 2 steps; one step suffices.
  const RingInstance inst = ring({1, 1, 1, 2, 1}, {1, 1, 2, 1, 1});
  EXPECT_EQ(checked_plan(inst), 1);
  EXPECT_EQ(testing::brute_force_steps(inst), 1);
}

TEST(HomogeneousBidirectional, EdgeCases) {
  EXPECT_EQ(checked_plan(ring({5}, {5})), 0);
  EXPECT_EQ(checked_plan(ring({3, 3, 3}, {3, 3, 3})), 0);
  EXPECT_TRUE(ring::plan_homogeneous_bidirectional(ring({3, 3, 3}, {3, 3, 3})).transfers.empty());
  EXPECT_EQ(checked_plan(ring({7, 1}, {1, 7})), 6);
  EXPECT_EQ(checked_plan(ring({13, 1, 1, 1, 1, 1}, {3, 3, 3, 3, 3, 3})),
            10);  // one holds everything
  EXPECT_EQ(checked_plan(ring({1, 1, 1, 1, 1, 13}, {3, 3, 3, 3, 3, 3})), 10);
}

TEST(HomogeneousBidirectional, TwoProcessorsNameTheLinkOfEveryTransfer) {
  for (const auto& inst : {ring({9, 1}, {2, 8}), ring({1, 9}, {8, 2}), ring({2, 2}, {1, 3})}) {
    const Schedule s = ring::plan_homogeneous_bidirectional(inst);
    for (const Transfer& t : s.transfers) EXPECT_TRUE(t.link.has_value());
    EXPECT_EQ(checked_plan(inst), ring::lemma6_bound(inst));
  }
  // Every shift of the window, both orientations: some use both links of a processor.
  const RingInstance inst = ring({9, 1}, {2, 8});
  const ring::ShiftWindow w = ring::lemma6_shift_window(inst);
  EXPECT_EQ(w.hi - w.lo, 7);
  for (std::int64_t x = w.lo; x <= w.hi; ++x)
    for (const ring::FirstSide side : {ring::FirstSide::succ, ring::FirstSide::pred}) {
      const Schedule s = ring::schedule_homogeneous_bidirectional(inst, x, side);
      const sim::ValidationResult v = sim::validate_ring_schedule(inst, s);
      EXPECT_TRUE(v.valid) << "x=" << x;
      EXPECT_EQ(v.makespan, 7);
    }
}

TEST(HomogeneousBidirectional, CostsAndDecimalScaleMultiplyTheSteps) {
  RingInstance inst = ring({1, 1, 1, 4}, {1, 1, 4, 1}, 25);
  inst.cost_scale = 1;  // 2.5 time units per item
  EXPECT_EQ(checked_plan(inst), 75);
}

TEST(HomogeneousBidirectional, ExhaustiveTinyRingsReachLemma6) {
  // Every instance with n <= 6 and loads, targets in 1..3: valid and exactly Lemma 6.
  long checked = 0;
  for (std::size_t n = 1; n <= 6; ++n)
    testing::for_each_tiny_ring(n, 1, 3, RingKind::bidirectional, [&](const RingInstance& inst) {
      ASSERT_EQ(checked_plan(inst), ring::lemma6_bound(inst));
      ++checked;
    });
  EXPECT_EQ(checked, 3 + 19 + 141 + 1107 + 8953 + 73789);
}

TEST(HomogeneousBidirectional, EveryShiftOfTheWindowAndBothOrientationsReachLemma6) {
  // The proof allows any x in the window and either first side when loads, targets >= 1.
  long checked = 0;
  for (std::size_t n = 2; n <= 5; ++n)
    testing::for_each_tiny_ring(n, 1, 3, RingKind::bidirectional, [&](const RingInstance& inst) {
      const ring::ShiftWindow w = ring::lemma6_shift_window(inst);
      for (std::int64_t x = w.lo; x <= w.hi; ++x)
        for (const ring::FirstSide side : {ring::FirstSide::succ, ring::FirstSide::pred}) {
          const Schedule s = ring::schedule_homogeneous_bidirectional(inst, x, side);
          const sim::ValidationResult v = sim::validate_ring_schedule(inst, s);
          ASSERT_TRUE(v.valid);
          ASSERT_EQ(v.makespan, ring::lemma6_bound(inst)) << "x=" << x;
          ++checked;
        }
    });
  EXPECT_GT(checked, 10000);
}

TEST(HomogeneousBidirectional, MatchesTheBruteForceOptimumOnTinyRings) {
  long checked = 0;
  for (std::size_t n = 2; n <= 4; ++n)
    testing::for_each_tiny_ring(n, 1, 3, RingKind::bidirectional, [&](const RingInstance& inst) {
      const auto steps = testing::brute_force_steps(inst);
      ASSERT_TRUE(steps);
      ASSERT_EQ(checked_plan(inst), *steps);
      ++checked;
    });
  EXPECT_EQ(checked, 19 + 141 + 1107);
}

TEST(HomogeneousBidirectional, RandomRingsReachLemma6) {
  Rng rng(2024);
  for (int trial = 0; trial < 4000; ++trial) {
    ring::RingGenOptions opt;
    opt.kind = RingKind::bidirectional;
    opt.n = static_cast<std::size_t>(rng.uniform(2, 30));
    opt.max_load = rng.uniform(1, 20);
    opt.max_cost = 1;
    opt.seed = rng.next();
    RingInstance inst = ring::generate_ring_instance(opt);
    const std::int64_t c = rng.uniform(1, 5);
    inst.succ_cost.assign(inst.size(), c);
    inst.pred_cost.assign(inst.size(), c);
    ASSERT_EQ(checked_plan(inst), ring::lemma6_bound(inst)) << "trial " << trial;
  }
}

TEST(HomogeneousBidirectional, BatchesDoNotGrowWithTheNumberOfSteps) {
  Rng rng(99);
  for (int trial = 0; trial < 200; ++trial) {
    ring::RingGenOptions opt;
    opt.kind = RingKind::bidirectional;
    opt.n = static_cast<std::size_t>(rng.uniform(2, 60));
    opt.max_load = 10;
    opt.max_cost = 1;
    opt.seed = rng.next();
    const RingInstance base = generate_ring_instance(opt);
    // The same ring with every excess over one item times m: Lemma 6 grows like m (to ~10^13 items
    // and steps for m = 10^12), the number of batches does not.
    const auto scaled = [&](std::int64_t m) {
      RingInstance inst = base;
      for (std::size_t i = 0; i < inst.size(); ++i) {
        inst.loads[i] = 1 + (base.loads[i] - 1) * m;
        inst.targets[i] = 1 + (base.targets[i] - 1) * m;
      }
      return inst;
    };
    const RingInstance medium = scaled(1000), huge = scaled(1'000'000'000'000);
    EXPECT_EQ(checked_plan(huge), ring::lemma6_bound(huge));
    const Schedule a = ring::plan_homogeneous_bidirectional(medium),
                   b = ring::plan_homogeneous_bidirectional(huge);
    EXPECT_EQ(a.transfers.size(), b.transfers.size()) << "trial " << trial;
    EXPECT_LE(b.transfers.size(), 3 * huge.size());
  }
}

TEST(HomogeneousBidirectional, ZeroLoadsAndTargetsStillGiveValidSchedules) {
  // Optimality is not promised here; validity is, and "optimal" only when the bound is met.
  long checked = 0, optimal = 0, at_brute_force = 0;
  for (std::size_t n = 2; n <= 4; ++n)
    testing::for_each_tiny_ring(n, 0, 2, RingKind::bidirectional, [&](const RingInstance& inst) {
      const Ticks made = checked_plan(inst);
      const auto steps = testing::brute_force_steps(inst);
      ASSERT_TRUE(steps);
      ASSERT_GE(made, *steps);
      optimal += made == ring::lemma6_bound(inst);
      at_brute_force += made == *steps;
      ++checked;
    });
  EXPECT_EQ(checked, 19 + 141 + 1107);
  EXPECT_GE(at_brute_force, checked * 9 / 10);
  EXPECT_LE(optimal, at_brute_force);
}

TEST(HomogeneousBidirectional, RandomRingsWithZeroLoadsStayValid) {
  Rng rng(7);
  for (int trial = 0; trial < 2000; ++trial) {
    const auto n = static_cast<std::size_t>(rng.uniform(2, 25));
    std::vector<std::int64_t> loads(n), targets(n);
    for (auto& l : loads) l = rng.uniform(0, 3) == 0 ? 0 : rng.uniform(0, 15);
    for (auto& t : targets) t = rng.uniform(0, 3) == 0 ? 0 : rng.uniform(0, 15);
    std::int64_t diff = 0;
    for (std::size_t i = 0; i < n; ++i) diff += loads[i] - targets[i];
    (diff > 0
         ? targets
         : loads)[static_cast<std::size_t>(rng.uniform(0, static_cast<std::int64_t>(n) - 1))] +=
        diff > 0 ? diff : -diff;
    const RingInstance inst = ring(loads, targets);
    ASSERT_GE(checked_plan(inst), ring::lemma6_bound(inst)) << "trial " << trial;
  }
}

}  // namespace
}  // namespace redist
