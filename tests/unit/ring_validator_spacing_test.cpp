// Spaced transfers in the exact validator (docs/design.md "Schedule"): hand-made cases, then the
// validator against the item-by-item reference (tests/support/reference_validator.hpp) on thousands
// of random spaced schedules and on valid spaced plans broken by one tick or one item.

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

RingInstance ring(RingKind kind, std::vector<std::int64_t> loads, std::vector<std::int64_t> targets,
                  std::vector<std::int64_t> succ, std::vector<std::int64_t> pred = {}) {
  return testing::make_ring(kind, std::move(loads), std::move(targets), std::move(succ),
                            std::move(pred));
}

Schedule schedule(std::vector<Transfer> transfers) {
  Schedule s;
  s.transfers = std::move(transfers);
  return s;
}

Transfer spaced(std::int64_t from, std::int64_t to, std::int64_t items, Ticks start,
                Ticks spacing) {
  return {from, to, items, start, std::nullopt, spacing};
}

constexpr auto uni = RingKind::unidirectional;
constexpr auto bi = RingKind::bidirectional;

TEST(RingValidatorSpacing, ARelayForwardsAtItsUpstreamPace) {
  // P0 sends 4 items at cost 3; P1 (cost 1, nothing of its own) forwards each as it arrives.
  const auto inst = ring(uni, {4, 0, 0}, {0, 0, 4}, {3, 1, 1});
  auto result =
      sim::validate_ring_schedule(inst, schedule({spaced(0, 1, 4, 0, 0), spaced(1, 2, 4, 3, 3)}));
  ASSERT_TRUE(result.valid) << result.violation->message;
  EXPECT_EQ(static_cast<long long>(result.makespan), 3 + 3 * 3 + 1);
  // Spacing 2: the second item would leave at t=5, one tick before it arrives.
  result =
      sim::validate_ring_schedule(inst, schedule({spaced(0, 1, 4, 0, 0), spaced(1, 2, 4, 3, 2)}));
  ASSERT_FALSE(result.valid);
  EXPECT_EQ(result.violation->rule, "holdings");
  EXPECT_EQ(static_cast<long long>(result.violation->time), 5);
}

TEST(RingValidatorSpacing, SpacingBelowTheLinkCostHasItsOwnRule) {
  const auto inst = ring(uni, {4, 0}, {0, 4}, {3, 3});
  const auto result = sim::validate_ring_schedule(inst, schedule({spaced(0, 1, 4, 7, 2)}));
  ASSERT_FALSE(result.valid);
  EXPECT_EQ(result.violation->rule, "spacing");
  EXPECT_EQ(result.violation->processor, 0);
  EXPECT_EQ(static_cast<long long>(result.violation->time), 7);
  // Spacing equal to the cost is back to back.
  EXPECT_TRUE(sim::validate_ring_schedule(inst, schedule({spaced(0, 1, 4, 0, 3)})).valid);
}

TEST(RingValidatorSpacing, ATransferHoldsItsPortsBetweenItsItems) {
  // P1 sends to both sides; the pauses of a spaced transfer still hold its send port.
  const auto inst = ring(bi, {0, 4, 0}, {1, 2, 1}, {1, 1, 1}, {1, 1, 1});
  auto result =
      sim::validate_ring_schedule(inst, schedule({spaced(1, 2, 1, 0, 0), spaced(1, 0, 1, 1, 0)}));
  EXPECT_TRUE(result.valid);
  // Two items every 3 ticks to P2 hold the port over [0, 4): a send to P0 at t=1 clashes.
  const auto two = ring(bi, {0, 4, 0}, {1, 1, 2}, {1, 1, 1}, {1, 1, 1});
  result =
      sim::validate_ring_schedule(two, schedule({spaced(1, 2, 2, 0, 3), spaced(1, 0, 1, 1, 0)}));
  ASSERT_FALSE(result.valid);
  EXPECT_EQ(result.violation->rule, "one-port");
  EXPECT_EQ(static_cast<long long>(result.violation->time), 1);
  result =
      sim::validate_ring_schedule(two, schedule({spaced(1, 2, 2, 0, 3), spaced(1, 0, 1, 4, 0)}));
  EXPECT_TRUE(result.valid);
}

