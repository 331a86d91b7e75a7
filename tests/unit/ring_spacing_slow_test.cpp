// Heterogeneous unidirectional rings of 10^5 processors: optimal at exactly Lemma 5's value, every
// schedule validated (label slow: a few seconds in Release, longer under sanitizers).

#include <gtest/gtest.h>

#include <algorithm>

#include "redist/ring/generator.hpp"
#include "redist/ring/plan.hpp"
#include "redist/sim/ring_validator.hpp"
#include "support/ring_test_helpers.hpp"

namespace redist {
namespace {

using testing::lemma5_value;

TEST(SpacedUnidirectionalSlow, HundredThousandProcessors) {
  for (const std::uint64_t seed : {1, 2, 3})
    for (const std::int64_t max_load : {std::int64_t{1000}, std::int64_t{1'000'000'000}}) {
      ring::RingGenOptions opt;
      opt.n = 100'000;
      opt.heterogeneous = true;
      opt.max_load = max_load;
      opt.seed = seed;
      const auto inst = ring::generate_ring_instance(opt);
      const ring::RingPlan plan = ring::plan_ring(inst);
      const auto verdict = sim::validate_ring_schedule(inst, plan.schedule);
      ASSERT_TRUE(verdict.valid) << verdict.violation->message;
      EXPECT_TRUE(verdict.makespan == lemma5_value(inst));
      EXPECT_TRUE(*plan.schedule.makespan == lemma5_value(inst));
      EXPECT_EQ(plan.schedule.status, PlanStatus::optimal);
    }
}

TEST(SpacedBidirectionalSlow, HundredThousandProcessorsAreValid) {
  ring::RingGenOptions opt;
  opt.n = 100'000;
  opt.kind = RingKind::bidirectional;
  opt.heterogeneous = true;
  opt.max_load = 1000;
  opt.seed = 3;
  const auto inst = ring::generate_ring_instance(opt);
  const ring::RingPlan plan = ring::plan_ring(inst);
  const auto verdict = sim::validate_ring_schedule(inst, plan.schedule);
  ASSERT_TRUE(verdict.valid) << verdict.violation->message;
  EXPECT_TRUE(verdict.makespan == *plan.schedule.makespan);
}

}  // namespace
}  // namespace redist
