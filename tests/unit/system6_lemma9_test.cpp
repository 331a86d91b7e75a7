// Lemma 9 of document 000: the schedule of a light System 6 solution, checked by the exact
// validator (the oracle), and tau_int checked against exact optima of tiny homogeneous rings.

#include <gtest/gtest.h>

#include "redist/core/random.hpp"
#include "redist/ring/generator.hpp"
#include "redist/sim/ring_validator.hpp"
#include "ring/system6.hpp"
#include "support/ring_brute_force.hpp"

namespace redist {
namespace {

RingInstance light_instance(std::uint64_t seed) {
  ring::RingGenOptions opt;
  opt.n = 1 + seed % 40;
  opt.kind = RingKind::bidirectional;
  opt.heterogeneous = seed % 7 != 0;
  opt.max_load = seed % 3 == 0 ? 8 : (seed % 3 == 1 ? 100 : 5000);
  opt.max_cost = seed % 5 == 0 ? 1000 : 20;
  opt.light = true;
  opt.seed = seed;
  return ring::generate_ring_instance(opt);
}

void expect_valid_with_makespan(const RingInstance& inst, const Schedule& schedule,
                                Ticks makespan) {
  const auto verdict = sim::validate_ring_schedule(inst, schedule);
  ASSERT_TRUE(verdict.valid) << verdict.violation->rule << ": " << verdict.violation->message;
  EXPECT_EQ(verdict.makespan, makespan);
  EXPECT_EQ(schedule.makespan, makespan);
}

TEST(Lemma9, LightOptimaValidateAtTauInt) {
  for (std::uint64_t seed = 1; seed <= 3000; ++seed) {
    const auto inst = light_instance(seed);
    const auto s = ring::solve_system6(inst);
    ASSERT_TRUE(s.integer_shift_light) << "seed " << seed;
    const auto schedule = ring::lemma9_schedule(inst, s.integer_shift, s);
    expect_valid_with_makespan(inst, schedule, s.integer_optimum);
    EXPECT_EQ(schedule.status, PlanStatus::optimal);
    EXPECT_EQ(schedule.lower_bound, s.integer_optimum);
    EXPECT_EQ(schedule.flow_shift, s.integer_shift);
    EXPECT_EQ(schedule.time_scale, inst.cost_scale);
    EXPECT_LE(schedule.transfers.size(), 2 * inst.size());
  }
}

TEST(Lemma9, EveryLightShiftTakesExactlyTau) {
  Rng rng(9);
  for (std::uint64_t seed = 1; seed <= 1000; ++seed) {
    const auto inst = light_instance(seed);
    const auto window = ring::light_shifts(inst);
    ASSERT_TRUE(window);
    const auto s = ring::solve_system6(inst);
    const std::int64_t lo = std::max(window->lo, s.integer_shift - 1000),
                       hi = std::min(window->hi, s.integer_shift + 1000);
    const std::int64_t x = rng.uniform(lo, hi);
    const auto schedule = ring::lemma9_schedule(inst, x, s);
    expect_valid_with_makespan(inst, schedule, ring::system6_time(inst, x));
    EXPECT_EQ(schedule.status == PlanStatus::optimal,
              ring::system6_time(inst, x) == s.integer_optimum);
  }
}

TEST(Lemma9, TwoProcessorsNameTheirLinks) {
  RingInstance inst;
  inst.kind = RingKind::bidirectional;
  inst.loads = {30, 30};
  inst.targets = {20, 40};
  inst.succ_cost = {3, 1};
  inst.pred_cost = {1, 2};
  const auto s = ring::solve_system6(inst);
  ASSERT_TRUE(s.integer_shift_light);
  const auto schedule = ring::lemma9_schedule(inst, s.integer_shift, s);
  for (const auto& t : schedule.transfers) EXPECT_TRUE(t.link.has_value());
  expect_valid_with_makespan(inst, schedule, s.integer_optimum);
  EXPECT_EQ(s.integer_optimum, 10);  // P_0's 10 items over its pred link (cost 1)
}

TEST(Lemma9, NonLightShiftsAreNeverClaimedOptimal) {
  int not_light = 0;
  for (std::uint64_t seed = 1; seed <= 300; ++seed) {
    ring::RingGenOptions opt;
    opt.n = 2 + seed % 12;
    opt.kind = RingKind::bidirectional;
    opt.heterogeneous = true;
    opt.max_load = 6;
    opt.seed = seed;
    const auto inst = ring::generate_ring_instance(opt);
    const auto s = ring::solve_system6(inst);
    const auto schedule = ring::lemma9_schedule(inst, s.integer_shift, s);
    if (s.integer_shift_light) continue;
    ++not_light;
    EXPECT_EQ(schedule.status, PlanStatus::feasible);
    // It may or may not be valid; when it is, its makespan is still tau(x).
    const auto verdict = sim::validate_ring_schedule(inst, schedule);
    if (verdict.valid) {
      EXPECT_EQ(verdict.makespan, s.integer_optimum);
    }
  }
  EXPECT_GT(not_light, 50);
}

TEST(Lemma9, HugeLightInstance) {
  ring::RingGenOptions opt;
  opt.n = 5000;
  opt.kind = RingKind::bidirectional;
  opt.heterogeneous = true;
  opt.max_load = 1'000'000'000;
  opt.max_cost = 1000;
  opt.light = true;
  opt.seed = 3;
  const auto inst = ring::generate_ring_instance(opt);
  const auto s = ring::solve_system6(inst);
  ASSERT_TRUE(s.integer_shift_light);
  expect_valid_with_makespan(inst, ring::lemma9_schedule(inst, s.integer_shift, s),
                             s.integer_optimum);
}

TEST(Lemma9, TauIntNeverExceedsTheExactOptimumOfSmallHomogeneousRings) {
  // docs/errata.md item 3 on a sample (the exhaustive check is system6_tiny_test.cpp, label slow).
  Rng rng(21);
  int certified = 0;
  for (int trial = 0; trial < 200; ++trial) {
    ring::RingGenOptions opt;
    opt.n = static_cast<std::size_t>(rng.uniform(2, 5));
    opt.kind = RingKind::bidirectional;
    opt.max_load = opt.n <= 3 ? 3 : 2;  // keeps the breadth-first search small
    opt.seed = rng.next();
    auto inst = ring::generate_ring_instance(opt);
    if (trial % 3 == 0) {  // a processor that joins empty
      inst.loads[1] += inst.loads[0];
      inst.loads[0] = 0;
    }
    const auto steps = testing::brute_force_steps(inst);
    ASSERT_TRUE(steps);
    const auto s = ring::solve_system6(inst);
    EXPECT_LE(s.integer_optimum, *steps);
    if (s.integer_shift_light) {
      expect_valid_with_makespan(inst, ring::lemma9_schedule(inst, s.integer_shift, s),
                                 s.integer_optimum);
      EXPECT_EQ(s.integer_optimum, *steps);
      ++certified;
    }
  }
  EXPECT_GT(certified, 50);
}

}  // namespace
}  // namespace redist
