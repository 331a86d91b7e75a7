// The validator's 64-bit path (times and item totals below 2^61, every plan of ordinary rings)
// against its 128-bit path on the same schedules: identical verdicts, violation messages included,
// on thousands of random schedules, on spaced plans, on plans broken by one tick or one item, on
// plans listed out of order, and on both sides of the 2^61 threshold (the item-level reference
// decides there).

#include <gtest/gtest.h>

#include <algorithm>

#include "redist/core/flow.hpp"
#include "redist/core/random.hpp"
#include "redist/ring/generator.hpp"
#include "redist/sim/ring_validator.hpp"
#include "ring/flow_timing.hpp"
#include "support/reference_validator.hpp"
#include "support/ring_test_helpers.hpp"

namespace redist {
namespace {

void expect_same(const RingInstance& inst, const Schedule& s, const char* what) {
  const auto narrow = sim::validate_ring_schedule(inst, s);
  const auto wide = sim::detail::validate_ring_schedule_wide(inst, s);
  ASSERT_EQ(narrow.valid, wide.valid)
      << what << ": " << (wide.violation ? wide.violation->message : "valid");
  EXPECT_TRUE(narrow.makespan == wide.makespan) << what;
  EXPECT_EQ(narrow.time_scale, wide.time_scale) << what;
  if (wide.valid) return;
  EXPECT_TRUE(narrow.violation->time == wide.violation->time) << what;
  EXPECT_EQ(narrow.violation->processor, wide.violation->processor) << what;
  EXPECT_EQ(narrow.violation->rule, wide.violation->rule) << what;
  EXPECT_EQ(narrow.violation->message, wide.violation->message) << what;
}

RingInstance random_ring(Rng& rng, std::size_t max_n, std::int64_t max_load) {
  ring::RingGenOptions opt;
  opt.n = static_cast<std::size_t>(rng.uniform(1, static_cast<std::int64_t>(max_n)));
  opt.kind = rng.uniform(0, 1) ? RingKind::bidirectional : RingKind::unidirectional;
  opt.heterogeneous = rng.uniform(0, 3) != 0;
  opt.max_cost = 5;
  opt.max_load = max_load;
  opt.seed = rng.next();
  return ring::generate_ring_instance(opt);
}

TEST(RingValidatorNarrow, SameVerdictsAsTheWidePathOnRandomSchedules) {
  Rng rng(61);
  int invalid = 0;
  for (int trial = 0; trial < 6000; ++trial) {
    auto inst = random_ring(rng, 5, 4);
    if (trial % 3 == 0) inst = rescaled(inst, static_cast<int>(rng.uniform(0, 2)));
    Schedule s = testing::random_ring_schedule(inst, rng, {6, 20, trial % 2 == 0});
    if (trial % 3 == 1) s.time_scale = static_cast<int>(rng.uniform(0, 2));
    invalid += !sim::validate_ring_schedule(inst, s).valid;
    expect_same(inst, s, "random");
  }
  EXPECT_GT(invalid, 3000);  // broken schedules of every rule are compared, not only valid ones
}

// A spaced plan of a random ring, or nullopt when the shift drawn circulates.
std::optional<Schedule> random_plan(const RingInstance& inst, Rng& rng) {
  const auto prefix = prefix_sums(inst.imbalances());
  const std::int64_t x = inst.bidirectional()
                             ? rng.uniform(-*std::max_element(prefix.begin(), prefix.end()),
                                           -*std::min_element(prefix.begin(), prefix.end()))
                             : unidirectional_shift(prefix);
  const auto order = rng.uniform(0, 1) ? ring::PortOrder::succ_first : ring::PortOrder::pred_first;
  const auto timing =
      ring::time_flows(inst, x, order, ring::FollowMode::exact, ring::Pacing::spaced);
  if (!timing) return std::nullopt;
  return ring::flow_timing_schedule(inst, *timing, ring::Pacing::spaced);
}

// One break of a plan: a start, an item count or a spacing moved by one, or the list shuffled (the
// validator sorts each port only when its transfers are out of order).
void break_once(Schedule& s, Rng& rng) {
  Transfer& t = s.transfers[static_cast<std::size_t>(
      rng.uniform(0, static_cast<std::int64_t>(s.transfers.size()) - 1))];
  switch (rng.uniform(0, 5)) {
    case 0:
      t.start = std::max<Ticks>(0, t.start - 1);
      break;
    case 1:
      t.start += 1;
      break;
    case 2:
      t.items += rng.uniform(0, 1) ? 1 : -std::min<std::int64_t>(1, t.items);
      break;
    case 3:
      if (t.spacing > 1) t.spacing -= 1;
      break;
    case 4:
      t.spacing = t.spacing == 0 ? 0 : t.spacing + 1;
      break;
    default:
      for (std::size_t i = s.transfers.size(); i > 1; --i)
        std::swap(s.transfers[i - 1], s.transfers[static_cast<std::size_t>(
                                          rng.uniform(0, static_cast<std::int64_t>(i) - 1))]);
  }
}

TEST(RingValidatorNarrow, SameVerdictsOnPlansAndTheirBreaks) {
  Rng rng(62);
  int plans = 0, spaced = 0;
  for (int trial = 0; trial < 1500; ++trial) {
    const auto inst = random_ring(rng, 40, trial % 2 == 0 ? 6 : 1000);
    if (inst.size() < 2) continue;
    const auto plan = random_plan(inst, rng);
    if (!plan || plan->transfers.empty()) continue;
    ++plans;
    spaced += std::any_of(plan->transfers.begin(), plan->transfers.end(),
                          [](const Transfer& t) { return t.spacing != 0; });
    ASSERT_TRUE(sim::validate_ring_schedule(inst, *plan).valid);
    expect_same(inst, *plan, "plan");
    for (int k = 0; k < 4; ++k) {
      Schedule mutant = *plan;
      break_once(mutant, rng);
      expect_same(inst, mutant, "mutant");
    }
  }
  EXPECT_GT(plans, 1000);
  EXPECT_GT(spaced, 300);
}

// Costs near 2^61 / 6: the plan (6 items over a link of cost c, 5 of them relayed over c / 2) ends
// at 6c, just below or just above 2^61 ticks, so the validator takes one path or the other; both
// agree with the item-level reference.
TEST(RingValidatorNarrow, BothSidesOfTheThresholdAgreeWithTheReference) {
  const std::int64_t near = static_cast<std::int64_t>((Ticks{1} << 61) / 6);
  for (const std::int64_t cost : {near - 4, near + 4}) {
    const auto inst =
        testing::make_ring(RingKind::unidirectional, {7, 1, 1}, {1, 1, 7}, {cost, cost / 2, cost});
    Rng rng(63);
    for (int trial = 0; trial < 200; ++trial) {
      auto plan = random_plan(inst, rng);
      ASSERT_TRUE(plan.has_value());
      if (trial == 0) {  // the unbroken plan ends on the side of 2^61 its costs were chosen for
        EXPECT_EQ(sim::validate_ring_schedule(inst, *plan).makespan < (Ticks{1} << 61),
                  cost < near);
      }
      if (trial > 0) break_once(*plan, rng);
      expect_same(inst, *plan, "threshold");
      const auto ours = sim::validate_ring_schedule(inst, *plan);
      const auto ref = testing::reference_validate(inst, *plan);
      ASSERT_EQ(ours.valid, ref.valid) << (ours.violation ? ours.violation->message : "valid");
      if (!ours.valid) {
        EXPECT_EQ(ours.violation->rule, ref.rule);
      }
    }
  }
}

// A single item's spacing is never used: one of 2^64 or more (which a 64-bit period would truncate
// to 0 or -1) must neither crash the 64-bit path nor change its verdict.
TEST(RingValidatorNarrow, HugeSpacingOfASingleItemIsHarmless) {
  const auto inst = testing::make_ring(RingKind::unidirectional, {2, 0}, {0, 2}, {3, 3});
  for (const Ticks spacing :
       {Ticks{1} << 61, (Ticks{1} << 64) - 1, Ticks{1} << 64, (Ticks{1} << 100) + 7}) {
    Schedule s;
    s.transfers = {Transfer{0, 1, 1, 0}, Transfer{0, 1, 1, 3}};
    s.transfers[0].spacing = spacing;
    expect_same(inst, s, "huge spacing");
    EXPECT_TRUE(sim::validate_ring_schedule(inst, s).valid);
    s.transfers[1].start = 2;  // overlaps the first on the port: invalid on both paths
    expect_same(inst, s, "huge spacing, overlapping");
    EXPECT_FALSE(sim::validate_ring_schedule(inst, s).valid);
  }
}

}  // namespace
}  // namespace redist
