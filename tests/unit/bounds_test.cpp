#include "redist/ring/bounds.hpp"

#include <gtest/gtest.h>

#include <cstdio>

#include "redist/core/flow.hpp"
#include "redist/core/random.hpp"
#include "redist/ring/generator.hpp"
#include "redist/sim/ring_validator.hpp"
#include "ring/exact_search.hpp"
#include "support/printed_theorem2.hpp"
#include "support/ring_brute_force.hpp"
#include "support/ring_test_helpers.hpp"
#include "support/tiny_rings.hpp"

namespace redist {
namespace {

TEST(Bounds, Lemma1IsTheExactOptimumOfTinyUnidirectionalRings) {
  int checked = 0;
  for (std::size_t n = 1; n <= 4; ++n)
    testing::for_each_tiny_ring(n, 1, 3, RingKind::unidirectional, [&](const RingInstance& inst) {
      const auto steps = testing::brute_force_steps(inst);
      ASSERT_TRUE(steps);
      EXPECT_EQ(static_cast<long long>(ring::lemma1_bound(inst)), *steps);
      EXPECT_EQ(static_cast<long long>(ring::lemma5_bound(inst)), *steps);
      ++checked;
    });
  EXPECT_GT(checked, 1000);
}

TEST(Bounds, Lemma6IsTheExactOptimumOfTinyBidirectionalRings) {
  // docs/errata.md item 1: Theorem 3's value holds even though the printed Algorithm 3 is
  // infeasible.
  int checked = 0;
  for (std::size_t n = 1; n <= 4; ++n)
    testing::for_each_tiny_ring(n, 1, 3, RingKind::bidirectional, [&](const RingInstance& inst) {
      const auto steps = testing::brute_force_steps(inst);
      ASSERT_TRUE(steps);
      EXPECT_EQ(static_cast<long long>(ring::lemma6_bound(inst)), *steps);
      EXPECT_LE(static_cast<long long>(ring::lemma12_bound(inst)), *steps);
      ++checked;
    });
  EXPECT_GT(checked, 1000);
}

TEST(Bounds, NoBoundExceedsTheOptimumOnRandomFiveProcessorRings) {
  Rng rng(17);
  for (int trial = 0; trial < 300; ++trial) {
    ring::RingGenOptions opt;
    opt.n = 5;
    opt.kind = trial % 2 ? RingKind::bidirectional : RingKind::unidirectional;
    opt.max_load = 4;
    opt.seed = rng.next();
    auto inst = ring::generate_ring_instance(opt);
    // Zero loads are allowed by redist; the bounds must stay valid for them too.
    if (trial % 3 == 0) {
      inst.loads[0] += inst.loads[1];
      inst.loads[1] = 0;
    }
    const auto steps = testing::brute_force_steps(inst);
    ASSERT_TRUE(steps);
    const auto bounds = ring::ring_lower_bounds(inst);
    for (const auto& term : bounds.terms)
      EXPECT_LE(static_cast<long long>(term.value), *steps) << term.name;
    if (inst.all_loads_positive()) {
      EXPECT_EQ(static_cast<long long>(bounds.best), *steps);
    }
  }
}

// docs/errata.md item 2, run as printed (support/printed_theorem2.hpp): the smallest ring on which
// the printed bound is above a valid schedule, so it is no lower bound.
TEST(Bounds, ErrataItem2ThePrintedTheorem2BoundExceedsAValidSchedule) {
  const RingInstance inst = testing::make_ring(RingKind::unidirectional, {1, 2}, {2, 1}, {2, 1});
  // The slice {P0} must receive one item; the printed bound charges it P0's outgoing link (cost 2).
  EXPECT_EQ(static_cast<long long>(testing::theorem2_slice_bound(inst, false)), 2);
  // Yet P1 sends its extra item to P0 over its own link (cost 1) and the ring is balanced at 1.
  Schedule one;
  one.transfers = {Transfer(1, 0, 1, 0)};
  const sim::ValidationResult v = sim::validate_ring_schedule(inst, one);
  ASSERT_TRUE(v.valid) << v.violation->message;
  EXPECT_EQ(static_cast<long long>(v.makespan), 1);
  // Positive slices only: 1, which is Lemma 5 and the optimum.
  EXPECT_EQ(static_cast<long long>(testing::theorem2_slice_bound(inst, true)), 1);
  EXPECT_EQ(static_cast<long long>(ring::lemma5_bound(inst)), 1);
}

TEST(Bounds, ErrataItem2PrintedAndCorrectedTheorem2BoundsOnEveryTinyRing) {
  // Every unidirectional ring of n = 2, 3 with loads, targets and costs in 1..3, against the exact
  // optimum (breadth-first search over one-port schedules; its schedule through the validator).
  long rings = 0, printed_above = 0;
  for (std::size_t n = 2; n <= 3; ++n)
    testing::for_each_tiny_ring(n, 1, 3, RingKind::unidirectional, [&](RingInstance inst) {
      for (int costs = 0; costs < (n == 2 ? 9 : 27); ++costs) {
        for (std::size_t i = 0, c = static_cast<std::size_t>(costs); i < n; ++i, c /= 3)
          inst.succ_cost[i] = static_cast<std::int64_t>(c % 3) + 1;
        ++rings;
        if (inst.loads == inst.targets) {  // nothing to move: optimum 0 (the search needs a move)
          ASSERT_EQ(testing::theorem2_slice_bound(inst, false), 0);
          continue;
        }
        // Horizon: the printed bound (were it below the optimum, nothing would be found).
        const Ticks printed = testing::theorem2_slice_bound(inst, false);
        const ring::ExactSearchResult best =
            ring::exact_optimal_schedule(inst, printed, {3, 24, 400'000, 8'000'000});
        ASSERT_EQ(best.outcome, ring::ExactSearchResult::Outcome::found);
        const sim::ValidationResult v = sim::validate_ring_schedule(inst, best.schedule);
        ASSERT_TRUE(v.valid);
        const Ticks optimum = v.makespan;
        ASSERT_EQ(testing::theorem2_slice_bound(inst, true), optimum);
        ASSERT_EQ(ring::lemma5_bound(inst), optimum);
        ASSERT_GE(printed, optimum);
        printed_above += printed > optimum;
      }
    });
  EXPECT_EQ(rings, 19 * 9 + 141 * 27);
  EXPECT_GT(printed_above, 0);
  std::printf("[ printed Theorem 2 bound above the optimum on %ld of %ld rings ]\n", printed_above,
              rings);
}

// Lemma 12 evaluated literally: every slice, every split i.
Ticks lemma12_literal(const RingInstance& inst) {
  const std::size_t n = inst.size();
  const auto delta = inst.imbalances();
  const auto prefix = prefix_sums(delta);
  Ticks best = 0;
  for (std::size_t k = 0; k < n; ++k) {
    if (delta[k] > 0)
      best = std::max<Ticks>(
          best, static_cast<Ticks>(delta[k]) * std::min(inst.pred_cost[k], inst.succ_cost[k]));
    if (delta[k] < 0)
      best = std::max<Ticks>(
          best, static_cast<Ticks>(-delta[k]) *
                    std::min(inst.succ_cost[(k + n - 1) % n], inst.pred_cost[(k + 1) % n]));
    for (std::size_t l = 1; l + 2 <= n; ++l) {
      const std::size_t last = (k + l) % n;
      const std::int64_t d = slice_imbalance(prefix, k, last);
      const std::int64_t a = d > 0 ? inst.pred_cost[k] : inst.succ_cost[(k + n - 1) % n];
      const std::int64_t b = d > 0 ? inst.succ_cost[last] : inst.pred_cost[(last + 1) % n];
      const std::int64_t dd = d > 0 ? d : -d;
      Ticks inner = -1;
      for (std::int64_t i = 0; i <= dd; ++i) {
        const Ticks v = std::max<Ticks>(static_cast<Ticks>(i) * a, static_cast<Ticks>(dd - i) * b);
        if (inner < 0 || v < inner) inner = v;
      }
      best = std::max(best, inner);
    }
  }
  return best;
}

TEST(Bounds, Lemma12ClosedFormMatchesTheLiteralDefinition) {
  Rng rng(3);
  for (int trial = 0; trial < 2000; ++trial) {
    ring::RingGenOptions opt;
    opt.n = static_cast<std::size_t>(trial % 4 == 0 ? rng.uniform(10, 40) : rng.uniform(1, 9));
    opt.kind = RingKind::bidirectional;
    opt.heterogeneous = true;
    opt.max_cost = rng.uniform(1, 12);
    opt.max_load = rng.uniform(1, 30);
    opt.seed = rng.next();
    const auto inst = ring::generate_ring_instance(opt);
    ASSERT_EQ(static_cast<long long>(ring::lemma12_bound(inst)),
              static_cast<long long>(lemma12_literal(inst)));
  }
}

TEST(Bounds, Lemma12EqualsLemma6OnHomogeneousRings) {
  Rng rng(4);
  for (int trial = 0; trial < 500; ++trial) {
    ring::RingGenOptions opt;
    opt.n = static_cast<std::size_t>(rng.uniform(1, 30));
    opt.kind = RingKind::bidirectional;
    opt.max_load = rng.uniform(1, 50);
    opt.seed = rng.next();
    const auto inst = ring::generate_ring_instance(opt);
    EXPECT_EQ(static_cast<long long>(ring::lemma12_bound(inst)),
              static_cast<long long>(ring::lemma6_bound(inst)));
  }
}

TEST(Bounds, TwoLinkSplitIsTheIntegerMinimum) {
  for (std::int64_t d = 0; d <= 40; ++d)
    for (std::int64_t a = 1; a <= 7; ++a)
      for (std::int64_t b = 1; b <= 7; ++b) {
        Ticks best = -1;
        for (std::int64_t i = 0; i <= d; ++i) {
          const Ticks v = std::max<Ticks>(i * a, (d - i) * b);
          if (best < 0 || v < best) best = v;
        }
        EXPECT_EQ(static_cast<long long>(ring::best_two_link_split(d, a, b)),
                  static_cast<long long>(best));
      }
}

TEST(Bounds, HugeLoadsDoNotOverflow) {
  RingInstance inst;
  inst.kind = RingKind::bidirectional;
  const std::int64_t big = 1'000'000'000'000;
  inst.loads = {big * 1000, 1, 1, 1};
  inst.targets = {1, big * 1000, 1, 1};
  inst.succ_cost.assign(4, 1'000'000'000);
  inst.pred_cost.assign(4, 999'999'999);
  check_ring_instance(inst, "t");
  const Ticks expected =
      static_cast<Ticks>(big * 1000 - 1) * 999'999'999;  // P0's single-port bound
  EXPECT_EQ(ring::lemma12_bound(inst) >= expected, true);
}

}  // namespace
}  // namespace redist
