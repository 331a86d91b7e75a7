// The general heterogeneous bidirectional planner's shift search: its early stops (proved bound
// reached, tau no longer below the best, a timing abandoned past the best makespan) find the best
// of the whole window, timed in full; and a plan's System 6 solution is the one of a fresh solve.

#include <gtest/gtest.h>

#include <algorithm>
#include <vector>

#include "redist/core/random.hpp"
#include "redist/ring/bounds.hpp"
#include "redist/ring/generator.hpp"
#include "redist/ring/plan.hpp"
#include "redist/sim/ring_validator.hpp"
#include "ring/flow_timing.hpp"
#include "ring/prefix_bounds.hpp"
#include "ring/shift_planners.hpp"
#include "ring/system6.hpp"

namespace redist {
namespace {

RingInstance random_bidirectional(Rng& rng, std::int64_t max_n, bool heterogeneous) {
  ring::RingGenOptions opt;
  opt.n = static_cast<std::size_t>(rng.uniform(1, max_n));
  opt.kind = RingKind::bidirectional;
  opt.heterogeneous = heterogeneous;
  opt.max_cost = rng.uniform(1, 12);
  opt.max_load = rng.uniform(1, 60);
  opt.shape = static_cast<ring::RingShape>(rng.uniform(0, 5));
  opt.seed = rng.next();
  return ring::generate_ring_instance(opt);
}

// The least makespan over every shift of the window around `centre` and the nearest light shift,
// both port orders, each timed in full: what the search must find without timing them all.
Ticks whole_window(const RingInstance& inst, const ring::RingPrefix& prefix, std::int64_t centre) {
  std::vector<std::int64_t> shifts;
  for (std::int64_t d = -3; d <= 3; ++d) shifts.push_back(centre + d);
  if (const auto light = ring::light_shifts(inst, prefix))
    shifts.push_back(std::clamp(centre, light->lo, light->hi));
  Ticks best = -1;
  for (std::int64_t x : shifts) {
    x = std::clamp(x, prefix.lowest_shift(), prefix.highest_shift());
    for (const ring::PortOrder order : {ring::PortOrder::succ_first, ring::PortOrder::pred_first})
      if (const auto t = ring::time_flows(inst, prefix, x, order, ring::FollowMode::exact,
                                          ring::Pacing::spaced))
        best = best < 0 ? t->makespan : std::min(best, t->makespan);
  }
  return best;
}

TEST(ShiftSearch, TheShiftSearchFindsTheBestOfTheWholeWindowWithOrWithoutTheBound) {
  Rng rng(29);
  for (int trial = 0; trial < 400; ++trial) {
    const RingInstance inst = random_bidirectional(rng, 40, true);
    if (inst.size() < 2) continue;
    const ring::RingPrefix prefix = ring::RingPrefix::of(inst);
    const ring::RingBounds bounds = ring_lower_bounds(inst, prefix);
    const std::int64_t centre = bounds.system6->integer_shift;
    const ring::ShiftPlan whole =
        plan_bidirectional_by_shifts(inst, prefix, centre, 3, ring::Pacing::spaced, 0);
    const ring::ShiftPlan stopped =
        plan_bidirectional_by_shifts(inst, prefix, centre, 3, ring::Pacing::spaced, bounds.best);
    const auto expected = static_cast<long long>(whole_window(inst, prefix, centre));
    EXPECT_EQ(static_cast<long long>(*whole.schedule.makespan), expected);
    EXPECT_EQ(static_cast<long long>(*stopped.schedule.makespan), expected);
    EXPECT_TRUE(sim::validate_ring_schedule(inst, stopped.schedule).valid);
  }
}

TEST(ShiftSearch, ThePlansSystem6SolutionIsTheOneOfAFreshSolve) {
  Rng rng(31);
  for (int trial = 0; trial < 200; ++trial) {
    const RingInstance inst = random_bidirectional(rng, 30, rng.uniform(0, 1) == 1);
    const ring::RingPlan plan = ring::plan_ring(inst);
    ASSERT_TRUE(plan.bounds.system6.has_value());
    const ring::System6Solution fresh = ring::solve_system6(inst);
    EXPECT_EQ(static_cast<long long>(plan.bounds.system6->integer_optimum),
              static_cast<long long>(fresh.integer_optimum));
    EXPECT_EQ(plan.bounds.system6->integer_shift, fresh.integer_shift);
    EXPECT_EQ(plan.bounds.system6->integer_shift_light, fresh.integer_shift_light);
  }
}
}  // namespace
}  // namespace redist
