// The flow-shift solver of System 6 (document 000 section 6) against independent oracles: an
// integer brute force over shifts, exact rational evaluation, local optimality, hand-checked small
// cases. The LP cross-check with GLPK is in system6_lp_test.cpp; Lemma 9 in
// system6_lemma9_test.cpp.

#include "ring/system6.hpp"

#include <gtest/gtest.h>

#include <algorithm>

#include "redist/core/flow.hpp"
#include "redist/core/random.hpp"
#include "redist/ring/bounds.hpp"
#include "redist/ring/generator.hpp"
#include "support/ring_builders.hpp"
#include "support/ring_test_helpers.hpp"
#include "unit/system6_reference.hpp"

namespace redist {
namespace {

// The certificate of a solution: the rational pair is exact (tau(x*) = tau*), no rational shift
// near x* does better, tau_int is attained at integer_shift, and tau* <= tau_int.
void expect_consistent(const RingInstance& inst, const ring::System6Solution& s) {
  ASSERT_TRUE(s.rational_optimum.has_value());
  const ring::RationalTime x = s.rational_shift, t = *s.rational_optimum;
  ASSERT_GT(t.den, 0);
  ASSERT_GT(x.den, 0);
  EXPECT_EQ(
      testing::compare_products(testing::scaled_time(inst, x.num, x.den), t.den, t.num, x.den), 0)
      << "tau(x*) != tau*";
  // tau(x* +- 1/K) >= tau*, K a large multiple of x's denominator.
  const Ticks k = x.den * 1024;
  for (const Ticks step : {Ticks{-1}, Ticks{1}})
    EXPECT_GE(testing::compare_products(testing::scaled_time(inst, x.num * 1024 + step, k), t.den,
                                        t.num, k),
              0);
  EXPECT_EQ(testing::reference_time(inst, s.integer_shift), s.integer_optimum);
  EXPECT_EQ(ring::system6_time(inst, s.integer_shift), s.integer_optimum);
  EXPECT_GE(testing::compare_products(s.integer_optimum, t.den, t.num, 1), 0);
  EXPECT_EQ(s.integer_shift_light, ring::is_light(inst, s.integer_shift));
}

TEST(System6, IntegerOptimumMatchesBruteForceOverShifts) {
  int checked = 0, light_seen = 0, fractional = 0;
  for (std::uint64_t seed = 1; seed <= 400; ++seed) {
    const std::size_t n = 2 + seed % 39;
    const bool light = seed % 4 == 0;
    const auto inst =
        testing::generated_ring(seed, n, seed % 3 == 0 ? 10 : 100, seed % 5 == 0 ? 2 : 20, light);
    const auto s = ring::solve_system6(inst);
    expect_consistent(inst, s);
    const auto prefix = prefix_sums(inst.imbalances());
    const auto [lo, hi] = std::minmax_element(prefix.begin(), prefix.end());
    Ticks best = -1;
    bool best_light = false;
    for (std::int64_t x = -*hi - 60; x <= -*lo + 60; ++x) {
      const Ticks t = testing::reference_time(inst, x);
      if (best < 0 || t < best) best = t, best_light = false;
      if (t == best && testing::reference_light(inst, x)) best_light = true;
    }
    ASSERT_EQ(s.integer_optimum, best) << "seed " << seed;
    fractional += s.rational_optimum->den > 1;
    EXPECT_EQ(s.integer_shift_light, best_light)
        << "a light integer optimum exists but was not chosen";
    light_seen += best_light;
    ++checked;
  }
  EXPECT_EQ(checked, 400);
  EXPECT_GT(light_seen, 100);
  EXPECT_GT(fractional, 20);  // the rational and integer optima really differ
}

TEST(System6, TimeAndLightnessMatchTheEdgeByEdgeOracle) {
  Rng rng(5);
  for (std::uint64_t seed = 1; seed <= 200; ++seed) {
    const auto inst = testing::generated_ring(seed, 1 + seed % 12, 30, 9, seed % 2 == 0);
    const auto window = ring::light_shifts(inst);
    for (int trial = 0; trial < 20; ++trial) {
      const std::int64_t x = rng.uniform(-200, 200);
      EXPECT_EQ(ring::system6_time(inst, x), testing::reference_time(inst, x));
      const bool light = testing::reference_light(inst, x);
      EXPECT_EQ(ring::is_light(inst, x), light);
      EXPECT_EQ(window && window->lo <= x && x <= window->hi, light)
          << "seed " << seed << " x " << x;
    }
  }
}

TEST(System6, ErrataItem3Instance) {
  // docs/errata.md item 3: the one tiny instance where the exact optimum (19) exceeds tau_int (17);
  // Lemma 12 gives 15. tau_int is still a valid bound and the best one here.
  const auto inst = testing::make_ring(RingKind::bidirectional, {1, 1, 1, 8}, {1, 1, 6, 3},
                                       {4, 3, 1, 3}, {4, 2, 5, 5});
  const auto s = ring::solve_system6(inst);
  EXPECT_EQ(s.integer_optimum, 17);
  EXPECT_EQ(ring::lemma12_bound(inst), 15);
  expect_consistent(inst, s);
  const auto bounds = ring::ring_lower_bounds(inst);
  const auto term =
      std::find_if(bounds.terms.begin(), bounds.terms.end(),
                   [](const ring::BoundTerm& t) { return t.name == "system6_integer"; });
  ASSERT_NE(term, bounds.terms.end());
  EXPECT_EQ(term->value, 17);
  EXPECT_EQ(bounds.best, 17);
}

TEST(System6, TwoProcessorsUseBothLinksEachWay) {
  // P_0 must hand 10 items to P_1 over two links: edge 0 (P_0's succ link, cost 3) or edge 1 (P_0's
  // pred link, cost 1). One-port serialises P_0's sends, so all go over the cheaper link: tau = 10,
  // F_1 = x = -10 (edge 1 carried backwards), F_0 = x + 10 = 0.
  const auto inst = testing::make_ring(RingKind::bidirectional, {12, 2}, {2, 12}, {3, 5}, {1, 5});
  const auto s = ring::solve_system6(inst);
  EXPECT_EQ(s.rational_optimum->num, 10);
  EXPECT_EQ(s.rational_optimum->den, 1);
  EXPECT_EQ(s.rational_shift.num, -10);
  EXPECT_EQ(s.integer_optimum, 10);
  EXPECT_EQ(s.integer_shift, -10);
  expect_consistent(inst, s);
}

TEST(System6, DegenerateRings) {
  const auto single = testing::make_ring(RingKind::bidirectional, {4}, {4}, {3}, {2});
  const auto s1 = ring::solve_system6(single);
  EXPECT_EQ(s1.integer_optimum, 0);
  EXPECT_EQ(s1.rational_optimum->num, 0);
  EXPECT_EQ(ring::system6_time(single, 7), 0);
  EXPECT_TRUE(ring::is_light(single, 7));
  const auto balanced =
      testing::make_ring(RingKind::bidirectional, {3, 3, 3}, {3, 3, 3}, {1, 2, 3}, {3, 2, 1});
  const auto s2 = ring::solve_system6(balanced);
  EXPECT_EQ(s2.integer_optimum, 0);
  EXPECT_EQ(s2.integer_shift, 0);
  EXPECT_EQ(s2.rational_optimum->num, 0);
  EXPECT_EQ(s2.rational_optimum->den, 1);
  EXPECT_TRUE(s2.integer_shift_light);
}

TEST(System6, ZeroLoadProcessors) {
  // A joiner with nothing and a leaver that keeps nothing: no shift is light for the joiner if it
  // must forward, but the optimum is still exact.
  const auto inst = testing::make_ring(RingKind::bidirectional, {0, 9, 5, 2}, {4, 0, 6, 6},
                                       {2, 1, 3, 1}, {1, 4, 2, 2});
  const auto s = ring::solve_system6(inst);
  expect_consistent(inst, s);
  Ticks best = -1;
  for (std::int64_t x = -40; x <= 40; ++x) {
    const Ticks t = testing::reference_time(inst, x);
    if (best < 0 || t < best) best = t;
  }
  EXPECT_EQ(s.integer_optimum, best);
}

TEST(System6, HugeLoadsAndCostsStayExact) {
  for (std::uint64_t seed = 1; seed <= 20; ++seed) {
    auto inst =
        testing::generated_ring(seed, 2 + seed % 50, 1'000'000'000'000, 1'000'000, seed % 2 == 0);
    const auto s = ring::solve_system6(inst);
    expect_consistent(inst, s);
    for (const std::int64_t step : {-1, 1})
      EXPECT_GE(ring::system6_time(inst, s.integer_shift + step), s.integer_optimum);
  }
}

TEST(System6, HugeCostsTake128BitPaths) {
  // Costs near 10^12 ticks with 10^6 items: products exceed 64 bits, so the evaluator's wide path
  // runs. tau is convex, so local optimality (checked exactly in expect_consistent and here) is
  // global.
  for (std::uint64_t seed = 1; seed <= 20; ++seed) {
    auto inst = testing::generated_ring(seed, 2 + seed % 6, 1'000'000, 1'000'000'000'000, false);
    const auto s = ring::solve_system6(inst);
    expect_consistent(inst, s);
    for (const std::int64_t step : {-1, 1})
      EXPECT_GE(testing::reference_time(inst, s.integer_shift + step), s.integer_optimum);
  }
}

TEST(System6, IsTheLowerBoundTermOfEveryBidirectionalRing) {
  for (std::uint64_t seed = 1; seed <= 50; ++seed) {
    ring::RingGenOptions opt;
    opt.n = 2 + seed % 9;
    opt.kind = RingKind::bidirectional;
    opt.heterogeneous = seed % 2 == 0;
    opt.seed = seed;
    const auto inst = ring::generate_ring_instance(opt);
    const auto bounds = ring::ring_lower_bounds(inst);
    const auto term =
        std::find_if(bounds.terms.begin(), bounds.terms.end(),
                     [](const ring::BoundTerm& t) { return t.name == "system6_integer"; });
    ASSERT_NE(term, bounds.terms.end());
    EXPECT_EQ(term->value, ring::solve_system6(inst).integer_optimum);
    EXPECT_GE(term->value,
              ring::lemma12_bound(inst));  // docs/errata.md item 3: never weaker than Lemma 12
    if (inst.homogeneous()) {
      EXPECT_GE(term->value, ring::lemma6_bound(inst));
    }
  }
}

}  // namespace
}  // namespace redist
