// detail::BestTiming keeps only the winner's totals and recipe while a search times candidates into
// one scratch timing; finish() times the winner again when a later candidate reused its arrays.
// Spaced bidirectional searches offer totals only, and finish() paces the winner path by path.

#include "ring/best_timing.hpp"

#include <gtest/gtest.h>

#include "redist/ring/generator.hpp"
#include "redist/sim/ring_validator.hpp"

namespace redist {
namespace {

using ring::FlowTiming;
using ring::FollowMode;
using ring::Pacing;
using ring::PortOrder;

// Times `shift` into the scratch (back to back, batched within the band: the whole-ring timing the
// search still uses there) and offers it; the makespan (nullopt: not timed).
std::optional<Ticks> time_and_offer(ring::detail::BestTiming& best, const RingInstance& inst,
                                    const ring::RingPrefix& prefix, std::int64_t shift,
                                    PortOrder order) {
  FlowTiming& timing = best.scratch();
  const bool timed = ring::time_flows_into(timing, inst, prefix, shift, order, FollowMode::banded,
                                           Pacing::back_to_back);
  const std::optional<Ticks> makespan =
      timed ? std::optional<Ticks>(timing.makespan) : std::nullopt;
  best.offer_scratch(timed, "shift " + std::to_string(shift), {shift, order, FollowMode::banded});
  return makespan;
}

// Offers the totals of `shift`'s strict ASAP timing; the makespan (nullopt: not timed).
std::optional<Ticks> offer_totals(ring::detail::BestTiming& best, const RingInstance& inst,
                                  const ring::RingPrefix& prefix, std::int64_t shift,
                                  PortOrder order) {
  const auto totals = ring::detail::time_flow_totals(inst, prefix, shift, order);
  best.offer_totals(totals, inst.size(), "shift " + std::to_string(shift),
                    {shift, order, FollowMode::exact});
  return totals ? std::optional<Ticks>(totals->makespan) : std::nullopt;
}

TEST(BestTiming, TheWinnerIsTimedAgainWhenALaterCandidateReusedItsArrays) {
  int retimed = 0;
  for (std::uint64_t seed = 1; seed <= 40; ++seed) {
    ring::RingGenOptions opt;
    opt.n = 40;
    opt.kind = RingKind::bidirectional;
    opt.heterogeneous = true;
    opt.max_load = 30;
    opt.seed = seed;
    const RingInstance inst = ring::generate_ring_instance(opt);
    const auto prefix = ring::RingPrefix::of(inst);
    ring::detail::BestTiming best;
    // Every shift of the window and both orders, in order: the best is rarely the last timed.
    std::optional<Ticks> least;
    bool last_won = false;
    for (std::int64_t x = prefix.lowest_shift(); x <= prefix.highest_shift(); ++x)
      for (const PortOrder order : {PortOrder::succ_first, PortOrder::pred_first}) {
        const auto m = time_and_offer(best, inst, prefix, x, order);
        last_won = m && (!least || *m < *least);
        if (last_won) least = m;
      }
    ASSERT_TRUE(least.has_value());
    EXPECT_EQ(best.makespan(), *least);
    retimed += last_won ? 0 : 1;
    const ring::ShiftPlan plan = best.finish(inst, prefix, Pacing::back_to_back);
    ASSERT_TRUE(plan.schedule.makespan.has_value());
    EXPECT_EQ(*plan.schedule.makespan, *least) << "seed " << seed;
    const auto check = sim::validate_ring_schedule(inst, plan.schedule);
    EXPECT_TRUE(check.valid) << "seed " << seed << ": " << check.violation->message;
    EXPECT_NE(plan.method.find("shift "), std::string::npos);
  }
  EXPECT_GT(retimed, 20);  // the re-timing path is the common one here
}

// Spaced bidirectional searches offer totals only; finish() makes the winner's strict timing and
// paces it path by path: valid, never later than the best totals, never more transfers.
TEST(BestTiming, TheWinnerOfferedAsTotalsIsPacedPathByPath) {
  int paced = 0;
  for (std::uint64_t seed = 1; seed <= 40; ++seed) {
    ring::RingGenOptions opt;
    opt.n = 60;
    opt.kind = RingKind::bidirectional;
    opt.heterogeneous = true;
    opt.max_load = 1000;
    opt.seed = seed;
    const RingInstance inst = ring::generate_ring_instance(opt);
    const auto prefix = ring::RingPrefix::of(inst);
    ring::detail::BestTiming best;
    std::optional<Ticks> least;
    for (std::int64_t x = prefix.lowest_shift(); x <= prefix.highest_shift(); ++x)
      for (const PortOrder order : {PortOrder::succ_first, PortOrder::pred_first}) {
        const auto m = offer_totals(best, inst, prefix, x, order);
        if (m && (!least || *m < *least)) least = m;
      }
    ASSERT_TRUE(least.has_value());
    EXPECT_EQ(best.makespan(), *least);
    const ring::ShiftPlan plan = best.finish(inst, prefix, Pacing::spaced);
    ASSERT_TRUE(plan.schedule.makespan.has_value());
    EXPECT_LE(*plan.schedule.makespan, *least) << "seed " << seed;  // pacing never ends later
    const auto check = sim::validate_ring_schedule(inst, plan.schedule);
    EXPECT_TRUE(check.valid) << "seed " << seed << ": " << check.violation->message;
    paced += plan.method.find("paced transfer") != std::string::npos ? 1 : 0;
  }
  EXPECT_GT(paced, 20);
}

}  // namespace
}  // namespace redist
