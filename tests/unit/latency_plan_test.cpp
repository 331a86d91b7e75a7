// The planner with start-up costs (docs/latency.md "Planners") against the exhaustive search, and
// its promises: valid plans, the bound never above the plan, plans without start-ups unchanged.

#include <gtest/gtest.h>

#include <iostream>

#include "redist/core/random.hpp"
#include "redist/ring/plan.hpp"
#include "redist/sim/ring_validator.hpp"
#include "support/latency_brute_force.hpp"
#include "support/latency_rings.hpp"

namespace redist::ring {
namespace {

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

TEST(LatencyPlan, AgainstTheExhaustiveOptimumOnTinyRings) {
  Rng rng(404);
  GapStats stats[2][2];
  for (int trial = 0; trial < 600; ++trial) {
    const RingInstance inst = testing::tiny_latency_ring(rng, 5, 8, 6);
    const auto best = testing::latency_brute_force(inst, 50, 200'000);
    if (!best || best->makespan == 0) continue;
    const RingPlan plan = plan_ring(inst);
    ASSERT_GE(*plan.schedule.makespan, best->makespan) << testing::describe_ring(inst);
    ASSERT_LE(plan.bounds.best, best->makespan);
    stats[inst.bidirectional()][plan.framework.find("heterogeneous") != std::string::npos].add(
        *plan.schedule.makespan, best->makespan);
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
}

}  // namespace
}  // namespace redist::ring
