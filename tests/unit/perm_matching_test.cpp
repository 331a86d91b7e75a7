// Weighted matching (VolumeRedistrib): both exact solvers against brute force, and every result
// checked by its dual certificate (duals >= 0, reduced weights >= 0, primal = dual).

#include <gtest/gtest.h>

#include "perm_test_support.hpp"
#include "redist/perm/generator.hpp"
#include "redist/perm/volume.hpp"
#include "redist/perm/weighted_matching.hpp"

namespace redist::perm {
namespace {

using testing::brute_force;
using testing::random_dense;

void expect_certified(const WeightedGraph& g, const WeightedMatching& m) {
  const auto bad = check_matching_certificate(g, m);
  EXPECT_FALSE(bad.has_value()) << *bad;
}

TEST(PermMatching, BothSolversMatchBruteForceOnThousandsOfSmallInstances) {
  Rng rng(11);
  for (int trial = 0; trial < 3000; ++trial) {
    const auto n = static_cast<std::size_t>(rng.uniform(1, 6));
    const PermInstance inst =
        random_dense(rng, n, rng.uniform(1, 4), static_cast<int>(rng.uniform(0, 80)));
    const WeightedGraph g = kept_items_graph(inst);
    const auto expect = brute_force(inst);
    for (auto method : {MatchingMethod::dense, MatchingMethod::sparse}) {
      const WeightedMatching m = max_weight_matching(g, method);
      expect_certified(g, m);
      ASSERT_EQ(inst.total_items() - static_cast<std::int64_t>(m.weight), expect.min_volume)
          << "trial " << trial;
    }
  }
}

TEST(PermMatching, SolversAgreeOnLargerRandomInstances) {
  Rng rng(12);
  for (int trial = 0; trial < 200; ++trial) {
    const auto n = static_cast<std::size_t>(rng.uniform(7, 60));
    const PermInstance inst =
        random_dense(rng, n, rng.uniform(1, 1000), static_cast<int>(rng.uniform(0, 95)));
    const WeightedGraph g = kept_items_graph(inst);
    const WeightedMatching dense = max_weight_matching_dense(g),
                           sparse = max_weight_matching_sparse(g);
    expect_certified(g, dense);
    expect_certified(g, sparse);
    ASSERT_EQ(dense.weight, sparse.weight) << "trial " << trial;
  }
}

TEST(PermMatching, VolumeTieBreakGivesFewestStepsAmongMinVolume) {
  Rng rng(13);
  for (int trial = 0; trial < 2000; ++trial) {
    const auto n = static_cast<std::size_t>(rng.uniform(1, 6));
    const PermInstance inst =
        random_dense(rng, n, rng.uniform(1, 3), static_cast<int>(rng.uniform(20, 70)));
    const auto expect = brute_force(inst);
    for (auto method : {MatchingMethod::dense, MatchingMethod::sparse}) {
      const PermSolution s = solve_min_volume(inst, {method, true});
      ASSERT_EQ(s.volume, expect.min_volume) << "trial " << trial;
      ASSERT_EQ(s.steps, expect.steps_at_min_volume) << "trial " << trial;
    }
  }
}

TEST(PermMatching, SevenProcessorsByBruteForce) {
  Rng rng(14);
  for (int trial = 0; trial < 40; ++trial) {
    const PermInstance inst = random_dense(rng, 7, 5, 50);
    const auto expect = brute_force(inst);
    const PermSolution s = solve_min_volume(inst);
    ASSERT_EQ(s.volume, expect.min_volume);
    ASSERT_EQ(s.steps, expect.steps_at_min_volume);
  }
}

TEST(PermMatching, EdgeCases) {
  // P = 1, all zeros, one processor holding everything, empty parts.
  const PermInstance one = PermInstance::from_dense(1, std::vector<std::int64_t>{5});
  EXPECT_EQ(solve_min_volume(one).volume, 0);
  const PermInstance zeros = PermInstance::from_dense(3, std::vector<std::int64_t>(9, 0));
  EXPECT_EQ(solve_min_volume(zeros).volume, 0);
  EXPECT_TRUE(is_permutation(solve_min_volume(zeros).assignment, 3));
  const PermInstance hoard =
      PermInstance::from_dense(3, std::vector<std::int64_t>{4, 5, 6, 0, 0, 0, 0, 0, 0});
  EXPECT_EQ(solve_min_volume(hoard).volume, 9);
  const PermInstance empty_part =
      PermInstance::from_dense(2, std::vector<std::int64_t>{0, 3, 0, 0});
  EXPECT_EQ(solve_min_volume(empty_part).volume, 0);
  EXPECT_EQ(solve_min_volume(PermInstance::from_dense(0, {})).volume, 0);
}

TEST(PermMatching, HugeCountsUseWideArithmetic) {
  Rng rng(15);
  for (int trial = 0; trial < 300; ++trial) {
    const auto n = static_cast<std::size_t>(rng.uniform(1, 6));
    std::vector<std::int64_t> c(n * n);
    for (auto& x : c) x = rng.uniform(0, 3) == 0 ? 0 : rng.uniform(1, std::int64_t{1} << 55);
    const PermInstance inst = PermInstance::from_dense(n, c);
    const WeightedGraph g = kept_items_graph(inst);
    const auto expect = brute_force(inst);
    for (auto method : {MatchingMethod::dense, MatchingMethod::sparse}) {
      const WeightedMatching m = max_weight_matching(g, method);
      expect_certified(g, m);
      ASSERT_EQ(inst.total_items() - static_cast<std::int64_t>(m.weight), expect.min_volume);
    }
  }
}

TEST(PermMatching, SparseBlockLayoutsAgreeWithDense) {
  for (std::uint64_t seed = 1; seed <= 50; ++seed) {
    const std::size_t n = 50 + seed;
    const auto from = random_block_sizes(n, 5000, seed);
    const PermInstance inst = block1d_instance(from, balanced_block_sizes(n, 5000));
    EXPECT_LE(inst.nonzeros(), 2 * n - 1);
    const WeightedGraph g = kept_items_graph(inst);
    const WeightedMatching dense = max_weight_matching_dense(g),
                           sparse = max_weight_matching_sparse(g);
    expect_certified(g, sparse);
    ASSERT_EQ(dense.weight, sparse.weight);
  }
}

// Random sparse input (document 003 section 4.3.1 with few items per part): counts are mostly 1, so
// most pairs are tight together and the sparse solver's phases mix tight matchings, exits and dual
// shifts; the dense solver is the oracle.
TEST(PermMatching, SparseRandomWithManyTiesAgreesWithDense) {
  for (std::uint64_t seed = 1; seed <= 40; ++seed) {
    PermGenOptions o;
    o.processors = 100 + 10 * seed;
    o.items_per_part = static_cast<std::int64_t>(1 + seed % 12);
    o.seed = seed;
    const ItemLayout l = generate_items(o);
    const PermInstance inst = PermInstance::from_items(o.processors, l.initial, l.partition);
    const WeightedGraph g = kept_items_graph(inst);
    const WeightedMatching dense = max_weight_matching_dense(g),
                           sparse = max_weight_matching_sparse(g);
    expect_certified(g, sparse);
    ASSERT_EQ(dense.weight, sparse.weight) << "seed " << seed;
  }
}

}  // namespace
}  // namespace redist::perm
