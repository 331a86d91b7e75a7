// Section 5 coupling: the exact cost evaluators, and the heuristic never loses to the fixed plans.

#include <gtest/gtest.h>

#include "redist/core/random.hpp"
#include "redist/perm/generator.hpp"
#include "redist/perm/stencil.hpp"

namespace redist::perm {
namespace {

TEST(PermStencil, IterationCostOfSimpleLayouts) {
  // Three blocks of two items: each block sends its two boundary items (one per neighbour).
  const std::vector<Proc> blocks = {0, 0, 1, 1, 2, 2};
  EXPECT_EQ(stencil_iteration(blocks, 3, CommModel::volume).comm, 6);
  EXPECT_EQ(stencil_iteration(blocks, 3, CommModel::steps).comm, 2);
  EXPECT_EQ(stencil_iteration(blocks, 3, CommModel::volume).max_load, 2);
  // Alternating items: each item goes once to the other processor (both neighbours are there).
  const std::vector<Proc> alternating = {0, 1, 0, 1};
  EXPECT_EQ(stencil_iteration(alternating, 2, CommModel::volume).comm, 4);
  EXPECT_EQ(stencil_iteration(alternating, 2, CommModel::steps).comm, 2);
  EXPECT_EQ(stencil_iteration(std::vector<Proc>{0, 0, 0}, 1, CommModel::volume).comm, 0);
  EXPECT_EQ(redistribution_cost(alternating, std::vector<Proc>{0, 0, 1, 1}, 2, CommModel::volume),
            2);
  EXPECT_EQ(redistribution_cost(alternating, std::vector<Proc>{0, 0, 1, 1}, 2, CommModel::steps),
            1);
}

TEST(PermStencil, HeuristicNeverLosesToAFixedStrategy) {
  Rng rng(41);
  for (int trial = 0; trial < 300; ++trial) {
    const auto n = static_cast<std::size_t>(rng.uniform(1, 8));
    const auto items = static_cast<std::size_t>(rng.uniform(0, 60));
    std::vector<Proc> initial(items);
    for (auto& p : initial) p = static_cast<Proc>(rng.uniform(0, static_cast<std::int64_t>(n) - 1));
    const StencilModel m{rng.uniform(0, 1) ? CommModel::volume : CommModel::steps,
                         rng.uniform(0, 6), static_cast<double>(rng.uniform(1, 10)),
                         static_cast<double>(rng.uniform(1, 10))};
    const StencilChoice c = plan_stencil(initial, n, m);
    EXPECT_LE(c.improved_blocks.total, c.block.total);
    EXPECT_LE(c.best().total, c.owner_computes.total);
    EXPECT_LE(c.best().total, c.block.total);
    for (const StencilPlan* p : {&c.owner_computes, &c.block, &c.improved_blocks}) {
      ASSERT_EQ(p->processor_of_item.size(), items);
      const double recomputed =
          stencil_total(m, redistribution_cost(initial, p->processor_of_item, n, m.model),
                        stencil_iteration(p->processor_of_item, n, m.model));
      EXPECT_DOUBLE_EQ(p->total, recomputed);
    }
  }
}

TEST(PermStencil, ImprovedBlocksReachAContiguousInitialLayout) {
  // The initial layout is already made of (unbalanced) contiguous blocks: the blocks that follow it
  // cost exactly what owner-computes costs, so the improved plan can only be better.
  for (std::uint64_t seed = 1; seed <= 20; ++seed) {
    PermGenOptions o;
    o.distribution = PermDistribution::block1d;
    o.processors = 10;
    o.items = 300;
    o.seed = seed;
    const ItemLayout l = generate_items(o);
    for (CommModel model : {CommModel::volume, CommModel::steps}) {
      const StencilChoice c = plan_stencil(l.initial, 10, StencilModel{model, 1, 10.0, 1.0});
      EXPECT_LE(c.improved_blocks.total, c.owner_computes.total);
    }
  }
}

TEST(PermStencil, NoIterationsMeansNoRedistribution) {
  PermGenOptions o;
  o.processors = 6;
  o.items_per_part = 10;
  const ItemLayout l = generate_items(o);
  const StencilChoice c = plan_stencil(l.initial, 6, StencilModel{CommModel::volume, 0, 1.0, 1.0});
  EXPECT_EQ(c.best().total, 0.0);
  EXPECT_EQ(c.best().strategy, "owner-computes");
}

TEST(PermStencil, ManyIterationsFavourBlocks) {
  PermGenOptions o;
  o.processors = 8;
  o.items_per_part = 16;
  const ItemLayout l = generate_items(o);
  const StencilChoice c = plan_stencil(l.initial, 8, StencilModel{CommModel::steps, 50, 1.0, 1.0});
  EXPECT_NE(c.best().strategy, "owner-computes");
}

}  // namespace
}  // namespace redist::perm
