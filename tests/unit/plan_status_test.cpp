// The planner's status against an optimum it did not compute: on tiny rings of every framework
// (uni- and bidirectional, homogeneous and heterogeneous, light and not, empty processors
// included), the time-indexed MILP solved on its own (exact/ring_optimum.hpp, no planner bound)
// gives the optimum. A plan that says "optimal" must take exactly that long, its proved bound must
// not exceed it, and a plan that reaches the optimum must say so unless the planner's exhaustive
// search (ring/exact_search.hpp) stopped at its limits on that ring.

#include <gtest/gtest.h>

#include <cstdio>

#include "redist/core/random.hpp"
#include "redist/exact/ring_optimum.hpp"
#include "redist/ring/generator.hpp"
#include "redist/ring/plan.hpp"
#include "redist/sim/ring_validator.hpp"
#include "ring/exact_search.hpp"

namespace redist {
namespace {

struct Framework {
  RingKind kind;
  bool heterogeneous;
  bool light;
  ring::RingShape shape;
};

TEST(PlanStatus, OptimalExactlyWhenTheMilpOptimumIsReachedOnTinyRingsOfEveryFramework) {
  const Framework frameworks[] = {
      {RingKind::unidirectional, false, false, ring::RingShape::uniform},
      {RingKind::unidirectional, true, false, ring::RingShape::uniform},
      {RingKind::unidirectional, true, false, ring::RingShape::forward},
      {RingKind::bidirectional, false, false, ring::RingShape::uniform},
      {RingKind::bidirectional, false, false, ring::RingShape::gather},
      {RingKind::bidirectional, true, true, ring::RingShape::uniform},
      {RingKind::bidirectional, true, false, ring::RingShape::scatter},
      {RingKind::bidirectional, true, false, ring::RingShape::forward},
  };
  Rng rng(30);
  int compared = 0, optimal = 0, empty_processors = 0, unproved = 0;
  for (int trial = 0; trial < 800; ++trial) {
    const Framework& f = frameworks[trial % 8];
    ring::RingGenOptions gen;
    gen.n = static_cast<std::size_t>(rng.uniform(2, 5));
    gen.kind = f.kind;
    gen.heterogeneous = f.heterogeneous;
    gen.light = f.light;
    gen.shape = f.shape;
    gen.max_load = rng.uniform(2, 3);
    gen.max_cost = f.heterogeneous ? 5 : 1;
    gen.seed = rng.next();
    RingInstance inst = ring::generate_ring_instance(gen);
    if (trial % 3 == 0 && !f.light) {  // an empty processor (one that joins)
      inst.loads[0] += inst.loads[1];
      inst.loads[1] = 0;
    }
    if (!f.heterogeneous) {  // homogeneous rings with a cost other than 1
      inst.succ_cost.assign(inst.size(), 2);
      if (inst.bidirectional()) inst.pred_cost.assign(inst.size(), 2);
    }
    if (inst.total_items() > 16) continue;
    const ring::RingPlan plan = ring::plan_ring(inst);
    exact::RingOptimumOptions alone;
    alone.use_planner_bound = false;
    const exact::RingOptimum milp = exact::exact_ring_optimum(inst, alone);
    ASSERT_EQ(milp.status, exact::RingOptimum::Status::optimal) << "trial " << trial;
    ASSERT_TRUE(sim::validate_ring_schedule(inst, milp.schedule).valid);
    const Ticks optimum = milp.upper;
    const Ticks made = *plan.schedule.makespan;
    ASSERT_GE(made, optimum) << "trial " << trial;
    ASSERT_LE(plan.bounds.best, optimum) << "trial " << trial << ": the bound is not a bound";
    if (plan.schedule.status == PlanStatus::optimal) {
      ASSERT_EQ(made, optimum) << "trial " << trial << " (" << plan.framework << ")";
    }
    if (made == optimum && plan.schedule.status != PlanStatus::optimal) {
      // Allowed only where the planner's exhaustive search stopped at its state limit (n = 5
      // unidirectional rings with an empty processor, once in these draws): the status then stays
      // "feasible", which is honest, and the gap to the bound is reported.
      ASSERT_EQ(ring::exact_optimal_schedule(inst, made - 1).outcome,
                ring::ExactSearchResult::Outcome::gave_up)
          << "trial " << trial << " (" << plan.framework << "): optimal but not proved";
      ++unproved;
    }
    optimal += made == optimum;
    empty_processors += !inst.all_loads_positive();
    ++compared;
  }
  EXPECT_GE(compared, 600);
  EXPECT_GE(empty_processors, 100);
  EXPECT_LE(unproved, compared / 100);
  std::printf(
      "[ %d tiny rings of 8 frameworks, %d with an empty processor; plan at the MILP "
      "optimum on %d, %d of them not proved (search limit) ]\n",
      compared, empty_processors, optimal, unproved);
}

}  // namespace
}  // namespace redist
