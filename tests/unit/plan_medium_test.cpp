// The general heterogeneous bidirectional planner on rings large enough for its slope search over
// shifts (more than 10^4 processors) and without list scheduling (more than 25,000): every
// `redist gen ring` shape, each plan re-validated exactly. Label slow: seconds in Release, longer
// under sanitizers.

#include <gtest/gtest.h>

#include <algorithm>

#include "redist/ring/generator.hpp"
#include "redist/ring/plan.hpp"
#include "redist/sim/ring_validator.hpp"
#include "ring/flow_timing.hpp"
#include "ring/system6.hpp"

namespace redist {
namespace {

// The least makespan of System 6's integer argmin timed with either port order: a candidate the
// search always times, so the plan can only be as good or better.
Ticks centre_timing(const RingInstance& inst) {
  const ring::RingPrefix prefix = ring::RingPrefix::of(inst);
  const std::int64_t centre = ring::solve_system6(inst, prefix).integer_shift;
  Ticks best = -1;
  for (const ring::PortOrder order : {ring::PortOrder::succ_first, ring::PortOrder::pred_first})
    if (const auto t = ring::time_flows(inst, prefix, centre, order, ring::FollowMode::exact,
                                        ring::Pacing::spaced))
      best = best < 0 ? t->makespan : std::min(best, t->makespan);
  return best;
}

TEST(PlanMedium, EveryShapeOfThirtyThousandProcessorsIsValid) {
  for (const ring::RingShape shape :
       {ring::RingShape::uniform, ring::RingShape::gather, ring::RingShape::scatter,
        ring::RingShape::heavy, ring::RingShape::blocks, ring::RingShape::forward}) {
    const int decimals = static_cast<int>(shape) % 2 == 0 ? 0 : 2;  // integer and decimal costs
    ring::RingGenOptions opt;
    opt.n = 30'000;
    opt.kind = RingKind::bidirectional;
    opt.heterogeneous = true;
    opt.max_load = 1000;
    opt.shape = shape;
    opt.cost_decimals = decimals;
    opt.seed = 11 + static_cast<std::uint64_t>(shape) * 2 + static_cast<std::uint64_t>(decimals);
    const RingInstance inst = ring::generate_ring_instance(opt);
    const ring::RingPlan plan = ring::plan_ring(inst);
    SCOPED_TRACE(plan.method);
    const auto verdict = sim::validate_ring_schedule(inst, plan.schedule);
    ASSERT_TRUE(verdict.valid) << verdict.violation->message;
    EXPECT_EQ(static_cast<long long>(verdict.makespan),
              static_cast<long long>(*plan.schedule.makespan));
    EXPECT_GE(static_cast<long long>(*plan.schedule.makespan),
              static_cast<long long>(plan.bounds.best));
    EXPECT_EQ(plan.schedule.status == PlanStatus::optimal,
              *plan.schedule.makespan == plan.bounds.best);
    if (!plan.bounds.system6->integer_shift_light) {
      EXPECT_LE(static_cast<long long>(*plan.schedule.makespan),
                static_cast<long long>(centre_timing(inst)));
    }
    // A relay forwards at its upstream link's pace in one spaced transfer: a few per link, never
    // one per item (the schedule's size does not depend on item counts).
    EXPECT_LT(plan.schedule.transfers.size(), 8 * inst.size());
  }
}
}  // namespace
}  // namespace redist