TEST(RingValidatorSpacing, HugeSpacedTransfersCostNothing) {
  // 10^18 items over a cost-7 link, relayed at that pace by a cost-1 link; and one too early.
  const std::int64_t total = 1'000'000'000'000'000'000;
  const auto inst = ring(uni, {total, 0, 0}, {0, 0, total}, {7, 1, 5});
  auto result = sim::validate_ring_schedule(
      inst, schedule({spaced(0, 1, total, 0, 0), spaced(1, 2, total, 7, 7)}));
  ASSERT_TRUE(result.valid) << result.violation->message;
  EXPECT_TRUE(result.makespan == Ticks{total} * 7 + 1);
  result = sim::validate_ring_schedule(
      inst, schedule({spaced(0, 1, total, 0, 0), spaced(1, 2, total, 6, 7)}));
  ASSERT_FALSE(result.valid);
  EXPECT_EQ(result.violation->rule, "holdings");
  // One tick too fast a pace: the second item leaves at t=13, one tick before it arrives.
  result = sim::validate_ring_schedule(
      inst, schedule({spaced(0, 1, total, 0, 0), spaced(1, 2, total, 7, 6)}));
  ASSERT_FALSE(result.valid);
  EXPECT_EQ(static_cast<long long>(result.violation->time), 13);
}

// Costs 1..4 so that spacings differ from costs and from each other.
RingInstance small_ring(Rng& rng, std::int64_t max_load) {
  ring::RingGenOptions opt;
  opt.n = static_cast<std::size_t>(rng.uniform(1, 5));
  opt.kind = rng.uniform(0, 1) ? RingKind::bidirectional : RingKind::unidirectional;
  opt.heterogeneous = true;
  opt.max_cost = 4;
  opt.max_load = max_load;
  opt.seed = rng.next();
  return ring::generate_ring_instance(opt);
}

void expect_agreement(const RingInstance& inst, const Schedule& s, const char* what) {
  const auto ours = sim::validate_ring_schedule(inst, s);
  const auto ref = testing::reference_validate(inst, s);
  ASSERT_EQ(ours.valid, ref.valid)
      << what << ": " << (ours.violation ? ours.violation->message : "valid");
  if (ours.valid) {
    EXPECT_EQ(static_cast<long long>(ours.makespan), static_cast<long long>(ref.makespan)) << what;
  } else {
    EXPECT_EQ(static_cast<long long>(ours.violation->time),
              static_cast<long long>(ref.violation_time))
        << what << ": " << ours.violation->message << " / reference: " << ref.rule;
    EXPECT_EQ(ours.violation->rule, ref.rule) << what << ": " << ours.violation->message;
  }
}

TEST(RingValidatorSpacing, AgreesWithTheItemReferenceOnRandomSpacedSchedules) {
  Rng rng(11);
  for (int trial = 0; trial < 6000; ++trial) {
    const auto inst = small_ring(rng, 4);
    expect_agreement(inst, testing::random_ring_schedule(inst, rng, {5, 14, true}), "random");
  }
}

// The link cost of a transfer of a valid plan (its link exists).
Ticks link_cost(const RingInstance& inst, const Transfer& t) {
  const auto n = static_cast<std::int64_t>(inst.size());
  const bool succ = t.link ? *t.link == Link::succ : t.to == (t.from + 1) % n;
  return inst.cost(static_cast<std::size_t>(t.from), succ);
}

Ticks span_end(const RingInstance& inst, const Transfer& t) {
  const Ticks c = link_cost(inst, t);
  return t.start + (t.items - 1) * (t.spacing == 0 ? c : t.spacing) + c;
}

