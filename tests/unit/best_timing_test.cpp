// detail::BestTiming keeps only the winner's totals and recipe while a search times candidates into
// one scratch timing; finish() times the winner again when a later candidate reused its arrays.

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

// Times `shift` into the scratch and offers it; the makespan (nullopt: not timed).
std::optional<Ticks> time_and_offer(ring::detail::BestTiming& best, const RingInstance& inst,
                                    const ring::RingPrefix& prefix, std::int64_t shift,
                                    PortOrder order) {
  FlowTiming& timing = best.scratch();
  const bool timed =
      ring::time_flows_into(timing, inst, prefix, shift, order, FollowMode::exact, Pacing::spaced);
  const std::optional<Ticks> makespan =
      timed ? std::optional<Ticks>(timing.makespan) : std::nullopt;
  best.offer_scratch(timed, "shift " + std::to_string(shift), {shift, order, FollowMode::exact});
  return makespan;
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
    const ring::ShiftPlan plan = best.finish(inst, prefix, Pacing::spaced);
    ASSERT_TRUE(plan.schedule.makespan.has_value());
    EXPECT_LE(*plan.schedule.makespan, *least) << "seed " << seed;  // pacing never ends later
    const auto check = sim::validate_ring_schedule(inst, plan.schedule);
    EXPECT_TRUE(check.valid) << "seed " << seed << ": " << check.violation->message;
    EXPECT_NE(plan.method.find("shift "), std::string::npos);
  }
  EXPECT_GT(retimed, 20);  // the re-timing path is the common one here
}

}  // namespace
}  // namespace redist
