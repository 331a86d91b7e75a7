#include "ring/shift_planners.hpp"

#include <gtest/gtest.h>

#include <algorithm>

#include "redist/core/flow.hpp"
#include "redist/core/random.hpp"
#include "redist/ring/bounds.hpp"
#include "redist/ring/generator.hpp"
#include "redist/sim/ring_validator.hpp"
#include "ring/flow_timing.hpp"
#include "ring/spaced_unidirectional.hpp"
#include "support/ring_brute_force.hpp"
#include "support/ring_builders.hpp"

namespace redist {
namespace {

void expect_valid_with_makespan(const RingInstance& inst, const Schedule& s) {
  const auto verdict = sim::validate_ring_schedule(inst, s);
  ASSERT_TRUE(verdict.valid) << verdict.violation->message;
  ASSERT_TRUE(s.makespan.has_value());
  EXPECT_EQ(static_cast<long long>(verdict.makespan), static_cast<long long>(*s.makespan));
}

TEST(UnidirectionalPlanner, ReachesLemma5OnThousandsOfRandomRings) {
  Rng rng(101);
  std::int64_t planned = 0, strict = 0;
  for (int trial = 0; trial < 3000; ++trial) {
    const auto inst = testing::random_ring(rng, RingKind::unidirectional, std::nullopt,
                                           trial % 10 == 0 ? 60 : 12, 40);
    const auto plan = ring::plan_unidirectional(inst);
    expect_valid_with_makespan(inst, plan.schedule);
    EXPECT_EQ(static_cast<long long>(*plan.schedule.makespan),
              static_cast<long long>(ring::lemma5_bound(inst)));
    // The paced plan (or spaced strict ASAP) never needs more transfers than strict ASAP in
    // back-to-back batches.
    const auto asap = ring::time_flows(inst, unidirectional_shift(prefix_sums(inst.imbalances())),
                                       ring::PortOrder::succ_first, ring::FollowMode::exact,
                                       ring::Pacing::back_to_back);
    EXPECT_LE(static_cast<std::int64_t>(plan.schedule.transfers.size()), asap->batches);
    planned += static_cast<std::int64_t>(plan.schedule.transfers.size());
    strict += asap->batches;
  }
  EXPECT_LT(planned * 2, strict);  // and far fewer overall
}

// The strict ASAP plan is emitted link by link without the timing's array of pieces
// (ring/spaced_unidirectional.cpp): transfer for transfer the schedule of the whole-ring timing, on
// rings with zero loads (several paths, one of them through P_{n-1} -> P_0), n = 1 and 2 included.
TEST(UnidirectionalPlanner, LinkByLinkEmissionEqualsTheWholeRingTiming) {
  Rng rng(104);
  int wrapping = 0;
  for (int trial = 0; trial < 3000; ++trial) {
    const auto inst = testing::random_ring(
        rng, RingKind::unidirectional, trial % 3 == 0 ? std::optional<bool>(true) : std::nullopt,
        trial % 10 == 0 ? 60 : 12, trial % 2 == 0 ? 3 : 1000);
    if (inst.homogeneous() && inst.all_loads_positive() && inst.size() > 1) continue;  // Alg. 1
    const auto prefix = prefix_sums(inst.imbalances());
    const std::int64_t shift = unidirectional_shift(prefix);
    // The strict ASAP planner itself: plan_unidirectional prefers paced lines where they apply.
    struct {
      Schedule schedule;
    } plan{ring::detail::spaced_unidirectional_schedule(inst, ring::RingPrefix::of(inst), shift)};
    const auto timing = ring::time_flows(inst, shift, ring::PortOrder::succ_first,
                                         ring::FollowMode::exact, ring::Pacing::spaced);
    ASSERT_TRUE(timing.has_value());
    const Schedule whole = ring::flow_timing_schedule(inst, *timing, ring::Pacing::spaced);
    ASSERT_EQ(plan.schedule.transfers.size(), whole.transfers.size());
    for (std::size_t i = 0; i < whole.transfers.size(); ++i) {
      const Transfer& a = plan.schedule.transfers[i];
      const Transfer& b = whole.transfers[i];
      ASSERT_TRUE(a.from == b.from && a.to == b.to && a.items == b.items && a.start == b.start &&
                  a.spacing == b.spacing && a.link == b.link)
          << "transfer " << i << " of trial " << trial;
    }
    EXPECT_TRUE(*plan.schedule.makespan == *whole.makespan);
    EXPECT_EQ(plan.schedule.flow_shift, whole.flow_shift);
    expect_valid_with_makespan(inst, plan.schedule);
    wrapping += inst.size() > 1 && shift > 0 && shift + prefix.front() > 0;  // F_{n-1}, F_0 > 0
  }
  EXPECT_GT(wrapping, 500);  // paths through P_{n-1} -> P_0, timed before the links they feed
}

TEST(UnidirectionalPlanner, EqualsTheBruteForceOptimumOnTinyHomogeneousRings) {
  Rng rng(7);
  for (int trial = 0; trial < 300; ++trial) {
    ring::RingGenOptions opt;
    opt.n = static_cast<std::size_t>(rng.uniform(1, 5));
    opt.max_load = 3;
    opt.seed = rng.next();
    const auto inst = ring::generate_ring_instance(opt);
    const auto plan = ring::plan_unidirectional(inst);
    expect_valid_with_makespan(inst, plan.schedule);
    EXPECT_EQ(static_cast<long long>(*plan.schedule.makespan), *testing::brute_force_steps(inst));
  }
}

TEST(UnidirectionalPlanner, BackToBackBatchingKeepsLemma5AndNeedsNoMoreBatchesThanStrictAsap) {
  Rng rng(101);
  for (int trial = 0; trial < 1000; ++trial) {
    const auto inst = testing::random_ring(rng, RingKind::unidirectional, std::nullopt,
                                           trial % 10 == 0 ? 60 : 12, 40);
    const auto plan = ring::plan_unidirectional(inst, ring::Pacing::back_to_back);
    expect_valid_with_makespan(inst, plan.schedule);
    for (const Transfer& t : plan.schedule.transfers)
      ASSERT_EQ(static_cast<long long>(t.spacing), 0);
    EXPECT_EQ(static_cast<long long>(*plan.schedule.makespan),
              static_cast<long long>(ring::lemma5_bound(inst)));
    const auto asap = ring::time_flows(inst, unidirectional_shift(prefix_sums(inst.imbalances())),
                                       ring::PortOrder::succ_first, ring::FollowMode::exact,
                                       ring::Pacing::back_to_back);
    EXPECT_LE(static_cast<std::int64_t>(plan.schedule.transfers.size()), asap->batches);
  }
}

TEST(UnidirectionalPlanner, HomogeneousRingsNeedFewBatches) {
  // Algorithm 1: every sender sends in one stretch, so batches stay O(n) whatever the loads.
  Rng rng(9);
  for (int trial = 0; trial < 200; ++trial) {
    ring::RingGenOptions opt;
    opt.n = static_cast<std::size_t>(rng.uniform(2, 40));
    opt.max_load = 1'000'000'000;
    opt.seed = rng.next();
    const auto inst = ring::generate_ring_instance(opt);
    const auto plan = ring::plan_unidirectional(inst);
    expect_valid_with_makespan(inst, plan.schedule);
    EXPECT_LE(plan.schedule.transfers.size(), 2 * inst.size());
  }
}

TEST(UnidirectionalPlanner, ZeroLoadProcessorsStillGetValidSchedules) {
  Rng rng(12);
  for (int trial = 0; trial < 1000; ++trial) {
    auto inst = testing::random_ring(rng, RingKind::unidirectional, std::nullopt, 10, 10);
    const std::size_t n = inst.size();
    if (n < 2) continue;
    const auto victim = static_cast<std::size_t>(rng.uniform(0, static_cast<std::int64_t>(n) - 1));
    inst.loads[(victim + 1) % n] += inst.loads[victim];
    inst.loads[victim] = 0;
    if (trial % 2) {
      inst.targets[(victim + 1) % n] += inst.targets[victim];
      inst.targets[victim] = 0;
    }
    check_ring_instance(inst, "zero-load");
    const auto plan = ring::plan_unidirectional(inst);
    expect_valid_with_makespan(inst, plan.schedule);
    EXPECT_GE(static_cast<long long>(*plan.schedule.makespan),
              static_cast<long long>(ring::lemma5_bound(inst)));
  }
}

TEST(FlowTiming, EveryShiftAndOrderGivesAValidBidirectionalSchedule) {
  Rng rng(33);
  for (int trial = 0; trial < 1500; ++trial) {
    const auto inst = testing::random_ring(rng, RingKind::bidirectional, std::nullopt, 9, 12);
    const auto prefix = prefix_sums(inst.imbalances());
    const auto [lo, hi] = std::minmax_element(prefix.begin(), prefix.end());
    for (std::int64_t x = -*hi; x <= -*lo; ++x)
      for (auto order : {ring::PortOrder::succ_first, ring::PortOrder::pred_first})
        for (auto mode :
             {ring::FollowMode::compress, ring::FollowMode::exact, ring::FollowMode::banded}) {
          for (auto pacing : {ring::Pacing::spaced, ring::Pacing::back_to_back}) {
            const auto timing = ring::time_flows(inst, x, order, mode, pacing);
            if (!timing) continue;
            const auto s = ring::flow_timing_schedule(inst, *timing, pacing);
            expect_valid_with_makespan(inst, s);
            EXPECT_EQ(static_cast<std::int64_t>(s.transfers.size()), timing->batches);
          }
        }
  }
}

TEST(BidirectionalShiftPlanner, NeverBelowTheBoundsAndAlwaysValid) {
  Rng rng(44);
  for (int trial = 0; trial < 1000; ++trial) {
    const auto inst = testing::random_ring(rng, RingKind::bidirectional, std::nullopt, 16, 30);
    const auto plan =
        ring::plan_bidirectional_by_shifts(inst, -prefix_sums(inst.imbalances())[0], 3);
    expect_valid_with_makespan(inst, plan.schedule);
    EXPECT_GE(static_cast<long long>(*plan.schedule.makespan),
              static_cast<long long>(ring::lemma12_bound(inst)));
  }
}

TEST(UnidirectionalPlanner, BillionItemLoadsOnLargeRings) {
  ring::RingGenOptions opt;
  opt.n = 20000;
  opt.heterogeneous = true;
  opt.max_load = 1'000'000'000;
  opt.seed = 5;
  const auto inst = generate_ring_instance(opt);
  const auto plan = ring::plan_unidirectional(inst);
  expect_valid_with_makespan(inst, plan.schedule);
  EXPECT_EQ(static_cast<long long>(*plan.schedule.makespan),
            static_cast<long long>(ring::lemma5_bound(inst)));
}

}  // namespace
}  // namespace redist
