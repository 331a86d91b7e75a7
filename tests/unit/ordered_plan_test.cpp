// The ordered planner (ring/ordered_plan.hpp): between its lower bound and the exact ordered
// optimum on tiny rings, never worse than the linear plan on thousands of generated rings of every
// shape, routes that cover every moving item once, and a plan whose size does not grow with the
// items.

#include "redist/ring/ordered_plan.hpp"

#include <gtest/gtest.h>

#include <iostream>

#include "redist/core/random.hpp"
#include "redist/ring/generator.hpp"
#include "redist/sim/ordered_validator.hpp"
#include "ring/flow_timing.hpp"
#include "ring/ordered_routes.hpp"
#include "support/ordered_oracles.hpp"

namespace redist::ring {
namespace {

RingInstance tiny_ring(Rng& rng) { return testing::random_small_ring(rng, 2, 4, 3); }

RingInstance generated_ring(Rng& rng, std::size_t max_n) {
  RingGenOptions opt;
  opt.n = static_cast<std::size_t>(rng.uniform(2, static_cast<std::int64_t>(max_n)));
  opt.kind = rng.uniform(0, 3) == 0 ? RingKind::unidirectional : RingKind::bidirectional;
  opt.heterogeneous = rng.uniform(0, 2) != 0;
  opt.max_load = rng.uniform(2, 40);
  opt.max_cost = rng.uniform(2, 10);
  opt.seed = rng.next();
  static const RingShape shapes[] = {RingShape::uniform, RingShape::gather, RingShape::scatter,
                                     RingShape::heavy,   RingShape::blocks, RingShape::forward};
  opt.shape = shapes[rng.uniform(0, 5)];
  return generate_ring_instance(opt);
}

void expect_routes_cover_the_moving_items(const RingInstance& inst, const OrderedPlan& plan) {
  const OrderedLayout layout = OrderedLayout::of(inst);
  std::int64_t next = 0;
  for (const RoutedRange& r : plan.routes) {
    ASSERT_GE(r.first, next);
    ASSERT_GT(r.items, 0);
    for (const std::int64_t g : {r.first, r.first + r.items - 1}) {
      EXPECT_EQ(layout.source_of(g), static_cast<std::size_t>(r.from));
      EXPECT_EQ(layout.destination_of(g), static_cast<std::size_t>(r.to));
    }
    next = r.first + r.items;
  }
  std::int64_t moving = 0, routed = 0;
  for (const ItemBlock& b : moving_blocks(layout)) moving += b.items;
  for (const RoutedRange& r : plan.routes) routed += r.items;
  EXPECT_EQ(routed, moving);
  EXPECT_EQ(*plan.schedule.flow_shift, flow_shift_of(plan.routes));
}

TEST(OrderedPlan, BetweenItsBoundAndTheExactOptimumOfTinyRings) {
  Rng rng(3);
  int solved = 0, optimal = 0, proved = 0;
  for (int round = 0; round < 700; ++round) {
    const RingInstance inst = tiny_ring(rng);
    if (inst.total_items() > 6) continue;
    const auto best = testing::brute_force_ordered(inst, 40, 300'000);
    if (!best) continue;
    ++solved;
    const OrderedPlan plan = plan_ordered(inst);
    EXPECT_LE(plan.bounds.best, best->makespan) << "round " << round;
    EXPECT_GE(*plan.schedule.makespan, best->makespan) << "round " << round;
    optimal += *plan.schedule.makespan == best->makespan;
    if (*plan.schedule.status == PlanStatus::optimal) {
      ++proved;
      EXPECT_EQ(*plan.schedule.makespan, best->makespan);
    }
    expect_routes_cover_the_moving_items(inst, plan);
  }
  EXPECT_GT(solved, 300);
  std::cout << "tiny rings solved exhaustively: " << solved << ", planner optimal on " << optimal
            << ", proved optimal (makespan = its bound) on " << proved << "\n";
  // Measured: docs/ordered.md "Tiny rings"; a drop means the planner got worse.
  EXPECT_GT(optimal, solved * 95 / 100) << optimal << " of " << solved;
  EXPECT_GT(proved, solved / 2) << proved << " of " << solved;
}

TEST(OrderedPlan, NeverWorseThanTheLinearPlan) {
  Rng rng(4);
  int rerouted = 0, better = 0;
  for (int round = 0; round < 2000; ++round) {
    const RingInstance inst = generated_ring(rng, 24);
    const OrderedPlan plan = plan_ordered(inst);  // validated inside
    if (plan.linear_makespan) {
      EXPECT_LE(*plan.schedule.makespan, *plan.linear_makespan) << "round " << round;
    }
    // The executor's linear plan (WrapPolicy::forbid): document 000's banded flow timing of shift 0.
    if (const auto executor = time_flows(inst, 0, PortOrder::succ_first, FollowMode::banded))
      EXPECT_LE(*plan.schedule.makespan, executor->makespan) << "round " << round;
    else
      EXPECT_TRUE(!inst.bidirectional() || plan.routes.empty()) << "round " << round;
    EXPECT_GE(*plan.schedule.makespan, plan.bounds.best);
    rerouted += plan.rerouted_items > 0;
    better += plan.linear_makespan && *plan.schedule.makespan < *plan.linear_makespan;
    expect_routes_cover_the_moving_items(inst, plan);
    if (HasFailure()) return;
  }
  // The search matters: on some rings items take the closing edge and the plan beats linear.
  EXPECT_GT(rerouted, 50);
  EXPECT_GT(better, 50);
}

TEST(OrderedPlan, AroundASlowLinkRatherThanThroughIt) {
  // Six processors, the link P2 -> P3 five times slower: P0..P2's surplus goes to P3..P5 round the
  // other way, through the closing edge, with the order kept.
  RingInstance inst;
  inst.kind = RingKind::bidirectional;
  inst.loads = {40, 40, 40, 0, 0, 0};
  inst.targets = {20, 20, 20, 20, 20, 20};
  inst.succ_cost = {1, 1, 5, 1, 1, 1};
  inst.pred_cost = {1, 1, 1, 5, 1, 1};
  const OrderedPlan plan = plan_ordered(inst);
  ASSERT_TRUE(plan.linear_makespan.has_value());
  EXPECT_GT(plan.rerouted_items, 0);
  EXPECT_LT(*plan.schedule.makespan * 3, *plan.linear_makespan * 2)
      << static_cast<long long>(*plan.schedule.makespan) << " against linear "
      << static_cast<long long>(*plan.linear_makespan);
}

TEST(OrderedPlan, ItsSizeDoesNotGrowWithTheItems) {
  Rng rng(9);
  for (int round = 0; round < 50; ++round) {
    RingInstance inst = generated_ring(rng, 12);
    const OrderedPlan small = plan_ordered(inst);
    for (auto& l : inst.loads) l *= 1'000'000'000;
    for (auto& t : inst.targets) t *= 1'000'000'000;
    const OrderedPlan large = plan_ordered(inst);
    EXPECT_LE(large.schedule.transfers.size(),
              2 * small.schedule.transfers.size() + 8 * inst.size())
        << "round " << round;
    // At most two ranges (one each way) per moving block, whatever the items.
    EXPECT_LE(large.routes.size(), 2 * moving_blocks(OrderedLayout::of(inst)).size());
  }
}

TEST(OrderedPlan, NothingToMove) {
  RingInstance inst;
  inst.kind = RingKind::bidirectional;
  inst.loads = inst.targets = {3, 0, 2};
  inst.succ_cost = inst.pred_cost = {1, 1, 1};
  const OrderedPlan plan = plan_ordered(inst);
  EXPECT_TRUE(plan.schedule.transfers.empty());
  EXPECT_EQ(*plan.schedule.makespan, 0);
  EXPECT_EQ(*plan.schedule.status, PlanStatus::optimal);
  EXPECT_TRUE(plan.routes.empty());
}

}  // namespace
}  // namespace redist::ring
