// Homogeneous bidirectional planner (document 000 section 5; docs/errata.md item 1). Every schedule
// is checked by certificate: the exact validator accepts it, and its makespan equals Lemma 6 (a
// proved lower bound), so it is optimal; tiny instances are also compared with the brute-force
// optimum.
#include "ring/homogeneous_bidirectional.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>

#include "redist/core/random.hpp"
#include "redist/ring/bounds.hpp"
#include "redist/ring/generator.hpp"
#include "redist/sim/ring_validator.hpp"
#include "support/printed_algorithm3.hpp"
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

// docs/errata.md item 1, run as printed: test-only reference code of Algorithm 3's rules
// (support/printed_algorithm3.hpp), judged by the exact validator, next to redist's construction.
TEST(HomogeneousBidirectional, ErrataItem1SmallestInfeasibleCaseOfThePrintedAlgorithm) {
  const RingInstance inst = ring({1, 1, 1, 4}, {1, 1, 4, 1});
  for (const auto rules :
       {testing::ForwardingRules::one_pass, testing::ForwardingRules::until_stable}) {
    const testing::PrintedAlgorithm3Run printed = testing::run_printed_algorithm3(inst, rules);
    // Step 1 (delta_max 3): P3 -> P0 (line 21) and P1 -> P2 (line 24). Step 2 (delta_max 2): P0 ->
    // P1 (lines 11-12), P3 -> P0 (line 21), and P1 -> P2 again (line 24) while P1 holds nothing.
    EXPECT_TRUE(printed.ended);
    const sim::ValidationResult v = sim::validate_ring_schedule(inst, printed.schedule);
    ASSERT_FALSE(v.valid);
    EXPECT_EQ(v.violation->rule, "holdings") << v.violation->message;
    EXPECT_EQ(v.violation->processor, 1);
    EXPECT_EQ(static_cast<long long>(v.violation->time), 1);  // the start of step 2
  }
  // The corrected construction: valid, and as fast as the brute-force optimum (P3 -> P2 three
  // times).
  EXPECT_EQ(checked_plan(inst), 3);
  EXPECT_EQ(testing::brute_force_steps(inst), 3);
}

TEST(HomogeneousBidirectional, ErrataItem1ForwardingRulesNeedAFixpoint) {
  const RingInstance inst = ring({1, 1, 1, 2, 1}, {1, 1, 2, 1, 1});
  // One pass in index order: P0 is visited before P4 forwards to it, so P0 ends the step with an
  // extra item and a second step is needed.
  const testing::PrintedAlgorithm3Run once =
      testing::run_printed_algorithm3(inst, testing::ForwardingRules::one_pass);
  const sim::ValidationResult v1 = sim::validate_ring_schedule(inst, once.schedule);
  ASSERT_TRUE(v1.valid) << v1.violation->message;
  EXPECT_EQ(static_cast<long long>(v1.makespan), 2);
  // Repeated until nothing changes, the rules pass one item all the way round: P3 -> P4 -> P0 ->
  // P1 -> P2 in one step, the optimum.
  const testing::PrintedAlgorithm3Run stable =
      testing::run_printed_algorithm3(inst, testing::ForwardingRules::until_stable);
  const sim::ValidationResult v2 = sim::validate_ring_schedule(inst, stable.schedule);
  ASSERT_TRUE(v2.valid) << v2.violation->message;
  EXPECT_EQ(static_cast<long long>(v2.makespan), 1);
  EXPECT_EQ(checked_plan(inst), 1);
  EXPECT_EQ(testing::brute_force_steps(inst), 1);
}

TEST(HomogeneousBidirectional, ErrataItem1ThePrintedRulesOnEveryTinyRing) {
  // Every ring of n <= 5 with loads and targets in 1..4. Theorem 3's value holds wherever the
  // printed rules are feasible; they are infeasible on some rings from n = 4 on and never before,
  // and the one-pass reading of lines 25-30 is slower than Lemma 6 on some rings. redist's
  // construction is valid and at Lemma 6 on all of them (ExhaustiveTinyRingsReachLemma6).
  long rings = 0, infeasible = 0, one_pass_slow = 0, smallest_infeasible_n = 0;
  for (std::size_t n = 1; n <= 5; ++n)
    testing::for_each_tiny_ring(n, 1, 4, RingKind::bidirectional, [&](const RingInstance& inst) {
      ++rings;
      const Ticks bound = ring::lemma6_bound(inst);
      const auto stable =
          testing::run_printed_algorithm3(inst, testing::ForwardingRules::until_stable);
      ASSERT_TRUE(stable.ended);
      ASSERT_EQ(stable.steps, bound);  // Lemma 8: one call per unit of delta_max
      const sim::ValidationResult v = sim::validate_ring_schedule(inst, stable.schedule);
      if (!v.valid) {
        ASSERT_EQ(v.violation->rule, "holdings") << v.violation->message;
        if (infeasible++ == 0) smallest_infeasible_n = static_cast<long>(n);
      } else {
        ASSERT_EQ(v.makespan, bound);
      }
      const auto once = testing::run_printed_algorithm3(inst, testing::ForwardingRules::one_pass);
      const sim::ValidationResult w = sim::validate_ring_schedule(inst, once.schedule);
      one_pass_slow += w.valid && w.makespan > bound;
    });
  EXPECT_EQ(rings, 4 + 44 + 580 + 8092 + 116304);
  EXPECT_EQ(smallest_infeasible_n, 4);
  EXPECT_GT(infeasible, 0);
  EXPECT_GT(one_pass_slow, 0);
  std::printf(
      "[ printed Algorithm 3: infeasible on %ld of %ld rings; one-pass forwarding slower "
      "than Lemma 6 on %ld ]\n",
      infeasible, rings, one_pass_slow);
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
