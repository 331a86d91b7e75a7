// StepRedistrib: threshold search + Hopcroft-Karp against brute force and against the document's
// pruning loop; the volume tie-break against brute force; the generic bottleneck matching on its
// own.

#include <gtest/gtest.h>

#include "perm_test_support.hpp"
#include "redist/perm/bottleneck.hpp"
#include "redist/perm/generator.hpp"
#include "redist/perm/steps.hpp"

namespace redist::perm {
namespace {

using testing::brute_force;
using testing::random_dense;

TEST(PermSteps, MatchesBruteForceWithVolumeTieBreak) {
  Rng rng(21);
  for (int trial = 0; trial < 3000; ++trial) {
    const auto n = static_cast<std::size_t>(rng.uniform(1, 6));
    const PermInstance inst =
        random_dense(rng, n, rng.uniform(1, 5), static_cast<int>(rng.uniform(0, 85)));
    const auto expect = brute_force(inst);
    const PermSolution s = solve_min_steps(inst);
    ASSERT_EQ(s.steps, expect.min_steps) << "trial " << trial;
    ASSERT_EQ(s.volume, expect.volume_at_min_steps) << "trial " << trial;
    ASSERT_EQ(solve_min_steps(inst, {false}).steps, expect.min_steps);
    ASSERT_EQ(solve_min_steps_pruning(inst).steps, expect.min_steps) << "trial " << trial;
  }
}

TEST(PermSteps, SevenProcessorsByBruteForce) {
  Rng rng(22);
  for (int trial = 0; trial < 40; ++trial) {
    const PermInstance inst = random_dense(rng, 7, 6, 40);
    const auto expect = brute_force(inst);
    const PermSolution s = solve_min_steps(inst);
    ASSERT_EQ(s.steps, expect.min_steps);
    ASSERT_EQ(s.volume, expect.volume_at_min_steps);
  }
}

TEST(PermSteps, AgreesWithPruningBaselineOnLargerInstances) {
  Rng rng(23);
  for (int trial = 0; trial < 60; ++trial) {
    const auto n = static_cast<std::size_t>(rng.uniform(8, 48));
    const PermInstance inst =
        random_dense(rng, n, rng.uniform(1, 30), static_cast<int>(rng.uniform(0, 95)));
    ASSERT_EQ(solve_min_steps(inst).steps, solve_min_steps_pruning(inst).steps)
        << "trial " << trial;
  }
}

TEST(PermSteps, SparseBlockLayouts) {
  for (std::uint64_t seed = 1; seed <= 30; ++seed) {
    const std::size_t n = 20 + seed;
    const PermInstance inst =
        block1d_instance(random_block_sizes(n, 900, seed), balanced_block_sizes(n, 900));
    const PermSolution s = solve_min_steps(inst);
    EXPECT_EQ(s.steps, solve_min_steps_pruning(inst).steps);
    EXPECT_EQ(s.steps, redistribution_steps(inst, s.assignment));
  }
}

TEST(PermSteps, EdgeCases) {
  EXPECT_EQ(solve_min_steps(PermInstance::from_dense(1, std::vector<std::int64_t>{7})).steps, 0);
  EXPECT_EQ(solve_min_steps(PermInstance::from_dense(0, {})).steps, 0);
  // One processor holds everything: it must send all but one part.
  const PermInstance hoard =
      PermInstance::from_dense(3, std::vector<std::int64_t>{4, 5, 6, 0, 0, 0, 0, 0, 0});
  EXPECT_EQ(solve_min_steps(hoard).steps, 9);
  const PermInstance zeros = PermInstance::from_dense(4, std::vector<std::int64_t>(16, 0));
  EXPECT_EQ(solve_min_steps(zeros).steps, 0);
}

// The generic matcher with forbidden block pairs and a graph with no perfect matching.
TEST(PermBottleneck, ForbiddenLevelsAndInfeasibleGraphs) {
  BottleneckGraph g;
  g.size = 2;
  g.row_level = {kForbidden, kForbidden};
  g.col_level = {kForbidden, kForbidden};
  g.edges = {{0, 0, 5}, {0, 1, 1}, {1, 0, 2}};
  const auto m = bottleneck_perfect_matching(g);
  ASSERT_TRUE(m.has_value());
  EXPECT_EQ(m->value, 2);
  EXPECT_EQ(m->col_of_row, (std::vector<Proc>{1, 0}));
  g.edges = {{0, 0, 5}, {1, 0, 2}};
  EXPECT_FALSE(bottleneck_perfect_matching(g).has_value());
}

}  // namespace
}  // namespace redist::perm
