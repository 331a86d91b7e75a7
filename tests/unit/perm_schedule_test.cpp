// Step schedules: every colouring is checked by the independent checker, uses exactly the König
// number of steps, and the checker itself rejects each kind of broken schedule.

#include <gtest/gtest.h>

#include "perm_test_support.hpp"
#include "redist/perm/edge_colouring.hpp"
#include "redist/perm/generator.hpp"
#include "redist/perm/steps.hpp"
#include "redist/perm/volume.hpp"

namespace redist::perm {
namespace {

void expect_valid_optimal(std::size_t n, const std::vector<PairDemand>& demand) {
  const StepSchedule s = colour_transfers(n, demand);
  const StepCheck c = check_step_schedule(n, demand, s);
  ASSERT_TRUE(c.valid) << c.violation->rule << ": " << c.violation->message;
  ASSERT_EQ(c.steps, max_port_degree(n, demand));
}

TEST(PermSchedule, RandomDemandsAreColouredOptimally) {
  Rng rng(31);
  for (int trial = 0; trial < 2000; ++trial) {
    const auto n = static_cast<std::size_t>(rng.uniform(1, 12));
    std::vector<PairDemand> demand;
    for (std::size_t s = 0; s < n; ++s)
      for (std::size_t d = 0; d < n; ++d)
        if (s != d && rng.uniform(0, 2) == 0)
          demand.push_back({static_cast<Proc>(s), static_cast<Proc>(d), rng.uniform(1, 40)});
    expect_valid_optimal(n, demand);
  }
}

TEST(PermSchedule, SolverAssignmentsAreScheduledInTheirStepCount) {
  Rng rng(32);
  for (int trial = 0; trial < 500; ++trial) {
    const auto n = static_cast<std::size_t>(rng.uniform(1, 20));
    const PermInstance inst =
        testing::random_dense(rng, n, rng.uniform(1, 50), static_cast<int>(rng.uniform(0, 90)));
    for (const PermSolution& sol : {solve_min_volume(inst), solve_min_steps(inst)}) {
      const auto demand = transfer_demand(inst, sol.assignment);
      const StepSchedule s = colour_transfers(n, demand);
      const StepCheck c = check_step_schedule(n, demand, s);
      ASSERT_TRUE(c.valid);
      ASSERT_EQ(c.steps, sol.steps);
    }
  }
}

TEST(PermSchedule, VeryUnevenDegreesAreGroupedCorrectly) {
  // One hub exchanges with everyone, the others trade a few items in a ring: most processors are
  // far below Delta and get packed into groups before padding.
  Rng rng(33);
  const std::size_t n = 300;
  std::vector<PairDemand> demand;
  for (Proc p = 1; p < n; ++p) {
    demand.push_back({0, p, rng.uniform(1, 9)});
    demand.push_back({p, 0, rng.uniform(1, 9)});
    demand.push_back({p, static_cast<Proc>(p % (n - 1) + 1), rng.uniform(1, 3)});
  }
  expect_valid_optimal(n, demand);
}

TEST(PermSchedule, RepeatCompressesUniformDemands) {
  // A single cyclic shift of 1000 items per pair is one group of 1000 identical steps.
  std::vector<PairDemand> demand;
  for (Proc p = 0; p < 8; ++p) demand.push_back({p, static_cast<Proc>((p + 1) % 8), 1000});
  const StepSchedule s = colour_transfers(8, demand);
  ASSERT_EQ(s.groups.size(), 1U);
  EXPECT_EQ(s.groups[0].repeat, 1000);
  EXPECT_TRUE(check_step_schedule(8, demand, s).valid);
}

TEST(PermSchedule, LargeMultiplicitiesStayCheap) {
  std::vector<PairDemand> demand = {
      {0, 1, std::int64_t{1} << 40}, {1, 0, 3}, {2, 0, (std::int64_t{1} << 40) - 3}};
  expect_valid_optimal(3, demand);
  expect_valid_optimal(4, {});
}

TEST(PermSchedule, HugeMultiplicitiesOnEveryPairStayCheap) {
  // 10^12 items on every pair of 64 processors: halving alone branched into two different halves at
  // every level and never finished; the colouring needs at most one step group per pair.
  Rng rng(34);
  const std::size_t n = 64;
  std::vector<PairDemand> demand;
  for (Proc s = 0; s < n; ++s)
    for (Proc d = 0; d < n; ++d)
      if (s != d) demand.push_back({s, d, rng.uniform(1, 1'000'000'000'000)});
  expect_valid_optimal(n, demand);
  EXPECT_LE(colour_transfers(n, demand).groups.size(), demand.size() + 2 * n);
  // The fuzzer's case: a few pairs of up to 3.6 * 10^16 items next to small ones.
  expect_valid_optimal(8, {{0, 1, 4},
                           {0, 3, 3},
                           {1, 0, 36029896533043008},
                           {1, 2, 17856},
                           {1, 7, 65281},
                           {2, 0, 70093866270720},
                           {3, 4, 5}});
}

TEST(PermSchedule, CheckerRejectsBrokenSchedules) {
  const std::vector<PairDemand> demand = {{0, 1, 2}, {2, 1, 1}};
  auto rule_of = [&](const StepSchedule& s) {
    return check_step_schedule(3, demand, s).violation->rule;
  };
  EXPECT_EQ(rule_of({{{2, {{0, 1}, {2, 1}}}}}), "one-port-receive");
  EXPECT_EQ(rule_of({{{1, {{0, 1}, {0, 2}}}}}), "one-port-send");
  EXPECT_EQ(rule_of({{{1, {{0, 0}}}}}), "self");
  EXPECT_EQ(rule_of({{{1, {{0, 3}}}}}), "range");
  EXPECT_EQ(rule_of({{{0, {{0, 1}}}}}), "repeat");
  EXPECT_EQ(rule_of({{{2, {{0, 1}}}}}), "demand");                 // (2, 1) never moves
  EXPECT_EQ(rule_of({{{3, {{0, 1}}}, {1, {{2, 1}}}}}), "demand");  // too many
  EXPECT_EQ(rule_of({{{2, {{0, 1}}}, {1, {{2, 1}}}, {1, {{2, 0}}}}}), "demand");  // no demand
  const StepSchedule good{{{2, {{0, 1}}}, {1, {{2, 1}}}}};
  EXPECT_TRUE(check_step_schedule(3, demand, good).valid);
  EXPECT_EQ(check_step_schedule(3, demand, good).steps, 3);
}

}  // namespace
}  // namespace redist::perm
