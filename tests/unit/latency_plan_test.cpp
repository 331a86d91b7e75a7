// The planner with start-up costs (docs/latency.md "Planners") against the exhaustive search, and
// its promises: valid plans, the bound never above the plan, plans without start-ups unchanged.

#include <gtest/gtest.h>

#include <iostream>

#include "redist/core/random.hpp"
#include "redist/ring/generator.hpp"
#include "redist/ring/plan.hpp"
#include "redist/sim/ring_validator.hpp"
#include "support/latency_brute_force.hpp"
#include "support/latency_rings.hpp"

namespace redist::ring {

struct GapStats {
  int rings = 0, optimal = 0;
  double total = 0, worst = 0;
  void add(Ticks plan, Ticks best) {
    ++rings;
    const double gap = static_cast<double>(plan - best) / static_cast<double>(best);
    optimal += plan == best;
    total += gap;
    worst = std::max(worst, gap);
  }
  double mean() const { return rings ? total / rings : 0; }
};

// Plans on `trials` tiny rings against the exhaustive optimum: every plan valid (plan_ring checks),
// never below the optimum, the bound never above it; gaps summed up per framework, and the issue's
// targets (mean gap below 1%, every gap below 10%) asserted.
void compare_with_exhaustive(std::uint64_t seed, int trials, std::int64_t max_n,
                             std::int64_t max_items, std::int64_t max_latency,
                             std::int64_t max_ticks, std::size_t max_states) {
  Rng rng(seed);
  GapStats stats[2][2], all;
  for (int trial = 0; trial < trials; ++trial) {
    const RingInstance inst = testing::tiny_latency_ring(rng, max_n, max_items, max_latency);
    const auto best = testing::latency_brute_force(inst, max_ticks, max_states);
    if (!best || best->makespan == 0) continue;
    const RingPlan plan = plan_ring(inst);
    ASSERT_GE(*plan.schedule.makespan, best->makespan) << testing::describe_ring(inst);
    ASSERT_LE(plan.bounds.best, best->makespan) << testing::describe_ring(inst);
    const bool het = plan.framework.find("heterogeneous") != std::string::npos;
    stats[inst.bidirectional()][het].add(*plan.schedule.makespan, best->makespan);
    all.add(*plan.schedule.makespan, best->makespan);
    if (*plan.schedule.makespan > best->makespan * 11 / 10)
      std::cout << "gap " << static_cast<long long>(*plan.schedule.makespan) << " vs "
                << static_cast<long long>(best->makespan) << ": " << testing::describe_ring(inst)
                << "\n";
  }
  for (int bi = 0; bi < 2; ++bi)
    for (int het = 0; het < 2; ++het)
      std::cout << (bi ? "bi" : "uni") << "-" << (het ? "het" : "hom") << ": "
                << stats[bi][het].rings << " rings, optimal " << stats[bi][het].optimal
                << ", mean gap " << stats[bi][het].mean() * 100 << "%, worst "
                << stats[bi][het].worst * 100 << "%\n";
  EXPECT_GT(all.rings, trials / 2);
  EXPECT_LT(all.mean(), 0.01) << "the issue's target: mean gap below 1%";
  EXPECT_LT(all.worst, 0.10) << "the issue's target: every gap below 10%";
}

namespace {

TEST(LatencyPlan, AgainstTheExhaustiveOptimumOnTinyRings) {
  compare_with_exhaustive(404, 400, 4, 6, 4, 60, 400'000);
}

}  // namespace

// Every plan on `trials` rings with start-ups, of every shape and size up to 40, is valid
// (plan_ring validates it and throws otherwise) and never below its own bound.
void plan_generated_rings(std::uint64_t seed, int trials) {
  Rng rng(seed);
  const RingShape shapes[] = {RingShape::uniform, RingShape::gather, RingShape::scatter,
                              RingShape::heavy,   RingShape::blocks, RingShape::forward};
  for (int trial = 0; trial < trials; ++trial) {
    RingGenOptions opt;
    opt.n = static_cast<std::size_t>(rng.uniform(1, 40));
    opt.kind = rng.uniform(0, 1) ? RingKind::bidirectional : RingKind::unidirectional;
    opt.heterogeneous = rng.uniform(0, 1) != 0;
    opt.max_load = rng.uniform(1, 40);
    opt.max_cost = 9;
    opt.cost_decimals = static_cast<int>(rng.uniform(0, 2));
    opt.shape = shapes[rng.uniform(0, 5)];
    opt.latency = rng.uniform(0, 3) == 0 ? 0 : rng.uniform(1, 200);
    opt.seed = rng.next();
    const RingInstance inst = generate_ring_instance(opt);
    const RingPlan plan = plan_ring(inst);
    ASSERT_GE(*plan.schedule.makespan, plan.bounds.best);
    EXPECT_EQ(plan.schedule.status == PlanStatus::optimal,
              *plan.schedule.makespan == plan.bounds.best);
  }
}

namespace {

TEST(LatencyPlan, ValidOnGeneratedRings) { plan_generated_rings(77, 100); }

// Loads of 0 (which `gen ring` never draws) and start-ups on some links only.
TEST(LatencyPlan, ValidWithEmptyProcessorsAndSomeStartUpsZero) {
  Rng rng(78);
  for (int trial = 0; trial < 150; ++trial) {
    const RingInstance inst = testing::small_latency_ring(
        rng, rng.uniform(0, 1) ? RingKind::bidirectional : RingKind::unidirectional, 30, 30, 60);
    if (!inst.has_latency()) continue;
    const RingPlan plan = plan_ring(inst);
    ASSERT_GE(*plan.schedule.makespan, plan.bounds.best) << testing::describe_ring(inst);
  }
}

}  // namespace
}  // namespace redist::ring
