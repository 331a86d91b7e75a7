// Section 5 coupling: the exact cost evaluators, plan_stencil against the exhaustive optimum of
// tiny instances (its true gap), and the properties of its three plans.

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <set>
#include <utility>

#include "redist/core/error.hpp"
#include "redist/core/random.hpp"
#include "redist/perm/generator.hpp"
#include "redist/perm/stencil.hpp"
#include "redist/perm/stencil_optimum.hpp"

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

TEST(PermStencil, ImprovedBlocksNeverCostMoreThanBlocksAndTotalsAreRecomputed) {
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
    EXPECT_LE(c.improved_blocks.total, c.block.total);  // the local search starts from the blocks
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

// Section 5.1's cost recomputed from its definitions, independently of stencil.cpp: the messages
// of an iteration as a set of (item, receiving processor) pairs (N_ij counts each item once per
// other processor that hosts a neighbour of it), RedistVol as the items that move, RedistSteps as
// the most items one processor sends or receives (König, section 4.2).
double reference_total(const std::vector<Proc>& initial, const std::vector<Proc>& where,
                       std::size_t processors, const StencilModel& m) {
  const std::size_t n = where.size();
  std::set<std::pair<std::size_t, Proc>> messages;
  for (std::size_t d = 0; d < n; ++d)
    for (const std::size_t nb : {(d + n - 1) % n, (d + 1) % n})
      if (where[nb] != where[d]) messages.insert({d, where[nb]});
  std::vector<std::int64_t> out(processors), in(processors), load(processors),
      moved_out(processors), moved_in(processors);
  for (const auto& [d, to] : messages) ++out[where[d]], ++in[to];
  std::int64_t moved = 0;
  for (std::size_t d = 0; d < n; ++d) {
    ++load[where[d]];
    if (initial[d] != where[d]) ++moved, ++moved_out[initial[d]], ++moved_in[where[d]];
  }
  std::int64_t comm = 0, redistribution = 0, busiest = 0;
  for (std::size_t p = 0; p < processors; ++p) {
    comm = m.model == CommModel::volume ? comm + out[p] : std::max({comm, out[p], in[p]});
    redistribution = std::max({redistribution, moved_out[p], moved_in[p]});
    busiest = std::max(busiest, load[p]);
  }
  if (m.model == CommModel::volume) redistribution = moved;
  const auto k = static_cast<double>(m.iterations);
  return m.tau_comm * static_cast<double>(redistribution) +
         k * (m.tau_comm * static_cast<double>(comm) + m.tau_calc * static_cast<double>(busiest));
}

// The least reference_total over every distribution, by recursion over the items.
double brute_force_optimum(const std::vector<Proc>& initial, std::size_t processors,
                           const StencilModel& m, std::vector<Proc>& where, std::size_t next) {
  if (next == where.size()) return reference_total(initial, where, processors, m);
  double best = -1;
  for (Proc p = 0; p < processors; ++p) {
    where[next] = p;
    const double t = brute_force_optimum(initial, processors, m, where, next + 1);
    if (best < 0 || t < best) best = t;
  }
  return best;
}

struct TinyStencil {
  std::vector<Proc> initial;
  std::size_t processors = 0;
  StencilModel model;
};

// P = 2..4 processors, N = 2..9 items (at most 20,000 distributions), initial processors drawn at
// random (unbalanced layouts included), either model, K = 0..6, tau_comm and tau_calc in 1..10.
TinyStencil tiny_stencil(Rng& rng) {
  TinyStencil t;
  t.processors = static_cast<std::size_t>(rng.uniform(2, 4));
  const std::int64_t max_items = t.processors == 2 ? 9 : t.processors == 3 ? 8 : 7;
  t.initial.resize(static_cast<std::size_t>(rng.uniform(2, max_items)));
  for (Proc& p : t.initial)
    p = static_cast<Proc>(rng.uniform(0, static_cast<std::int64_t>(t.processors) - 1));
  t.model = {rng.uniform(0, 1) ? CommModel::volume : CommModel::steps, rng.uniform(0, 6),
             static_cast<double>(rng.uniform(1, 10)), static_cast<double>(rng.uniform(1, 10))};
  return t;
}

TEST(PermStencil, EnumeratedOptimumEqualsAnIndependentBruteForce) {
  Rng rng(303);
  for (int trial = 0; trial < 60; ++trial) {
    const TinyStencil t = tiny_stencil(rng);
    const StencilPlan best = stencil_optimum(t.initial, t.processors, t.model);
    std::vector<Proc> where(t.initial.size());
    EXPECT_DOUBLE_EQ(best.total, brute_force_optimum(t.initial, t.processors, t.model, where, 0))
        << "trial " << trial;
    EXPECT_DOUBLE_EQ(best.total,
                     reference_total(t.initial, best.processor_of_item, t.processors, t.model));
  }
  EXPECT_THROW(stencil_optimum(std::vector<Proc>(21, 0), 2, StencilModel{}), InputError);
}

// plan_stencil is a heuristic for a strongly NP-complete problem (Theorems 3-4): on 600 tiny
// instances its choice is compared with the exhaustive optimum. It can never beat the optimum;
// how far it is above is its true gap (docs/perm.md, "Coupling with a 1-D stencil").
TEST(PermStencil, HeuristicAgainstTheExhaustiveOptimumOnTinyInstances) {
  Rng rng(30);
  int optimal = 0, trials = 0;
  double worst = 1, sum = 0;
  for (; trials < 600; ++trials) {
    const TinyStencil t = tiny_stencil(rng);
    const StencilChoice c = plan_stencil(t.initial, t.processors, t.model);
    const double chosen =
        reference_total(t.initial, c.best().processor_of_item, t.processors, t.model);
    ASSERT_DOUBLE_EQ(chosen, c.best().total) << "trial " << trials;
    const double optimum = stencil_optimum(t.initial, t.processors, t.model).total;
    ASSERT_GE(chosen, optimum) << "trial " << trials;
    const double ratio = optimum > 0 ? chosen / optimum : (chosen > 0 ? 1e9 : 1.0);
    optimal += chosen == optimum;
    worst = std::max(worst, ratio);
    sum += ratio;
  }
  std::printf("[ plan_stencil optimal on %d of %d tiny instances; mean ratio %.4f, worst %.3f ]\n",
              optimal, trials, sum / trials, worst);
  EXPECT_GT(optimal, trials / 2);
}

}  // namespace
}  // namespace redist::perm
