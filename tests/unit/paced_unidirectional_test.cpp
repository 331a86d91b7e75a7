// Paced plans of heterogeneous unidirectional rings (src/ring/paced_unidirectional.hpp): one line
// per link between ASAP and ALAP, or below the late fluid schedule. The line fit is compared with a
// brute force over small integer grids; the plans go through the exact validator and must end at
// exactly Lemma 5's value (computed independently), on random rings of every shape, with both upper
// sides of the band (ALAP, and the late fluid schedule alone), and on adversarial chains.

#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <limits>
#include <memory>
#include <numeric>
#include <optional>

#include "redist/core/random.hpp"
#include "redist/ring/bounds.hpp"
#include "redist/ring/generator.hpp"
#include "redist/ring/plan.hpp"
#include "redist/sim/ring_validator.hpp"
#include "ring/flow_pacing.hpp"
#include "ring/flow_timing.hpp"
#include "ring/line_fit.hpp"
#include "ring/paced_unidirectional.hpp"
#include "ring/ring_prefix.hpp"
#include "ring/spaced_unidirectional.hpp"
#include "support/ring_builders.hpp"
#include "support/ring_test_helpers.hpp"

namespace redist {
namespace {

using ring::detail::LineConstraint;
using testing::lemma5_value;

const std::vector<ring::RingShape> kShapes = {ring::RingShape::uniform, ring::RingShape::gather,
                                              ring::RingShape::scatter, ring::RingShape::heavy,
                                              ring::RingShape::blocks,  ring::RingShape::forward};

// Sizes of shaped_ring: [large_lo, large_hi] one trial in 100, [2, small_hi] otherwise.
struct Sizes {
  std::int64_t large_lo, large_hi, small_hi;
};

// Trial `trial`'s heterogeneous ring: every shape in turn, loads up to 10^9, 1000 or 5 in turn;
// without max_cost, costs up to a random 1..12 drawn after the size.
RingInstance shaped_ring(Rng& rng, int trial, RingKind kind, Sizes sizes,
                         std::optional<std::int64_t> max_cost = std::nullopt) {
  ring::RingGenOptions opt;
  opt.n = static_cast<std::size_t>(trial % 100 == 0 ? rng.uniform(sizes.large_lo, sizes.large_hi)
                                                    : rng.uniform(2, sizes.small_hi));
  opt.kind = kind;
  opt.heterogeneous = true;
  opt.max_load = trial % 3 == 0 ? 1'000'000'000 : trial % 3 == 1 ? 1000 : 5;
  opt.max_cost = max_cost ? *max_cost : rng.uniform(1, 12);
  opt.shape = kShapes[static_cast<std::size_t>(trial) % kShapes.size()];
  opt.seed = rng.next();
  return ring::generate_ring_instance(opt);
}

// ---------------------------------------------------------------------------------------------
// The line fit against a brute force.

bool line_fits(const std::vector<LineConstraint>& lower, const std::vector<LineConstraint>& upper,
               Ticks s, Ticks p) {
  for (const auto& c : lower)
    if (s < c.a - c.b * p) return false;
  for (const auto& c : upper)
    if (s > c.a - c.b * p) return false;
  return true;
}

std::vector<LineConstraint> random_constraints(Rng& rng, std::int64_t items, int count) {
  std::vector<LineConstraint> out;
  for (int i = 0; i < count; ++i) out.push_back({rng.uniform(-10, 60), rng.uniform(0, items - 1)});
  return out;
}

TEST(LineFit, FindsTheFeasibleSpacingClosestToThePreferredOneWithTheEarliestStart) {
  Rng rng(71);
  int found = 0, refused = 0;
  for (int trial = 0; trial < 20000; ++trial) {
    const std::int64_t items = rng.uniform(1, 7);
    const Ticks cost = rng.uniform(1, 4);
    const Ticks preferred = rng.uniform(0, 14);
    auto lower = random_constraints(rng, items, static_cast<int>(rng.uniform(1, 4)));
    auto upper = random_constraints(rng, items, static_cast<int>(rng.uniform(1, 4)));
    // Brute force over every spacing in [cost, 200] (beyond, the answer cannot be closer): a
    // spacing fits when the latest of the lower bounds on s meets every upper bound.
    std::optional<Ticks> best_p;
    for (Ticks p = cost; p <= 200; ++p) {
      Ticks latest_lower = std::numeric_limits<Ticks>::min();
      for (const auto& c : lower) latest_lower = std::max(latest_lower, c.a - c.b * p);
      const bool any = line_fits(lower, upper, latest_lower, p);
      const Ticks want = items == 1 ? cost : std::max(preferred, cost);
      const auto distance = [&](Ticks x) { return x > want ? x - want : want - x; };
      if (any && (!best_p || distance(p) < distance(*best_p))) best_p = p;
      if (items == 1) break;  // one item: the spacing is the cost
    }
    const auto line = ring::detail::fit_line(lower, upper, items, cost, preferred);
    ASSERT_EQ(line.has_value(), best_p.has_value()) << "trial " << trial;
    if (!line) {
      ++refused;
      continue;
    }
    ++found;
    ASSERT_TRUE(line->spacing == *best_p) << "trial " << trial;
    ASSERT_EQ(line->count, items);
    ASSERT_TRUE(line_fits(lower, upper, line->first, line->spacing)) << "trial " << trial;
    ASSERT_FALSE(line_fits(lower, upper, line->first - 1, line->spacing)) << "trial " << trial;
  }
  EXPECT_GT(found, 2000);  // both outcomes are exercised
  EXPECT_GT(refused, 2000);
}

// The fit runs in 64 bits and again in 128 where a value leaves 64: shifting every constraint by
// the same time shifts the line's start and keeps its spacing, whether the shifted times stay in
// 64 bits (2^40, 2^62) or leave them (2^63, 2^100; negative ones too).
TEST(LineFit, SixtyFourAndOneHundredTwentyEightBitFitsAgree) {
  Rng rng(75);
  const std::vector<Ticks> shifts = {Ticks{1} << 40, Ticks{1} << 62, Ticks{1} << 63,
                                     -(Ticks{1} << 63) - 5, Ticks{1} << 100};
  int shifted = 0;
  for (int trial = 0; trial < 5000; ++trial) {
    const std::int64_t items = rng.uniform(1, 7);
    const Ticks cost = rng.uniform(1, 4);
    const Ticks preferred = rng.uniform(0, 14);
    const auto lower = random_constraints(rng, items, static_cast<int>(rng.uniform(1, 4)));
    const auto upper = random_constraints(rng, items, static_cast<int>(rng.uniform(1, 4)));
    const auto line = ring::detail::fit_line(lower, upper, items, cost, preferred);
    for (const Ticks shift : shifts) {
      auto moved_lower = lower, moved_upper = upper;
      for (auto& c : moved_lower) c.a += shift;
      for (auto& c : moved_upper) c.a += shift;
      const auto moved = ring::detail::fit_line(moved_lower, moved_upper, items, cost, preferred);
      ASSERT_EQ(moved.has_value(), line.has_value()) << "trial " << trial;
      if (!line) continue;
      ++shifted;
      ASSERT_TRUE(moved->first == line->first + shift) << "trial " << trial;
      ASSERT_TRUE(moved->spacing == line->spacing) << "trial " << trial;
    }
  }
  EXPECT_GT(shifted, 5000);
}

TEST(LineFit, ConstraintsFromCurvesBoundEveryItem) {
  // Arrival constraints: item own + j leaves after relayed item j arrives, for every j.
  const std::vector<ring::DeparturePiece> upstream = {{0, 3, 2}, {10, 4, 5}};
  std::vector<LineConstraint> lower;
  ring::detail::add_arrival_constraints(upstream, 1, 2, 6, lower);
  const auto arrival = [&](std::int64_t j) -> Ticks {
    return j <= 3 ? 2 * (j - 1) + 1 : 11 + 5 * (j - 4);
  };
  for (Ticks s = -5; s <= 20; ++s)
    for (Ticks p = 1; p <= 8; ++p) {
      bool every = true;
      for (std::int64_t j = 1; j <= 6; ++j) every = every && s + (2 + j - 1) * p >= arrival(j);
      EXPECT_EQ(line_fits(lower, {}, s, p), every) << "s=" << static_cast<long long>(s);
    }
  // Deadline constraints: item m leaves by latest(m), for every m.
  const std::vector<ring::DeparturePiece> latest = {{4, 2, 3}, {20, 3, 1}};
  std::vector<LineConstraint> upper;
  ring::detail::add_deadline_constraints(latest, upper);
  const std::vector<Ticks> by = {4, 7, 20, 21, 22};
  for (Ticks s = -5; s <= 20; ++s)
    for (Ticks p = 1; p <= 8; ++p) {
      bool every = true;
      for (std::int64_t m = 1; m <= 5; ++m) every = every && s + (m - 1) * p <= by[m - 1];
      EXPECT_EQ(line_fits({}, upper, s, p), every);
    }
}

// ---------------------------------------------------------------------------------------------
// Paced plans.

std::optional<Schedule> paced(const RingInstance& inst, std::int64_t latest_budget = -1,
                              bool fluid_lines_at_fluid_pace = false) {
  const auto prefix = ring::RingPrefix::of(inst);
  return ring::detail::paced_unidirectional_schedule(inst, prefix, -prefix.lo,
                                                     {latest_budget, fluid_lines_at_fluid_pace});
}

// Valid, with makespan exactly Lemma 5's value; returns the number of transfers.
std::size_t expect_optimal(const RingInstance& inst, const Schedule& s, const std::string& what) {
  const auto verdict = sim::validate_ring_schedule(inst, s);
  EXPECT_TRUE(verdict.valid) << what << ": "
                             << (verdict.violation ? verdict.violation->message : "");
  EXPECT_TRUE(verdict.makespan == lemma5_value(inst)) << what;
  EXPECT_TRUE(*s.makespan == lemma5_value(inst)) << what;
  return s.transfers.size();
}

std::size_t strict_asap_transfers(const RingInstance& inst) {
  const auto prefix = ring::RingPrefix::of(inst);
  return ring::detail::spaced_unidirectional_schedule(inst, prefix, -prefix.lo).transfers.size();
}

TEST(PacedUnidirectional, RandomRingsOfEveryShapeAreOptimalWithBothUpperSides) {
  Rng rng(72);
  std::size_t alap = 0, fluid = 0, fluid_pace = 0, strict = 0, links = 0;
  for (int trial = 0; trial < 3000; ++trial) {
    const auto inst = shaped_ring(rng, trial, RingKind::unidirectional, {500, 3000, 40},
                                  trial % 2 == 0 ? 10 : 1000);
    const std::string what = "trial " + std::to_string(trial);
    const auto with_alap = paced(inst);
    const auto with_fluid = paced(inst, 0);
    const auto at_fluid_pace = paced(inst, 0, true);
    ASSERT_TRUE(with_alap && with_fluid && at_fluid_pace) << what;  // loads and targets >= 1
    alap += expect_optimal(inst, *with_alap, what + " (ALAP)");
    fluid += expect_optimal(inst, *with_fluid, what + " (fluid)");
    fluid_pace += expect_optimal(inst, *at_fluid_pace, what + " (fluid, lines at the fluid pace)");
    strict += strict_asap_transfers(inst);
    const auto prefix = ring::RingPrefix::of(inst);
    for (const std::int64_t sum : prefix.sums) links += sum > prefix.lo ? 1 : 0;
  }
  // About one transfer per link (docs/ring_unidirectional.md gives the measured counts).
  // Measured: 1.0017 (ALAP), 1.0035 (fluid bound, smallest spacings), 1.138 (fluid bound, lines at
  // the fluid pace) transfers per link.
  EXPECT_LE(alap * 100, links * 103);
  EXPECT_LE(fluid * 100, links * 101);
  EXPECT_LE(fluid_pace * 100, links * 125);
  EXPECT_LT(fluid * 10, fluid_pace * 9);
  EXPECT_LT(alap * 2, strict);
}

TEST(PacedUnidirectional, DecimalCostsAndHugeLoadsAreOptimal) {
  Rng rng(73);
  for (int trial = 0; trial < 500; ++trial) {
    auto inst = testing::generated_ring(rng.next(), static_cast<std::size_t>(rng.uniform(2, 30)),
                                        trial % 2 ? 100'000'000'000'000 : 1'000'000, 1000, false,
                                        RingKind::unidirectional);
    inst.cost_scale = trial % 3;  // costs in units of 1, 0.1 or 0.01
    const auto s = paced(inst);
    ASSERT_TRUE(s.has_value());
    expect_optimal(inst, *s, "trial " + std::to_string(trial));
    const auto f = paced(inst, 0);
    expect_optimal(inst, *f, "trial " + std::to_string(trial) + " (fluid)");
  }
}

// One heavy source, then a chain whose costs decrease (strict ASAP's quadratic worst case,
// n (n - 1) / 2 transfers) or increase (ALAP's): every relay holds one item and keeps one.
RingInstance chain(std::size_t n, std::int64_t items, bool decreasing) {
  std::vector<std::int64_t> costs;
  for (std::size_t i = 0; i < n; ++i)
    costs.push_back(2 * static_cast<std::int64_t>(decreasing ? n - i : i + 1));
  std::vector<std::int64_t> loads(n, 1), targets(n, 1);
  loads[0] = items;
  targets[n - 1] = items;
  return testing::make_ring(RingKind::unidirectional, loads, targets, costs);
}

TEST(PacedUnidirectional, MonotoneCostChainsTakeOneTransferPerLink) {
  for (const std::size_t n : {10, 40, 160})
    for (const std::int64_t items : {std::int64_t{1'000'000}, std::int64_t{1'000'000'000'000}})
      for (const bool decreasing : {true, false}) {
        const auto inst = chain(n, items, decreasing);
        const std::string what = "n=" + std::to_string(n) + (decreasing ? " decreasing" : " up");
        // Increasing costs make ALAP quadratic (n / 2 pieces per link): a budget of 2 per link
        // falls back to the late fluid schedule, as does a budget of 0; -1 is the default.
        for (const std::int64_t budget :
             {std::int64_t{-1}, 2 * static_cast<std::int64_t>(n), std::int64_t{0}}) {
          const auto s = paced(inst, budget);
          ASSERT_TRUE(s.has_value());
          EXPECT_EQ(expect_optimal(inst, *s, what), n - 1) << what << " budget " << budget;
        }
        if (decreasing) {
          EXPECT_EQ(strict_asap_transfers(inst), n * (n - 1) / 2);
        }
      }
}

// A fast link between two nearly saturated slow links, relays with 1 to 1000 own items, up to
// 10^14 items: the chains that made back-to-back plans explode.
TEST(PacedUnidirectional, AdversarialRelayChainsAreOptimal) {
  Rng rng(74);
  for (int trial = 0; trial < 2000; ++trial) {
    const std::size_t n = static_cast<std::size_t>(rng.uniform(3, 12));
    std::vector<std::int64_t> costs(n);
    for (std::size_t i = 0; i < n; ++i) costs[i] = i % 2 ? rng.uniform(1, 2) : rng.uniform(5, 9);
    const std::int64_t items = rng.uniform(1, trial % 2 ? 100'000'000'000'000 : 1000);
    const std::int64_t own = rng.uniform(1, trial % 3 ? 3 : 1000);
    std::vector<std::int64_t> loads(n, own), targets(n, own);
    loads[0] += items;
    targets[n - 1] += items;
    const auto inst = testing::make_ring(RingKind::unidirectional, loads, targets, costs);
    const auto s = paced(inst);
    ASSERT_TRUE(s.has_value());
    EXPECT_LE(expect_optimal(inst, *s, "trial " + std::to_string(trial)), 3 * n);
    expect_optimal(inst, *paced(inst, 0), "trial " + std::to_string(trial) + " (fluid)");
  }
}

TEST(PacedUnidirectional, DoesNotApplyToHugeMakespansNorWhereStrictAsapIsAsSmall) {
  // 10^18 items over links of cost 4 at 18 decimals (4 x 10^18 ticks): the makespan, about
  // 4 x 10^36 ticks, reaches kWideLineTimeLimit (2^120).
  const std::int64_t huge = 1'000'000'000'000'000'000;
  auto beyond = testing::make_ring(RingKind::unidirectional, {huge, 1, 1}, {1, 1, huge}, {1, 1, 1});
  beyond.cost_scale = 18;
  beyond.succ_cost = {4 * huge, 4 * huge, 1};
  EXPECT_FALSE(paced(beyond).has_value());
  // A scatter from a processor holding everything, the others empty: strict ASAP is already one
  // transfer per link, and is the plan.
  const auto scatter =
      testing::make_ring(RingKind::unidirectional, {12, 0, 0, 0}, {3, 3, 3, 3}, {2, 1, 3, 1});
  EXPECT_FALSE(paced(scatter).has_value());
  // plan_ring still plans them (strict ASAP), validated.
  for (const auto& inst : {beyond, scatter}) {
    const auto plan = ring::plan_ring(inst);
    EXPECT_TRUE(sim::validate_ring_schedule(inst, plan.schedule).valid);
  }
}

TEST(PacedUnidirectional, ZeroLoadsAndTargetsArePacedAtStrictAsapsMakespan) {
  // Processors that join empty or leave with nothing: the late fluid schedule is not valid then,
  // so the band is ASAP .. ALAP under strict ASAP's own makespan, which the plan keeps exactly,
  // with far fewer transfers. Rings of several shapes: scattered zeros, gathers and scatters
  // through empty relays, at several sizes (long paths included).
  Rng rng(77);
  std::size_t paced_transfers = 0, asap_transfers = 0, paced_rings = 0, links = 0;
  for (int trial = 0; trial < 1200; ++trial) {
    const auto n = static_cast<std::size_t>(trial % 100 == 0 ? rng.uniform(2000, 200'000)
                                                             : rng.uniform(2, 60));
    RingInstance inst;
    inst.kind = RingKind::unidirectional;
    for (std::size_t i = 0; i < n; ++i) {
      inst.loads.push_back(rng.uniform(0, 3) == 0 ? 0 : rng.uniform(1, 1000));
      inst.targets.push_back(rng.uniform(0, 3) == 0 ? 0 : rng.uniform(1, 1000));
      inst.succ_cost.push_back(rng.uniform(1, trial % 2 ? 12 : 1000));
    }
    if (trial % 3 == 1) std::fill(inst.targets.begin(), inst.targets.end(), 0);  // a gather
    if (trial % 3 == 2) std::fill(inst.loads.begin(), inst.loads.end(), 0);      // a scatter
    std::int64_t loads = 0, targets = 0;
    for (std::size_t i = 0; i < n; ++i) loads += inst.loads[i], targets += inst.targets[i];
    const auto fix = static_cast<std::size_t>(rng.uniform(0, static_cast<std::int64_t>(n) - 1));
    (loads > targets ? inst.targets[fix] : inst.loads[fix]) += std::abs(loads - targets);
    if (std::accumulate(inst.loads.begin(), inst.loads.end(), std::int64_t{0}) == 0) continue;
    const auto prefix = ring::RingPrefix::of(inst);
    const Schedule asap = ring::detail::spaced_unidirectional_schedule(inst, prefix, -prefix.lo);
    const auto schedule = paced(inst);
    if (!schedule) continue;
    ++paced_rings;
    const auto verdict = sim::validate_ring_schedule(inst, *schedule);
    ASSERT_TRUE(verdict.valid) << "trial " << trial << ": "
                               << (verdict.violation ? verdict.violation->message : "");
    ASSERT_TRUE(verdict.makespan == *asap.makespan) << "trial " << trial;
    ASSERT_TRUE(*schedule->makespan == *asap.makespan) << "trial " << trial;
    paced_transfers += schedule->transfers.size();
    asap_transfers += asap.transfers.size();
    for (std::size_t i = 0; i < n; ++i) links += -prefix.lo + prefix.sums[i] > 0 ? 1 : 0;
  }
  EXPECT_GT(paced_rings, 600u);
  EXPECT_LE(paced_transfers, links + links / 20);  // about one per link
  EXPECT_LT(2 * paced_transfers, asap_transfers);  // strict ASAP: three to five
}

TEST(PacedUnidirectional, MakespansFromTwoToThe62TicksArePacedInOneHundredTwentyEightBits) {
  // 10^18 items over a link of cost 9: about 9 x 10^18 ticks, past the 64-bit held curves.
  const std::int64_t huge = 1'000'000'000'000'000'000;
  const auto big =
      testing::make_ring(RingKind::unidirectional, {huge, 1, 1}, {1, 1, huge}, {9, 9, 1});
  const auto schedule = paced(big);
  ASSERT_TRUE(schedule.has_value());
  EXPECT_TRUE(*schedule->makespan >= Ticks{1} << 62);
  EXPECT_TRUE(*schedule->makespan == testing::lemma5_value(big));
  EXPECT_TRUE(sim::validate_ring_schedule(big, *schedule).valid);
  EXPECT_LE(schedule->transfers.size(), 3u);
}

TEST(PacedUnidirectional, PathsThroughTheLastEdgeComeOutInLinkOrder) {
  // Transfers are sorted by sending edge whatever path they belong to.
  Rng rng(75);
  int wrapping = 0;
  for (int trial = 0; trial < 500; ++trial) {
    const auto inst =
        testing::generated_ring(rng.next(), static_cast<std::size_t>(rng.uniform(2, 25)), 20, 9,
                                false, RingKind::unidirectional);
    const auto s = paced(inst);
    ASSERT_TRUE(s.has_value());
    expect_optimal(inst, *s, "trial " + std::to_string(trial));
    for (std::size_t i = 1; i < s->transfers.size(); ++i)
      ASSERT_LE(s->transfers[i - 1].from, s->transfers[i].from) << "trial " << trial;
    const auto prefix = ring::RingPrefix::of(inst);
    wrapping += prefix.sums.back() > prefix.lo && prefix.sums.front() > prefix.lo;
  }
  EXPECT_GT(wrapping, 50);
}

}  // namespace
}  // namespace redist

namespace redist {
namespace {

// The bidirectional planner's timings path by path (src/ring/flow_pacing.hpp) against the whole
// ring's strict ASAP timing (flow_timing.hpp), on random rings of every shape, both port orders
// and several shifts, with and without a give-up time.

// time_flow_totals gives time_flows' makespan and transfers, and gives up exactly where
// time_flows_into does.
TEST(PacedFlowTiming, TotalsPathByPathAreTheWholeRingTimingsTotals) {
  Rng rng(75);
  int gave_up = 0;
  for (int trial = 0; trial < 1500; ++trial) {
    const auto inst = shaped_ring(rng, trial, RingKind::bidirectional, {300, 2000, 30});
    const auto prefix = ring::RingPrefix::of(inst);
    const std::int64_t shift = rng.uniform(prefix.lowest_shift() - 1, prefix.highest_shift() + 1);
    const auto order = trial % 2 ? ring::PortOrder::succ_first : ring::PortOrder::pred_first;
    const std::string what = "trial " + std::to_string(trial);
    const auto timing =
        ring::time_flows(inst, prefix, shift, order, ring::FollowMode::exact, ring::Pacing::spaced);
    const auto totals = ring::detail::time_flow_totals(inst, prefix, shift, order);
    ASSERT_EQ(timing.has_value(), totals.has_value()) << what;
    if (!timing) continue;
    EXPECT_TRUE(totals->makespan == timing->makespan) << what;
    EXPECT_EQ(totals->transfers, timing->batches) << what;
    // A give-up time a little below or at the makespan.
    const Ticks give_up = timing->makespan - rng.uniform(0, 1);
    ring::FlowTiming scratch;
    const bool whole =
        ring::time_flows_into(scratch, inst, prefix, shift, order, ring::FollowMode::exact,
                              ring::Pacing::spaced, give_up);
    EXPECT_EQ(ring::detail::time_flow_totals(inst, prefix, shift, order, give_up).has_value(),
              whole)
        << what;
    gave_up += whole ? 0 : 1;
  }
  EXPECT_GT(gave_up, 300);
}

// paced_flow_schedule re-times every path of the strict timing: valid, never later, never more
// transfers on a path, far fewer overall.
TEST(PacedFlowTiming, ReTimedPathsKeepTheMakespanAndStayValid) {
  Rng rng(76);
  std::int64_t before = 0, after = 0;
  for (int trial = 0; trial < 1500; ++trial) {
    const auto inst = shaped_ring(rng, trial, RingKind::bidirectional, {300, 2000, 30});
    const auto prefix = ring::RingPrefix::of(inst);
    // The minimal shift and one beyond it, so that paths of both directions exist.
    const std::int64_t shift = -prefix.lo - rng.uniform(0, 2);
    const auto order = trial % 2 ? ring::PortOrder::succ_first : ring::PortOrder::pred_first;
    const auto totals = ring::detail::time_flow_totals(inst, prefix, shift, order);
    if (!totals) continue;
    const auto paced = ring::detail::paced_flow_schedule(inst, prefix, shift, order);
    const Schedule& s = paced.schedule;
    const std::string what = "trial " + std::to_string(trial);
    ASSERT_TRUE(s.makespan.has_value()) << what;
    EXPECT_TRUE(*s.makespan <= totals->makespan) << what;
    const auto transfers = static_cast<std::int64_t>(s.transfers.size());
    EXPECT_LE(transfers, totals->transfers) << what;
    EXPECT_EQ(paced.paced, transfers < totals->transfers) << what;
    const auto verdict = sim::validate_ring_schedule(inst, s);
    ASSERT_TRUE(verdict.valid) << what << ": "
                               << (verdict.violation ? verdict.violation->message : "");
    EXPECT_TRUE(verdict.makespan == *s.makespan) << what;
    before += totals->transfers;
    after += transfers;
  }
  EXPECT_LT(after * 10, before * 7);  // fewer transfers overall (0.60 of them when written)
}

}  // namespace
}  // namespace redist

namespace redist {
namespace {

// Long paths (more than 2^19 / 3 links) try the late fluid bound first, with the smallest spacing
// that fits: about one transfer per link in one pass on every shape. Lines at the fluid pace
// (the tuning) fail on gathers (3.3 transfers per link throughout), which then take the reversed
// path's paced lines as the upper curve (a gather reversed is a scatter, whose lines fit), and on
// blocks, where those fail too and ALAP is held. Every shape ends optimal at about one transfer
// per link either way.
TEST(PacedUnidirectional, LongPathsFallBackWhenFluidLinesFail) {
  for (const auto shape : kShapes)
    for (const bool at_fluid_pace : {false, true}) {
      ring::RingGenOptions opt;
      opt.n = 200'000;
      opt.kind = RingKind::unidirectional;
      opt.heterogeneous = true;
      opt.max_load = 1000;
      opt.shape = shape;
      opt.seed = 3;
      const auto inst = ring::generate_ring_instance(opt);
      const auto s = paced(inst, -1, at_fluid_pace);
      ASSERT_TRUE(s.has_value());
      const std::string what =
          std::string(ring::to_string(shape)) + (at_fluid_pace ? " at the fluid pace" : "");
      const std::size_t transfers = expect_optimal(inst, *s, what);
      EXPECT_LE(transfers * 100, inst.size() * (at_fluid_pace ? 120 : 101)) << what;
    }
}

// More long gathers and blocks, loads up to 10^3 and 10^9, costs up to 10 and 1000, each optimal
// and accepted by the exact validator at about one transfer per link: with the smallest spacings
// in one pass, and with lines at the fluid pace through the fallbacks (the paced latest curve on
// gathers; ALAP, held and handed back as it is consumed, on blocks; on seed 14 those fluid lines
// ran to the end at 1.6 transfers per link and are planned again).
TEST(PacedUnidirectional, LongGathersAndBlocksStayOptimalOverSeeds) {
  for (std::uint64_t seed = 11; seed <= 14; ++seed)
    for (const auto shape : {ring::RingShape::gather, ring::RingShape::blocks})
      for (const bool at_fluid_pace : {false, true}) {
        ring::RingGenOptions opt;
        opt.n = 180'000;
        opt.kind = RingKind::unidirectional;
        opt.heterogeneous = true;
        opt.max_load = seed % 2 == 0 ? 1000 : 1'000'000'000;
        opt.max_cost = seed < 13 ? 10 : 1000;
        opt.shape = shape;
        opt.seed = seed;
        const auto inst = ring::generate_ring_instance(opt);
        const auto s = paced(inst, -1, at_fluid_pace);
        ASSERT_TRUE(s.has_value());
        const std::string what = ring::to_string(shape) + std::string(" seed ") +
                                 std::to_string(seed) + (at_fluid_pace ? " at the fluid pace" : "");
        const std::size_t transfers = expect_optimal(inst, *s, what);
        EXPECT_LE(transfers * 100, inst.size() * (at_fluid_pace ? 120 : 101)) << what;
      }
}

}  // namespace
}  // namespace redist

namespace redist {
namespace {

// A machinery that takes every offer as far as it may: each range offered for release is
// overwritten with garbage and reported handed back whole, so a planner that read memory it had
// offered would plan differently; prefaults and offers are counted.
class PoisoningMachinery : public ring::PlanMachinery {
 public:
  std::unique_ptr<ring::MachineryTask> prefault(void* begin, void* end) const override {
    ++prefaults;
    prefaulted_bytes +=
        static_cast<std::size_t>(static_cast<char*>(end) - static_cast<char*>(begin));
    return nullptr;
  }
  const void* release(const void* begin, const void* end) const override {
    ++releases;
    auto* first = const_cast<char*>(static_cast<const char*>(begin));  // the planner's own memory
    std::memset(first, 0xA5, static_cast<std::size_t>(static_cast<const char*>(end) - first));
    return begin;
  }
  mutable int prefaults = 0;
  mutable std::size_t prefaulted_bytes = 0;
  mutable int releases = 0;
};

// The paced planners ask the machinery (ring/plan_machinery.hpp) and never read what they offered:
// with ALAP held on every long path (gathers, blocks) and on the bidirectional re-timing, plans
// made with the poisoning machinery are the plain machinery's, transfer for transfer.
TEST(PlanMachinery, PlannersNeverReadMemoryTheyOfferedAndAskForPrefaults) {
  for (const auto shape : {ring::RingShape::gather, ring::RingShape::blocks}) {
    ring::RingGenOptions opt;
    opt.n = 200'000;
    opt.heterogeneous = true;
    opt.max_load = 1000;
    opt.shape = shape;
    opt.seed = 4;
    const auto inst = ring::generate_ring_instance(opt);
    const auto prefix = ring::RingPrefix::of(inst);
    const ring::detail::PacedTuning alap_everywhere{std::int64_t{1} << 40, false};
    const PoisoningMachinery poisoning;
    const auto plain =
        ring::detail::paced_unidirectional_schedule(inst, prefix, -prefix.lo, alap_everywhere);
    const auto poisoned = ring::detail::paced_unidirectional_schedule(inst, prefix, -prefix.lo,
                                                                      alap_everywhere, poisoning);
    ASSERT_TRUE(plain && poisoned);
    EXPECT_GT(poisoning.releases, 0) << ring::to_string(shape);
    EXPECT_EQ(poisoning.prefaults, 1);
    EXPECT_GE(poisoning.prefaulted_bytes, inst.size() / 2 * sizeof(Transfer));
    ASSERT_EQ(plain->transfers.size(), poisoned->transfers.size());
    for (std::size_t i = 0; i < plain->transfers.size(); ++i) {
      const Transfer& a = plain->transfers[i];
      const Transfer& b = poisoned->transfers[i];
      ASSERT_TRUE(a.from == b.from && a.items == b.items && a.start == b.start &&
                  a.spacing == b.spacing)
          << ring::to_string(shape) << " transfer " << i;
    }
    expect_optimal(inst, *poisoned, ring::to_string(shape));
  }
  // The bidirectional planner's paced re-timing holds each long path's ALAP curve the same way.
  ring::RingGenOptions opt;
  opt.n = 200'000;
  opt.kind = RingKind::bidirectional;
  opt.heterogeneous = true;
  opt.max_load = 1000;
  opt.shape = ring::RingShape::gather;
  opt.seed = 4;
  const auto inst = ring::generate_ring_instance(opt);
  const auto prefix = ring::RingPrefix::of(inst);
  const PoisoningMachinery poisoning;
  const auto order = ring::PortOrder::succ_first;
  const auto plain = ring::detail::paced_flow_schedule(inst, prefix, -prefix.lo, order);
  const auto poisoned =
      ring::detail::paced_flow_schedule(inst, prefix, -prefix.lo, order, poisoning);
  EXPECT_GT(poisoning.releases, 0);
  ASSERT_EQ(plain.schedule.transfers.size(), poisoned.schedule.transfers.size());
  for (std::size_t i = 0; i < plain.schedule.transfers.size(); ++i) {
    const Transfer& a = plain.schedule.transfers[i];
    const Transfer& b = poisoned.schedule.transfers[i];
    ASSERT_TRUE(a.from == b.from && a.to == b.to && a.items == b.items && a.start == b.start &&
                a.spacing == b.spacing)
        << "bidirectional transfer " << i;
  }
}

}  // namespace
}  // namespace redist
