// The planner with start-up costs (docs/latency.md "Planners") against the exhaustive search, and
// its promises: valid plans, the bound never above the plan, plans without start-ups unchanged.

#include <gtest/gtest.h>

#include <iostream>

#include "redist/core/random.hpp"
#include "redist/ring/generator.hpp"
#include "redist/ring/plan.hpp"
#include "redist/sim/ring_validator.hpp"
#include "ring/latency_relayed.hpp"
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

// Seed 1's reference redistribution on the SimGrid study's rings of 32 (docs/simgrid.md, the check
// planned with the routes' latencies as start-ups), costs and start-ups in nanoseconds. Its plans
// built for start-ups took 2.713 s; document 000's plan made without them, run as the SimGrid layer
// runs it (each processor sending what it holds, relays fed in document 004's pieces: 2.397 s
// simulated), takes 2.23 s under the same L + m c with the best of three piece sizes. The planner
// now offers that plan too, so it is never slower than that practice.
RingInstance simgrid_ring32_seed1() {
  RingInstance inst;
  inst.kind = RingKind::bidirectional;
  inst.cost_scale = 9;
  inst.loads = {41, 8, 35, 35, 8,  5, 41, 58, 9,  13, 9,  20, 5,  20, 41, 58,
                63, 9, 9,  35, 63, 8, 20, 9,  41, 13, 58, 63, 41, 58, 63, 41};
  inst.targets = {7, 75, 7,  75, 45, 54, 7, 54, 75, 11, 45, 75, 16, 26, 16, 26,
                  7, 54, 81, 16, 7,  26, 7, 26, 26, 7,  11, 10, 7,  74, 11, 16};
  inst.succ_cost = {6400000,  6400000,  16000000, 1882353,  16000000, 6400000,  6400000,  6400000,
                    6400000,  16000000, 6400000,  16000000, 6400000,  6400000,  16000000, 16000000,
                    6400000,  16000000, 1882353,  6400000,  16000000, 6400000,  6400000,  6400000,
                    16000000, 16000000, 16000000, 16000000, 16000000, 16000000, 6400000,  6400000};
  inst.pred_cost = {6400000,  6400000,  6400000,  16000000, 1882353,  16000000, 6400000,  6400000,
                    6400000,  6400000,  16000000, 6400000,  16000000, 6400000,  6400000,  16000000,
                    16000000, 6400000,  16000000, 1882353,  6400000,  16000000, 6400000,  6400000,
                    6400000,  16000000, 16000000, 16000000, 16000000, 16000000, 16000000, 6400000};
  inst.succ_latency = {3600000,  4600000,  57600000, 2200000,  55300000, 3700000,  22700000,
                       5700000,  22000000, 55700000, 3700000,  55600000, 3600000,  700000,
                       58700000, 59000000, 23000000, 57700000, 2300000,  600000,   58000000,
                       23600000, 24600000, 25000000, 58700000, 57700000, 57700000, 57700000,
                       58700000, 55700000, 19600000, 5600000};
  inst.pred_latency = {5600000,  3600000,  4600000,  57600000, 2200000,  55300000, 3700000,
                       22700000, 5700000,  22000000, 55700000, 3700000,  55600000, 3600000,
                       700000,   58700000, 59000000, 23000000, 57700000, 2300000,  600000,
                       58000000, 23600000, 24600000, 25000000, 58700000, 57700000, 57700000,
                       57700000, 58700000, 55700000, 19600000};
  return inst;
}

TEST(LatencyPlan, NeverSlowerThanThePlanWithoutStartUpsInPieces) {
  const RingInstance inst = simgrid_ring32_seed1();
  const auto pieces = detail::plan_without_startups_in_pieces(inst, {});
  ASSERT_TRUE(pieces.has_value());
  EXPECT_EQ(*pieces->schedule.makespan, 2'230'000'000);
  EXPECT_TRUE(sim::validate_ring_schedule(inst, pieces->schedule).valid);
  EXPECT_LE(*plan_ring(inst).schedule.makespan, *pieces->schedule.makespan);

  Rng rng(79);
  int offered = 0;
  for (int trial = 0; trial < 60; ++trial) {
    const RingInstance r = testing::small_latency_ring(
        rng, rng.uniform(0, 1) ? RingKind::bidirectional : RingKind::unidirectional, 40, 40, 200);
    if (!r.has_latency()) continue;
    const auto candidate = detail::plan_without_startups_in_pieces(r, {});
    if (!candidate) continue;
    ++offered;
    ASSERT_TRUE(sim::validate_ring_schedule(r, candidate->schedule).valid)
        << testing::describe_ring(r);
    ASSERT_LE(*plan_ring(r).schedule.makespan, *candidate->schedule.makespan)
        << testing::describe_ring(r);
  }
  EXPECT_GT(offered, 30);
}

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
