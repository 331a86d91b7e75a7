// Plans with spaced transfers (docs/ring_unidirectional.md): heterogeneous unidirectional rings
// come back optimal, at exactly Lemma 5's value computed here independently, on random rings of
// several shapes and on adversarial relay chains; schedules stay small whatever the item counts;
// every bidirectional plan is validated. Every schedule goes through the exact validator.

#include <gtest/gtest.h>

#include <algorithm>

#include "redist/core/error.hpp"
#include "redist/core/random.hpp"
#include "redist/ring/generator.hpp"
#include "redist/ring/plan.hpp"
#include "redist/sim/ring_validator.hpp"
#include "ring/path_timing.hpp"
#include "support/ring_builders.hpp"
#include "support/ring_test_helpers.hpp"

namespace redist {
namespace {

using testing::lemma5_value;

ring::RingPlan validated_plan(const RingInstance& inst, const ring::RingPlanOptions& options = {}) {
  ring::RingPlan plan = plan_ring(inst, options);
  const auto verdict = sim::validate_ring_schedule(inst, plan.schedule);
  EXPECT_TRUE(verdict.valid) << (verdict.violation ? verdict.violation->message : "");
  EXPECT_TRUE(verdict.makespan == *plan.schedule.makespan);
  EXPECT_TRUE(*plan.schedule.makespan >= plan.bounds.best);
  return plan;
}

// Most transfers on one link (a link carries all of one sender's transfers to one neighbour).
std::size_t most_transfers_per_link(const Schedule& s) {
  std::vector<std::pair<std::int64_t, std::int64_t>> links;
  for (const Transfer& t : s.transfers) links.push_back({t.from, t.to});
  std::sort(links.begin(), links.end());
  std::size_t most = 0;
  for (std::size_t i = 0, j = 0; i < links.size(); i = j) {
    while (j < links.size() && links[j] == links[i]) ++j;
    most = std::max(most, j - i);
  }
  return most;
}

RingInstance heterogeneous_uni(std::size_t n, std::int64_t max_load, std::int64_t max_cost,
                               std::uint64_t seed) {
  return testing::generated_ring(seed, n, max_load, max_cost, false, RingKind::unidirectional);
}

void expect_lemma5_optimal(const RingInstance& inst) {
  const ring::RingPlan plan = validated_plan(inst);
  EXPECT_TRUE(*plan.schedule.makespan == lemma5_value(inst)) << "n=" << inst.size();
  EXPECT_EQ(plan.schedule.status, PlanStatus::optimal);
  EXPECT_FALSE(plan.batch_limited);
}

TEST(SpacedUnidirectional, RandomRingsOfSeveralShapesMeetLemma5) {
  Rng rng(17);
  for (int trial = 0; trial < 1500; ++trial) {
    const std::size_t n =
        static_cast<std::size_t>(trial % 50 == 0 ? rng.uniform(200, 2000) : rng.uniform(2, 40));
    const std::int64_t max_load = trial % 3 == 0 ? 1'000'000'000 : trial % 3 == 1 ? 1000 : 5;
    const std::int64_t max_cost = trial % 2 == 0 ? 10 : 1000;
    expect_lemma5_optimal(heterogeneous_uni(n, max_load, max_cost, rng.next()));
  }
}

TEST(SpacedUnidirectional, DecimalCostsMeetLemma5Exactly) {
  Rng rng(18);
  for (int trial = 0; trial < 300; ++trial) {
    RingInstance inst = heterogeneous_uni(static_cast<std::size_t>(rng.uniform(2, 30)), 1'000'000,
                                          1000, rng.next());
    inst.cost_scale = 3;  // costs 0.001 .. 1.000
    expect_lemma5_optimal(inst);
  }
}

TEST(SpacedUnidirectional, MakespansBeyondTwoToThe62TicksStayPacedAndOptimal) {
  // Costs of up to 10^9 with 6 decimals and loads of up to 10^9: makespans of 10^20 to 10^30
  // ticks, where the paced plan holds its curves and paces in 128 bits. It must still be the
  // paced plan (about one transfer per link, where strict ASAP takes two to five), at exactly
  // Lemma 5's value.
  Rng rng(41);
  int beyond = 0, trials = 0;
  for (int trial = 0; trial < 600; ++trial) {
    ring::RingGenOptions opt;
    opt.n = static_cast<std::size_t>(trial % 40 == 0 ? rng.uniform(500, 3000) : rng.uniform(2, 40));
    opt.heterogeneous = true;
    opt.max_load = trial % 2 == 0 ? 1'000'000'000 : 1000;
    opt.max_cost = trial % 3 == 0 ? 1000 : 1'000'000'000;
    opt.cost_decimals = trial % 4 == 0 ? 3 : 6;
    opt.shape = static_cast<ring::RingShape>(trial % 6);
    opt.seed = rng.next();
    const RingInstance inst = ring::generate_ring_instance(opt);
    const ring::RingPlan plan = validated_plan(inst);
    ASSERT_TRUE(*plan.schedule.makespan == lemma5_value(inst)) << "trial " << trial;
    EXPECT_EQ(plan.schedule.status, PlanStatus::optimal) << "trial " << trial;
    ++trials;
    if (*plan.schedule.makespan < Ticks{1} << 62) continue;
    ++beyond;
    EXPECT_NE(plan.method.find("one paced transfer per link"), std::string::npos)
        << "trial " << trial << ": " << plan.method;
    EXPECT_LE(plan.schedule.transfers.size(), inst.size() + inst.size() / 4 + 2)
        << "trial " << trial;
  }
  EXPECT_GT(beyond, trials / 3);  // the regime is exercised
}

TEST(SpacedUnidirectional, TenThousandProcessorsWithBillionItemLoads) {
  for (const std::uint64_t seed : {1, 2, 3}) {
    const auto inst = heterogeneous_uni(10'000, 1'000'000'000, 10, seed);
    expect_lemma5_optimal(inst);
    EXPECT_LE(validated_plan(inst).schedule.transfers.size(), 8 * inst.size());
  }
}

// A relay chain: one source of `items`, then links whose costs alternate between slow and fast,
// each relay with a few items of its own and a target of the same few, the sink taking the rest.
RingInstance relay_chain(const std::vector<std::int64_t>& costs, std::int64_t items,
                         std::int64_t own) {
  const std::size_t n = costs.size();
  RingInstance inst;
  inst.succ_cost = costs;
  inst.loads.assign(n, own);
  inst.targets.assign(n, own);
  inst.loads[0] = items;
  inst.targets[0] = 1;
  inst.targets[n - 1] += items - 1;
  check_ring_instance(inst, "relay chain");
  return inst;
}

TEST(SpacedUnidirectional, AdversarialRelayChainsStayOptimalAndSmall) {
  // A fast link between two saturated slow links
  // (fuzz/regressions/plan/unidirectional_relay_needs_bursts.bin needed about 10^14 back-to-back
  // batches), and longer chains of alternating and decreasing costs.
  const std::vector<std::vector<std::int64_t>> shapes = {{3, 1, 3, 2},
                                                         {3, 1, 3, 1, 3, 5},
                                                         {7, 1, 7, 1, 7, 1, 7, 9},
                                                         {9, 8, 7, 6, 5, 4, 3, 2, 1, 5},
                                                         {1, 9, 1, 9, 1, 9, 2},
                                                         {5, 3, 5, 3, 4, 2, 6}};
  for (const auto& costs : shapes)
    for (const std::int64_t items :
         {std::int64_t{1000}, std::int64_t{1'000'000'007}, std::int64_t{100'000'000'000'000}})
      for (const std::int64_t own : {1, 3, 1000}) {
        const auto inst = relay_chain(costs, items, own);
        expect_lemma5_optimal(inst);
        EXPECT_LE(validated_plan(inst).schedule.transfers.size(), 4 * costs.size() * costs.size())
            << "items=" << items << " own=" << own;
      }
  // The fuzz regression itself.
  RingInstance inst;
  inst.loads = {1, 282578779226241, 3, 1};
  inst.targets = {282578779226239, 3, 1, 3};
  inst.succ_cost = {2, 3, 1, 3};
  expect_lemma5_optimal(inst);
}

TEST(SpacedUnidirectional, RandomRelayChainsWithHundredTrillionItems) {
  Rng rng(23);
  for (int trial = 0; trial < 400; ++trial) {
    std::vector<std::int64_t> costs(static_cast<std::size_t>(rng.uniform(3, 12)));
    for (auto& c : costs) c = rng.uniform(1, 9);
    const auto inst = relay_chain(costs, rng.uniform(1, 100'000'000'000'000), rng.uniform(1, 5));
    expect_lemma5_optimal(inst);
  }
}

TEST(SpacedPlans, BidirectionalPathsBeyondTwoToThe62TicksArePacedToo) {
  // Bi-het plans pace each path between ASAP and ALAP; from 2^62 ticks on their held ALAP curves
  // are 128-bit. The same rings planned with costs in whole units and with 6 decimals (10^6 times
  // the ticks) must take about as many transfers, where ASAP alone takes two to three per link.
  Rng rng(43);
  std::size_t whole = 0, decimal = 0, beyond = 0;
  for (int trial = 0; trial < 60; ++trial) {
    ring::RingGenOptions opt;
    opt.n = static_cast<std::size_t>(rng.uniform(200, 1500));
    opt.kind = RingKind::bidirectional;
    opt.heterogeneous = true;
    opt.max_load = 1'000'000'000;
    opt.max_cost = 1000;
    opt.seed = rng.next();
    const RingInstance inst = ring::generate_ring_instance(opt);
    whole += validated_plan(inst).schedule.transfers.size();
    const ring::RingPlan plan = validated_plan(rescaled(inst, 6));  // ticks of 10^-6
    decimal += plan.schedule.transfers.size();
    beyond += *plan.schedule.makespan >= Ticks{1} << 62 ? 1 : 0;
  }
  EXPECT_GT(beyond, 30u);
  EXPECT_LE(decimal, whole + whole / 20);
}

TEST(SpacedPlans, AGatherOnThirtyProcessorsIsAFewDozenTransfers) {
  // One processor holds everything (the others start empty): relays forward at their upstream pace.
  Rng rng(30);
  for (const auto kind : {RingKind::unidirectional, RingKind::bidirectional}) {
    RingInstance inst;
    inst.kind = kind;
    inst.loads.assign(30, 0);
    inst.loads[0] = 30 * 100'000;
    inst.targets.assign(30, 100'000);
    for (std::size_t i = 0; i < 30; ++i) inst.succ_cost.push_back(rng.uniform(1, 10));
    if (kind == RingKind::bidirectional)
      for (std::size_t i = 0; i < 30; ++i) inst.pred_cost.push_back(rng.uniform(1, 10));
    check_ring_instance(inst, "gather");
    EXPECT_LE(validated_plan(inst).schedule.transfers.size(), 60U);
  }
}

TEST(SpacedPlans, BidirectionalPlansAreValidAtEverySize) {
  Rng rng(31);
  for (int trial = 0; trial < 600; ++trial) {
    ring::RingGenOptions opt;
    opt.n = static_cast<std::size_t>(trial % 100 == 0  ? 5000
                                     : trial % 10 == 0 ? rng.uniform(100, 500)
                                                       : rng.uniform(2, 30));
    opt.kind = RingKind::bidirectional;
    opt.heterogeneous = trial % 4 != 0;
    opt.max_load = trial % 2 ? 1'000'000'000 : rng.uniform(1, 50);
    opt.max_cost = rng.uniform(1, 12);
    opt.seed = rng.next();
    const auto inst = ring::generate_ring_instance(opt);
    const ring::RingPlan plan = validated_plan(inst);
    EXPECT_LE(plan.schedule.transfers.size(), 8 * inst.size() + 8);
  }
}

TEST(SpacedPlans, HugeItemCountsPlanIntoTinySchedules) {
  // Six processors, 4 x 10^18 items in all (the fuzz corpus's slow case), in both directions.
  for (const auto kind : {RingKind::unidirectional, RingKind::bidirectional}) {
    RingInstance inst;
    inst.kind = kind;
    const std::int64_t third = 666'666'666'666'666'666;
    inst.loads = {third, third, third, 1, 1, 1};
    inst.targets = {1, 1, 1, third, third, third};
    inst.succ_cost = {1, 2, 3, 1, 2, 3};
    if (kind == RingKind::bidirectional) inst.pred_cost = {3, 1, 2, 2, 1, 3};
    check_ring_instance(inst, "huge");
    EXPECT_LE(validated_plan(inst).schedule.transfers.size(), 40U);
  }
}

TEST(SpacedPlans, BackToBackOptionNeverSpacesAndReportsItsGap) {
  Rng rng(32);
  for (int trial = 0; trial < 200; ++trial) {
    const auto inst =
        heterogeneous_uni(static_cast<std::size_t>(rng.uniform(2, 30)), 1000, 10, rng.next());
    ring::RingPlanOptions options;
    options.back_to_back = true;
    const ring::RingPlan plan = validated_plan(inst, options);
    for (const Transfer& t : plan.schedule.transfers)
      ASSERT_EQ(static_cast<long long>(t.spacing), 0);
    EXPECT_EQ(plan.schedule.status == PlanStatus::optimal,
              *plan.schedule.makespan == lemma5_value(inst));
    EXPECT_TRUE(*plan.schedule.lower_bound == lemma5_value(inst));
  }
}

// Strict ASAP's worst case (docs/ring_unidirectional.md): costs decreasing along a chain from one
// heavy source. Every relay sends its own items, then forwards at the pace of each faster-upstream
// stretch in turn, so its link k needs k transfers: n (n - 1) / 2 in all, still optimal and
// independent of the items.
RingInstance decreasing_chain(std::size_t n, std::int64_t items) {
  RingInstance inst;
  for (std::size_t i = 0; i < n; ++i)
    inst.succ_cost.push_back(2 * static_cast<std::int64_t>(n - i));
  inst.loads.assign(n, 1);
  inst.targets.assign(n, 1);
  inst.loads[0] = items;
  inst.targets[n - 1] = items;
  check_ring_instance(inst, "decreasing chain");
  return inst;
}

TEST(SpacedUnidirectional, DecreasingCostChainsTakeOneTransferPerLink) {
  // Strict ASAP would need n (n - 1) / 2 (paced_unidirectional_test.cpp checks that count); the
  // paced plan sends each link's items as one line.
  for (const std::size_t n : {10, 40, 160})
    for (const std::int64_t items : {std::int64_t{1'000'000}, std::int64_t{1'000'000'000'000}}) {
      const auto inst = decreasing_chain(n, items);
      expect_lemma5_optimal(inst);
      EXPECT_EQ(validated_plan(inst).schedule.transfers.size(), n - 1);
    }
}

TEST(SpacedUnidirectional, APathBeyondItsTransferBudgetIsRefusedNotExhaustingMemory) {
  const auto inst = decreasing_chain(40, 1'000'000);
  std::vector<ring::PathLink> links;
  std::vector<std::int64_t> loads;
  for (std::size_t i = 0; i + 1 < inst.size(); ++i) {
    links.push_back({1'000'000 - 1, inst.succ_cost[i], 0});
    loads.push_back(i == 0 ? 1'000'000 - 1 : 1);
  }
  EXPECT_NO_THROW(ring::time_path(links, loads, ring::FollowMode::exact, 1000));
  EXPECT_THROW(ring::time_path(links, loads, ring::FollowMode::exact, 500), InputError);
}

TEST(SpacedPlans, MostTransfersPerLinkOnRandomRingsIsSmall) {
  // docs/ring_unidirectional.md reports these counts; here they are only bounded loosely.
  std::size_t most = 0;
  for (const std::uint64_t seed : {1, 2, 3, 4, 5})
    most = std::max(most,
                    most_transfers_per_link(
                        validated_plan(heterogeneous_uni(2000, 1'000'000'000, 10, seed)).schedule));
  EXPECT_LE(most, 64U);
}

}  // namespace
}  // namespace redist
