// The exhaustive one-port search against the unit-step brute force, the lower bounds and the
// planner.

#include "ring/exact_search.hpp"

#include <gtest/gtest.h>

#include "redist/core/random.hpp"
#include "redist/ring/bounds.hpp"
#include "redist/ring/generator.hpp"
#include "redist/ring/plan.hpp"
#include "redist/sim/ring_validator.hpp"
#include "support/ring_brute_force.hpp"

namespace redist {
namespace {

RingInstance tiny(Rng& rng, RingKind kind, bool het) {
  ring::RingGenOptions opt;
  opt.n = static_cast<std::size_t>(rng.uniform(2, 5));
  opt.kind = kind;
  opt.heterogeneous = het;
  opt.max_cost = 5;
  opt.max_load = 4;
  opt.seed = rng.next();
  return ring::generate_ring_instance(opt);
}

ring::ExactSearchResult search(const RingInstance& inst, Ticks horizon) {
  return ring::exact_optimal_schedule(inst, horizon);
}

// The planner's makespan is a valid horizon: some schedule ends by then.
Ticks planned(const RingInstance& inst) { return *ring::plan_ring(inst).schedule.makespan; }

TEST(ExactSearch, AgreesWithTheUnitStepBruteForceOnHomogeneousRings) {
  Rng rng(8);
  for (int trial = 0; trial < 150; ++trial) {
    const auto inst =
        tiny(rng, trial % 2 ? RingKind::bidirectional : RingKind::unidirectional, false);
    if (!ring::exact_search_applies(inst)) continue;
    const auto result = search(inst, planned(inst));
    if (result.outcome == ring::ExactSearchResult::Outcome::gave_up) continue;
    ASSERT_EQ(result.outcome, ring::ExactSearchResult::Outcome::found);
    EXPECT_EQ(static_cast<long long>(*result.schedule.makespan), *testing::brute_force_steps(inst));
  }
}

TEST(ExactSearch, SchedulesAreValidAndNoBoundExceedsTheOptimum) {
  Rng rng(9);
  int checked = 0;
  for (int trial = 0; trial < 120; ++trial) {
    const auto inst =
        tiny(rng, trial % 2 ? RingKind::bidirectional : RingKind::unidirectional, true);
    if (!ring::exact_search_applies(inst)) continue;
    const Ticks plan_makespan = planned(inst);
    const auto result = search(inst, plan_makespan);
    if (result.outcome != ring::ExactSearchResult::Outcome::found) continue;
    const auto verdict = sim::validate_ring_schedule(inst, result.schedule);
    ASSERT_TRUE(verdict.valid) << verdict.violation->message;
    EXPECT_EQ(static_cast<long long>(verdict.makespan),
              static_cast<long long>(*result.schedule.makespan));
    for (const auto& term : ring::ring_lower_bounds(inst).terms)
      EXPECT_LE(static_cast<long long>(term.value),
                static_cast<long long>(*result.schedule.makespan))
          << term.name;
    // The planner, which falls back on this search for tiny instances, reaches the optimum.
    EXPECT_EQ(static_cast<long long>(plan_makespan),
              static_cast<long long>(*result.schedule.makespan));
    ++checked;
  }
  EXPECT_GT(checked, 70);
}

TEST(ExactSearch, ErrataItem3InstanceHasOptimum19AboveTheBound17) {
  RingInstance inst;
  inst.kind = RingKind::bidirectional;
  inst.loads = {1, 1, 1, 8};
  inst.targets = {1, 1, 6, 3};
  inst.succ_cost = {4, 3, 1, 3};
  inst.pred_cost = {4, 2, 5, 5};
  EXPECT_EQ(search(inst, 18).outcome, ring::ExactSearchResult::Outcome::none_by_horizon);
  const auto result = search(inst, 19);
  ASSERT_EQ(result.outcome, ring::ExactSearchResult::Outcome::found);
  EXPECT_EQ(static_cast<long long>(*result.schedule.makespan), 19);
  const auto plan = ring::plan_ring(inst);
  EXPECT_EQ(static_cast<long long>(*plan.schedule.makespan), 19);
  EXPECT_EQ(plan.schedule.status, PlanStatus::optimal);  // proved by the search, above tau_int = 17
  EXPECT_TRUE(sim::validate_ring_schedule(inst, plan.schedule).valid);
}

}  // namespace
}  // namespace redist