// One subtle break of a valid schedule, chosen by `kind`; false when it does not apply.
bool break_once(Schedule& s, const RingInstance& inst, std::size_t victim, int kind) {
  Transfer& t = s.transfers[victim];
  const Ticks c = link_cost(inst, t);
  const Ticks period = t.spacing == 0 ? c : t.spacing;
  switch (kind) {
    case 0:  // one tick too early
      if (t.start == 0) return false;
      t.start -= 1;
      return true;
    case 1:  // one item too many
      t.items += 1;
      return true;
    case 2:  // spacing one tick below the link's cost
      if (c < 2) return false;
      t.spacing = c - 1;
      return true;
    case 3:  // a relay one tick faster than its upstream pace
      if (period - 1 < c) return false;
      t.spacing = period - 1;
      return true;
    case 4:  // one tick slower (valid or not: only agreement matters)
      t.spacing = period + 1;
      return true;
    default: {  // starts one tick before another transfer of the same sender ends
      for (const Transfer& u : s.transfers) {
        if (&u == &t || u.from != t.from || u.start > t.start) continue;
        t.start = span_end(inst, u) - 1;
        return true;
      }
      return false;
    }
  }
}

TEST(RingValidatorSpacing, AgreesOnSpacedPlansAndTheirOneTickBreaks) {
  Rng rng(5);
  int spaced_valid = 0, broken = 0;
  for (int trial = 0; trial < 6000; ++trial) {
    auto inst = small_ring(rng, 6);
    if (inst.size() < 2) continue;
    if (trial % 2 ==
        0) {  // one heavy source, relays of one item: they must keep pace with slower links
      const auto heavy =
          static_cast<std::size_t>(rng.uniform(0, static_cast<std::int64_t>(inst.size()) - 1));
      std::int64_t total = 0;
      for (const auto t : inst.targets) total += t;
      for (std::size_t i = 0; i < inst.size(); ++i) inst.loads[i] = i == heavy ? 0 : 1;
      inst.loads[heavy] = total - static_cast<std::int64_t>(inst.size()) + 1;
    }
    const auto prefix = prefix_sums(inst.imbalances());
    const std::int64_t x = inst.bidirectional()
                               ? rng.uniform(-*std::max_element(prefix.begin(), prefix.end()),
                                             -*std::min_element(prefix.begin(), prefix.end()))
                               : unidirectional_shift(prefix);
    const auto order =
        rng.uniform(0, 1) ? ring::PortOrder::succ_first : ring::PortOrder::pred_first;
    const auto timing =
        ring::time_flows(inst, x, order, ring::FollowMode::exact, ring::Pacing::spaced);
    if (!timing) continue;
    const Schedule plan = ring::flow_timing_schedule(inst, *timing, ring::Pacing::spaced);
    const auto verdict = sim::validate_ring_schedule(inst, plan);
    ASSERT_TRUE(verdict.valid) << verdict.violation->message;
    EXPECT_TRUE(verdict.makespan == timing->makespan);
    expect_agreement(inst, plan, "plan");
    if (plan.transfers.empty()) continue;
    spaced_valid += std::any_of(plan.transfers.begin(), plan.transfers.end(),
                                [](const Transfer& t) { return t.spacing != 0; });
    for (int kind = 0; kind < 6; ++kind) {
      Schedule mutant = plan;
      const auto victim = static_cast<std::size_t>(
          rng.uniform(0, static_cast<std::int64_t>(plan.transfers.size()) - 1));
      if (!break_once(mutant, inst, victim, kind)) continue;
      broken += !sim::validate_ring_schedule(inst, mutant).valid;
      expect_agreement(inst, mutant, "mutant");
    }
  }
  EXPECT_GT(spaced_valid, 600);  // the spaced paths are really exercised
  EXPECT_GT(broken, 6000);
}

}  // namespace
}  // namespace redist
