// The document 003 distributions: sizes, balance and the structure each one promises.

#include <gtest/gtest.h>

#include <algorithm>

#include "redist/core/error.hpp"
#include "redist/perm/generator.hpp"
#include "redist/perm/solution.hpp"
#include "redist/perm/steps.hpp"
#include "redist/perm/volume.hpp"

namespace redist::perm {
namespace {

PermInstance instance_of(const PermGenOptions& o) {
  const ItemLayout l = generate_items(o);
  return PermInstance::from_items(l.processors, l.initial, l.partition);
}

TEST(PermGenerator, RandomAndSkewedAreBalanced) {
  for (auto dist : {PermDistribution::random, PermDistribution::skewed}) {
    PermGenOptions o;
    o.distribution = dist;
    o.processors = 9;
    o.items_per_part = 7;
    o.alpha = 0.6;
    const PermInstance inst = instance_of(o);
    for (Proc p = 0; p < 9; ++p) {
      EXPECT_EQ(inst.load(p), 7);
      EXPECT_EQ(inst.part_size(p), 7);
      if (dist == PermDistribution::skewed) {
        EXPECT_GE(inst.count((p + 1) % 9, p), 4);  // floor(0.6 * 7)
      }
    }
  }
}

TEST(PermGenerator, FullySkewedIsAShift) {
  PermGenOptions o;
  o.distribution = PermDistribution::skewed;
  o.alpha = 1.0;
  const PermInstance inst = instance_of(o);
  EXPECT_EQ(solve_min_volume(inst).volume, 0);
  EXPECT_EQ(solve_min_steps(inst).steps, 0);
}

// 12 x 12 tiles on a 2 x 3 grid: small enough to check tile by tile.
PermGenOptions six_processor_tiles(PermDistribution distribution) {
  PermGenOptions o;
  o.distribution = distribution;
  o.processors = 6;
  o.grid_rows = 2;
  o.grid_cols = 3;
  o.tiles = 12;
  return o;
}

TEST(PermGenerator, TileDistributions) {
  PermGenOptions o = six_processor_tiles(PermDistribution::block_cyclic);
  for (auto dist : {PermDistribution::block_cyclic, PermDistribution::skewed_set,
                    PermDistribution::chunk_set}) {
    o.distribution = dist;
    const ItemLayout l = generate_items(o);
    ASSERT_EQ(l.initial.size(), 144U);
    for (std::size_t t = 0; t < 144; ++t) EXPECT_EQ(l.partition[t], (t / 12 % 2) * 3 + t % 12 % 3);
  }
  // SkewedSet: relabelling the reference back keeps the unmoved half, so at most half moves.
  o.distribution = PermDistribution::skewed_set;
  EXPECT_LE(solve_min_volume(instance_of(o)).volume, 72);
}

TEST(PermGenerator, SkewedSetReferenceMovesExactlyTheDisplacedHalf) {
  PermGenOptions o = six_processor_tiles(PermDistribution::skewed_set);
  for (std::uint64_t seed = 1; seed <= 20; ++seed) {
    o.seed = seed;
    const ItemLayout l = generate_items(o);
    ASSERT_EQ(l.reference.size(), 6U);
    Assignment reference(l.reference.begin(), l.reference.end());
    std::sort(reference.begin(), reference.end());
    for (std::size_t p = 0; p < 6; ++p)
      ASSERT_EQ(reference[p], p) << "the reference must be a permutation";
    const PermInstance inst = PermInstance::from_items(6, l.initial, l.partition);
    // Every displaced tile lands on a processor other than its own, so the reference moves exactly
    // them.
    EXPECT_EQ(evaluate(inst, Assignment(l.reference.begin(), l.reference.end())).volume, 72)
        << "seed " << seed;
  }
  o.distribution = PermDistribution::block_cyclic;
  EXPECT_TRUE(generate_items(o).reference.empty());
}

TEST(PermGenerator, Block1dIsSparseAndSeeded) {
  PermGenOptions o;
  o.distribution = PermDistribution::block1d;
  o.processors = 40;
  o.items = 1000;
  const PermInstance inst = instance_of(o);
  EXPECT_LE(inst.nonzeros(), 79U);
  EXPECT_EQ(inst.total_items(), 1000);
  const ItemLayout a = generate_items(o), b = generate_items(o);
  EXPECT_EQ(a.initial, b.initial);
  const PermInstance direct =
      block1d_instance(random_block_sizes(7, 100, 3), balanced_block_sizes(7, 100));
  EXPECT_EQ(direct.total_items(), 100);
  EXPECT_LE(direct.nonzeros(), 13U);
}

TEST(PermGenerator, BadOptions) {
  PermGenOptions o;
  o.distribution = PermDistribution::block_cyclic;
  o.processors = 6;
  o.grid_rows = 4;
  o.grid_cols = 2;
  EXPECT_THROW(generate_items(o), InputError);
  o.distribution = PermDistribution::skewed;
  o.alpha = 1.5;
  EXPECT_THROW(generate_items(o), InputError);
}

}  // namespace
}  // namespace redist::perm
