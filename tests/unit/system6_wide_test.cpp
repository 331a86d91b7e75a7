// System 6 where its rational optimum needs more than 128 bits as one fraction (issue 27 item 10):
// bidirectional rings with costs of 6 decimals up to 10^9 and loads of 10^9 or more were refused
// ("System 6's rational optimum does not fit 128-bit integers") from n = 4 on, although every time
// fits. The solver now keeps tau* as a whole number plus a proper fraction. Checked against oracles
// written apart from src/ring/system6.cpp: the integer optimum is tau at its shift by the edge-by-
// edge evaluation and no worse than its neighbours (tau is convex), tau* is tau at the rational
// shift, exactly, in 256-bit arithmetic; then every generated instance of a grid of sizes,
// decimals and loads is planned and the plan validated.

#include <gtest/gtest.h>

#include <utility>

#include "redist/core/flow.hpp"
#include "redist/ring/generator.hpp"
#include "redist/ring/plan.hpp"
#include "redist/sim/ring_validator.hpp"
#include "ring/system6.hpp"
#include "unit/system6_reference.hpp"

namespace redist {
namespace {

using U128 = unsigned __int128;
using testing::Wide;

// q * tau(p / q) in 256 bits: each edge e carries q x + q S_e = p + q S_e items (times q), charged
// to its sender and its receiver as in testing::one_port_time_of_flows.
Wide scaled_time_wide(const RingInstance& inst, Ticks p, Ticks q) {
  const std::size_t n = inst.size();
  const auto prefix = prefix_sums(inst.imbalances());
  std::vector<Wide> send(n), recv(n);
  for (std::size_t e = 0; e < n; ++e) {
    Ticks flow = 0;
    EXPECT_FALSE(__builtin_mul_overflow(q, static_cast<Ticks>(prefix[e]), &flow));
    EXPECT_FALSE(__builtin_add_overflow(flow, p, &flow));
    const std::size_t a = e, b = (e + 1) % n;
    if (flow > 0) {
      const Wide t =
          testing::wide_product(static_cast<U128>(flow), static_cast<U128>(inst.succ_cost[a]));
      send[a] = testing::wide_sum(send[a], t);
      recv[b] = testing::wide_sum(recv[b], t);
    } else {
      const Wide t =
          testing::wide_product(static_cast<U128>(-flow), static_cast<U128>(inst.pred_cost[b]));
      send[b] = testing::wide_sum(send[b], t);
      recv[a] = testing::wide_sum(recv[a], t);
    }
  }
  Wide worst;
  for (std::size_t i = 0; i < n; ++i) worst = std::max({worst, send[i], recv[i]});
  return worst;
}

RingInstance wide_ring(std::uint64_t seed, std::size_t n, std::int64_t max_load, int decimals,
                       ring::RingShape shape) {
  ring::RingGenOptions o;
  o.n = n;
  o.kind = RingKind::bidirectional;
  o.heterogeneous = true;
  o.max_cost = 1'000'000'000;
  o.cost_decimals = decimals;
  o.max_load = max_load;
  o.shape = shape;
  o.seed = seed;
  return ring::generate_ring_instance(o);
}

TEST(System6Wide, OptimaOfRingsWhoseRationalOptimumPasses128Bits) {
  using S = ring::RingShape;
  int wide = 0, checked = 0;
  for (std::uint64_t seed = 1; seed <= 2000; ++seed) {
    const std::size_t n = 3 + seed % 38;
    const std::int64_t max_load = seed % 2 == 0 ? 1'000'000'000 : std::int64_t{1} << 40;
    const S shape = std::array{S::uniform, S::gather, S::heavy, S::forward}[seed % 4];
    const RingInstance inst = wide_ring(seed, n, max_load, 6, shape);
    ring::System6Solution s;
    ASSERT_NO_THROW(s = ring::solve_system6(inst)) << "seed " << seed;
    // tau_int: tau at its shift, and no better one beside it (tau is convex).
    EXPECT_EQ(testing::reference_time(inst, s.integer_shift), s.integer_optimum) << seed;
    EXPECT_GE(testing::reference_time(inst, s.integer_shift - 1), s.integer_optimum) << seed;
    EXPECT_GE(testing::reference_time(inst, s.integer_shift + 1), s.integer_optimum) << seed;
    EXPECT_EQ(s.integer_shift_light, testing::reference_light(inst, s.integer_shift)) << seed;
    const ring::RationalTime x = s.rational_shift;
    ASSERT_GT(x.den, 0);
    // tau(x*) * den(x*) in 256 bits: the value System 6 reports, whatever its form.
    const Wide at_shift = scaled_time_wide(inst, x.num, x.den);
    // tau* <= tau_int, and tau_int <= tau(floor x*) and tau(ceil x*): bracketing in 256 bits.
    EXPECT_FALSE(testing::wide_product(static_cast<U128>(s.integer_optimum),
                                       static_cast<U128>(x.den)) < at_shift)
        << seed;
    if (s.rational_optimum) {
      const ring::RationalTime t = *s.rational_optimum;
      ASSERT_EQ(x.den % t.den, 0) << "tau* is a line's value at x*: its denominator divides x*'s";
      EXPECT_EQ(at_shift,
                testing::wide_product(static_cast<U128>(t.num), static_cast<U128>(x.den / t.den)))
          << "tau(x*) != tau*, seed " << seed;
    } else {
      ++wide;
    }
    ++checked;
  }
  EXPECT_EQ(checked, 2000);
  EXPECT_GT(wide, 200) << "the grid should reach tau* beyond 128 bits as one fraction";
}

// `redist gen ring` over a grid of sizes, decimals, costs and loads: plan succeeds and the exact
// validator accepts the plan at its reported makespan (the loads of 10^9 and 2^40 with 6 decimals
// are the instances plan refused).
TEST(System6Wide, GeneratedRingsOfEveryGridPointArePlanned) {
  using S = ring::RingShape;
  int planned = 0;
  std::uint64_t seed = 0;
  for (const std::size_t n : {2, 3, 4, 5, 8, 33, 300})
    for (const RingKind kind : {RingKind::unidirectional, RingKind::bidirectional})
      for (const int decimals : {0, 3, 6})
        for (const std::int64_t max_cost : {std::int64_t{10}, std::int64_t{1'000'000'000}})
          for (const std::int64_t max_load : {std::int64_t{1}, std::int64_t{1000},
                                              std::int64_t{1'000'000'000}, std::int64_t{1} << 40}) {
            ring::RingGenOptions o;
            o.n = n;
            o.kind = kind;
            o.heterogeneous = true;
            o.cost_decimals = decimals;
            o.max_cost = max_cost;
            o.max_load = max_load;
            o.shape = std::array{
                S::uniform, S::gather, S::scatter, S::heavy, S::blocks, S::forward}[seed % 6];
            o.seed = ++seed;
            const RingInstance inst = ring::generate_ring_instance(o);
            ring::RingPlan plan;
            ASSERT_NO_THROW(plan = ring::plan_ring(inst))
                << "n " << n << " decimals " << decimals << " max cost " << max_cost << " max load "
                << max_load;
            const sim::ValidationResult v = sim::validate_ring_schedule(inst, plan.schedule);
            ASSERT_TRUE(v.valid) << "n " << n << " seed " << seed;
            const Ticks factor = pow10_ticks(v.time_scale - plan.schedule.time_scale);
            EXPECT_EQ(v.makespan, *plan.schedule.makespan * factor);
            ++planned;
          }
  EXPECT_EQ(planned, 7 * 2 * 3 * 2 * 4);
}

}  // namespace
}  // namespace redist
