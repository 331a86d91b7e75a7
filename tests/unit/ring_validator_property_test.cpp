// The validator against an item-by-item reference on thousands of random schedules, valid and
// broken.

#include <gtest/gtest.h>

#include "redist/core/random.hpp"
#include "redist/ring/generator.hpp"
#include "redist/sim/ring_validator.hpp"
#include "support/reference_validator.hpp"
#include "support/ring_brute_force.hpp"
#include "support/ring_test_helpers.hpp"

namespace redist {
namespace {

// A valid schedule made invalid in one random way (or left alone).
Schedule mutate(Schedule s, const RingInstance& inst, Rng& rng) {
  if (s.transfers.empty()) return s;
  auto& t = s.transfers[static_cast<std::size_t>(
      rng.uniform(0, static_cast<std::int64_t>(s.transfers.size()) - 1))];
  switch (rng.uniform(0, 4)) {
    case 0:
      t.start = std::max<Ticks>(0, t.start - inst.succ_cost.front());
      break;
    case 1:
      t.start += inst.succ_cost.front();
      break;
    case 2:
      t.items += 1;
      break;
    case 3:
      t.to = (t.to + 1) % static_cast<std::int64_t>(inst.size());
      break;
    default:
      break;
  }
  return s;
}

void expect_agreement(const RingInstance& inst, const Schedule& s) {
  const auto ours = sim::validate_ring_schedule(inst, s);
  const auto ref = testing::reference_validate(inst, s);
  ASSERT_EQ(ours.valid, ref.valid) << (ours.violation ? ours.violation->message : "valid");
  if (ours.valid) {
    EXPECT_EQ(static_cast<long long>(ours.makespan), static_cast<long long>(ref.makespan));
  } else {
    EXPECT_EQ(static_cast<long long>(ours.violation->time),
              static_cast<long long>(ref.violation_time))
        << ours.violation->message << " / reference: " << ref.rule;
    EXPECT_EQ(ours.violation->rule, ref.rule) << ours.violation->message;
  }
}

// 1 to 5 processors, either kind, costs and loads up to 3.
RingInstance tiny_random_ring(Rng& rng) {
  ring::RingGenOptions opt;
  opt.n = static_cast<std::size_t>(rng.uniform(1, 5));
  opt.kind = rng.uniform(0, 1) ? RingKind::bidirectional : RingKind::unidirectional;
  opt.heterogeneous = rng.uniform(0, 1) != 0;
  opt.max_cost = 3;
  opt.max_load = 3;
  opt.seed = rng.next();
  return ring::generate_ring_instance(opt);
}

TEST(RingValidatorProperty, AgreesWithItemByItemReferenceOnRandomSchedules) {
  Rng rng(2024);
  for (int trial = 0; trial < 4000; ++trial) {
    const auto inst = tiny_random_ring(rng);
    expect_agreement(inst, testing::random_ring_schedule(inst, rng, {}));
  }
}

// The validator reads the schedule in place, its times multiplied up to the instance's scale (or
// the instance's costs up to the schedule's): the same verdicts as the reference, which copies
// both.
TEST(RingValidatorProperty, AgreesWhenScheduleAndInstanceScalesDiffer) {
  Rng rng(77);
  for (int trial = 0; trial < 2000; ++trial) {
    const auto inst = rescaled(tiny_random_ring(rng), static_cast<int>(rng.uniform(0, 2)));
    Schedule s = testing::random_ring_schedule(inst, rng, {8, 40, rng.uniform(0, 1) != 0});
    s.time_scale = static_cast<int>(rng.uniform(0, 2));
    expect_agreement(inst, s);
  }
}

TEST(RingValidatorProperty, AgreesOnOptimalSchedulesAndTheirMutations) {
  Rng rng(99);
  int valid_seen = 0;
  for (int trial = 0; trial < 1500; ++trial) {
    ring::RingGenOptions opt;
    opt.n = static_cast<std::size_t>(rng.uniform(2, 5));
    opt.kind = rng.uniform(0, 1) ? RingKind::bidirectional : RingKind::unidirectional;
    opt.max_load = 3;
    opt.seed = rng.next();
    auto inst = ring::generate_ring_instance(opt);
    const std::int64_t c = rng.uniform(1, 3);
    for (auto& x : inst.succ_cost) x = c;
    for (auto& x : inst.pred_cost) x = c;
    const auto s = testing::brute_force_schedule(inst, 12);
    if (!s) continue;
    const auto verdict = sim::validate_ring_schedule(inst, *s);
    EXPECT_TRUE(verdict.valid) << verdict.violation->message;
    valid_seen += verdict.valid;
    expect_agreement(inst, mutate(*s, inst, rng));
  }
  EXPECT_GT(valid_seen, 1000);
}

}  // namespace
}  // namespace redist
