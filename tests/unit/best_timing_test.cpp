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

RingInstance bidirectional_ring(std::size_t n, std::int64_t max_load, std::uint64_t seed) {
  ring::RingGenOptions opt;
  opt.n = n;
  opt.kind = RingKind::bidirectional;
  opt.heterogeneous = true;
  opt.max_load = max_load;
  opt.seed = seed;
  return ring::generate_ring_instance(opt);
}

// What offering every shift of the window with both orders, in order, left: the least makespan
// offered, and whether the last offer was the one that set it.
struct Offered {
  std::optional<Ticks> least;
  bool last_won = false;
};

template <class Offer>
Offered offer_every_shift(const ring::RingPrefix& prefix, Offer offer) {
  Offered out;
  for (std::int64_t x = prefix.lowest_shift(); x <= prefix.highest_shift(); ++x)
    for (const PortOrder order : {PortOrder::succ_first, PortOrder::pred_first}) {
      const std::optional<Ticks> m = offer(x, order);
      out.last_won = m && (!out.least || *m < *out.least);
      if (out.last_won) out.least = m;
    }
  return out;
}

// finish()'s plan, checked by the exact validator.
ring::ShiftPlan finish_valid(ring::detail::BestTiming& best, const RingInstance& inst,
                             const ring::RingPrefix& prefix, Pacing pacing, std::uint64_t seed) {
  ring::ShiftPlan plan = best.finish(inst, prefix, pacing);
  const auto check = sim::validate_ring_schedule(inst, plan.schedule);
  EXPECT_TRUE(check.valid) << "seed " << seed << ": "
                           << (check.violation ? check.violation->message : "");
  return plan;
}

TEST(BestTiming, TheWinnerIsTimedAgainWhenALaterCandidateReusedItsArrays) {
  int retimed = 0;
  for (std::uint64_t seed = 1; seed <= 40; ++seed) {
    const RingInstance inst = bidirectional_ring(40, 30, seed);
    const auto prefix = ring::RingPrefix::of(inst);
    ring::detail::BestTiming best;
    // The best is rarely the last timed.
    const Offered offered = offer_every_shift(prefix, [&](std::int64_t x, PortOrder order) {
      return time_and_offer(best, inst, prefix, x, order);
    });
    ASSERT_TRUE(offered.least.has_value());
    EXPECT_EQ(best.makespan(), *offered.least);
    retimed += offered.last_won ? 0 : 1;
    const ring::ShiftPlan plan = finish_valid(best, inst, prefix, Pacing::back_to_back, seed);
    EXPECT_EQ(plan.schedule.makespan, offered.least) << "seed " << seed;
    EXPECT_NE(plan.method.find("shift "), std::string::npos);
  }
  EXPECT_GT(retimed, 20);  // the re-timing path is the common one here
}

// Spaced bidirectional searches offer totals only; finish() makes the winner's strict timing and
// paces it path by path: valid, never later than the best totals.
TEST(BestTiming, TheWinnerOfferedAsTotalsIsPacedPathByPath) {
  int paced = 0;
  for (std::uint64_t seed = 1; seed <= 40; ++seed) {
    const RingInstance inst = bidirectional_ring(60, 1000, seed);
    const auto prefix = ring::RingPrefix::of(inst);
    ring::detail::BestTiming best;
    const Offered offered = offer_every_shift(prefix, [&](std::int64_t x, PortOrder order) {
      return offer_totals(best, inst, prefix, x, order);
    });
    ASSERT_TRUE(offered.least.has_value());
    EXPECT_EQ(best.makespan(), *offered.least);
    const ring::ShiftPlan plan = finish_valid(best, inst, prefix, Pacing::spaced, seed);
    ASSERT_TRUE(plan.schedule.makespan.has_value());
    EXPECT_LE(*plan.schedule.makespan, *offered.least) << "seed " << seed;  // never later
    paced += plan.method.find("paced transfer") != std::string::npos ? 1 : 0;
  }
  EXPECT_GT(paced, 20);
}

}  // namespace
}  // namespace redist
