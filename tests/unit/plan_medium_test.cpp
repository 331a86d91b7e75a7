// The general heterogeneous bidirectional planner on rings large enough for its slope search over
// shifts (more than 10^4 processors) and without list scheduling (more than 25,000): every
// `redist gen ring` shape, each plan re-validated exactly; and the shift search's early stops
// (proved bound reached, tau no longer below the best) never change the makespan.

#include <gtest/gtest.h>

#include <algorithm>
#include <vector>

#include "redist/core/random.hpp"
#include "redist/ring/bounds.hpp"
#include "redist/ring/flow_timing.hpp"
#include "redist/ring/generator.hpp"
#include "redist/ring/plan.hpp"
#include "redist/ring/shift_planners.hpp"
#include "redist/ring/system6.hpp"
#include "redist/sim/ring_validator.hpp"

namespace redist {
namespace {

// The least makespan of System 6's integer argmin timed with either port order: a candidate the
// search always times, so the plan can only be as good or better.
Ticks centre_timing(const RingInstance& inst) {
  const RingPrefix prefix = RingPrefix::of(inst);
  const std::int64_t centre = solve_system6(inst, prefix).integer_shift;
  Ticks best = -1;
  for (const PortOrder order : {PortOrder::succ_first, PortOrder::pred_first})
    if (const auto t = time_flows(inst, prefix, centre, order, FollowMode::exact, Pacing::spaced))
      best = best < 0 ? t->makespan : std::min(best, t->makespan);
  return best;
}

TEST(PlanMedium, EveryShapeOfThirtyThousandProcessorsIsValid) {
  for (const RingShape shape : {RingShape::uniform, RingShape::gather, RingShape::scatter, RingShape::heavy,
                                RingShape::blocks, RingShape::forward}) {
    const int decimals = static_cast<int>(shape) % 2 == 0 ? 0 : 2;  // integer and decimal costs
    RingGenOptions opt;
    opt.n = 30'000;
    opt.kind = RingKind::bidirectional;
    opt.heterogeneous = true;
    opt.max_load = 1000;
    opt.shape = shape;
    opt.cost_decimals = decimals;
    opt.seed = 11 + static_cast<std::uint64_t>(shape) * 2 + static_cast<std::uint64_t>(decimals);
    const RingInstance inst = generate_ring_instance(opt);
    const RingPlan plan = plan_ring(inst);
    SCOPED_TRACE(plan.method);
    const auto verdict = validate_ring_schedule(inst, plan.schedule);
    ASSERT_TRUE(verdict.valid) << verdict.violation->message;
    EXPECT_EQ(static_cast<long long>(verdict.makespan), static_cast<long long>(*plan.schedule.makespan));
    EXPECT_GE(static_cast<long long>(*plan.schedule.makespan), static_cast<long long>(plan.bounds.best));
    EXPECT_EQ(plan.schedule.status == PlanStatus::optimal, *plan.schedule.makespan == plan.bounds.best);
    if (!plan.bounds.system6->integer_shift_light) {
      EXPECT_LE(static_cast<long long>(*plan.schedule.makespan), static_cast<long long>(centre_timing(inst)));
    }
    // A relay forwards at its upstream link's pace in one spaced transfer: a few per link, never
    // one per item (the schedule's size does not depend on item counts).
    EXPECT_LT(plan.schedule.transfers.size(), 8 * inst.size());
  }
}

RingInstance random_bidirectional(Rng& rng, std::int64_t max_n, bool heterogeneous) {
  RingGenOptions opt;
  opt.n = static_cast<std::size_t>(rng.uniform(1, max_n));
  opt.kind = RingKind::bidirectional;
  opt.heterogeneous = heterogeneous;
  opt.max_cost = rng.uniform(1, 12);
  opt.max_load = rng.uniform(1, 60);
  opt.shape = static_cast<RingShape>(rng.uniform(0, 5));
  opt.seed = rng.next();
  return generate_ring_instance(opt);
}

// The least makespan over every shift of the window around `centre` and the nearest light shift,
// both port orders, each timed in full: what the search must find without timing them all.
Ticks whole_window(const RingInstance& inst, const RingPrefix& prefix, std::int64_t centre) {
  std::vector<std::int64_t> shifts;
  for (std::int64_t d = -3; d <= 3; ++d) shifts.push_back(centre + d);
  if (const auto light = light_shifts(inst, prefix)) shifts.push_back(std::clamp(centre, light->lo, light->hi));
  Ticks best = -1;
  for (std::int64_t x : shifts) {
    x = std::clamp(x, prefix.lowest_shift(), prefix.highest_shift());
    for (const PortOrder order : {PortOrder::succ_first, PortOrder::pred_first})
      if (const auto t = time_flows(inst, prefix, x, order, FollowMode::exact, Pacing::spaced))
        best = best < 0 ? t->makespan : std::min(best, t->makespan);
  }
  return best;
}

TEST(PlanMedium, TheShiftSearchFindsTheBestOfTheWholeWindowWithOrWithoutTheBound) {
  Rng rng(29);
  for (int trial = 0; trial < 400; ++trial) {
    const RingInstance inst = random_bidirectional(rng, 40, true);
    if (inst.size() < 2) continue;
    const RingPrefix prefix = RingPrefix::of(inst);
    const RingBounds bounds = ring_lower_bounds(inst, prefix);
    const std::int64_t centre = bounds.system6->integer_shift;
    const ShiftPlan whole = plan_bidirectional_by_shifts(inst, prefix, centre, 3, Pacing::spaced, 0);
    const ShiftPlan stopped = plan_bidirectional_by_shifts(inst, prefix, centre, 3, Pacing::spaced, bounds.best);
    const auto expected = static_cast<long long>(whole_window(inst, prefix, centre));
    EXPECT_EQ(static_cast<long long>(*whole.schedule.makespan), expected);
    EXPECT_EQ(static_cast<long long>(*stopped.schedule.makespan), expected);
    EXPECT_TRUE(validate_ring_schedule(inst, stopped.schedule).valid);
  }
}

TEST(PlanMedium, ThePlansSystem6SolutionIsTheOneOfAFreshSolve) {
  Rng rng(31);
  for (int trial = 0; trial < 200; ++trial) {
    const RingInstance inst = random_bidirectional(rng, 30, rng.uniform(0, 1) == 1);
    const RingPlan plan = plan_ring(inst);
    ASSERT_TRUE(plan.bounds.system6.has_value());
    const System6Solution fresh = solve_system6(inst);
    EXPECT_EQ(static_cast<long long>(plan.bounds.system6->integer_optimum), static_cast<long long>(fresh.integer_optimum));
    EXPECT_EQ(plan.bounds.system6->integer_shift, fresh.integer_shift);
    EXPECT_EQ(plan.bounds.system6->integer_shift_light, fresh.integer_shift_light);
  }
}

}  // namespace
}  // namespace redist
