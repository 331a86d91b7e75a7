// The ordered lower bounds (ring/ordered_bounds.hpp) never exceed the exact ordered optimum of tiny
// rings found by exhaustive search, and each term is the one its definition says on hand-made
// rings.

#include "redist/ring/ordered_bounds.hpp"

#include <gtest/gtest.h>

#include "redist/core/random.hpp"
#include "support/ordered_oracles.hpp"

namespace redist::ring {
namespace {

RingInstance tiny_ring(Rng& rng) { return testing::random_small_ring(rng, 2, 4, 3); }

Ticks term(const OrderedBounds& b, const std::string& name) {
  for (const auto& t : b.terms)
    if (t.name == name) return t.value;
  ADD_FAILURE() << "no term " << name;
  return -1;
}

OrderedBounds bounds_of(const RingInstance& inst) {
  const OrderedLayout layout = OrderedLayout::of(inst);
  return ordered_lower_bounds(inst, layout, moving_blocks(layout));
}

TEST(OrderedBounds, NeverAboveTheExactOrderedOptimum) {
  Rng rng(5);
  int solved = 0, ordered_above = 0;
  for (int round = 0; round < 600; ++round) {
    const RingInstance inst = tiny_ring(rng);
    if (inst.total_items() > 6) continue;
    const auto best = testing::brute_force_ordered(inst, 40, 300'000);
    if (!best) continue;
    ++solved;
    const OrderedBounds b = bounds_of(inst);
    for (const auto& t : b.terms)
      EXPECT_LE(t.value, best->makespan) << t.name << " round " << round;
    ordered_above += b.best > b.interchangeable.best;
  }
  EXPECT_GT(solved, 300);
  // The ordered terms matter: they beat document 000's bound on many rings.
  EXPECT_GT(ordered_above, solved / 8);
}

TEST(OrderedBounds, AShiftedRangeMustSendAndReceiveWhatItsCountsWouldNot) {
  // P1 keeps its count (2) but its range moves from [2, 4) to [1, 3): it sends item 3 and receives
  // item 1. Document 000's bound only sees the net excess of P0 and P2.
  RingInstance inst;
  inst.kind = RingKind::bidirectional;
  inst.loads = {2, 2, 1};
  inst.targets = {1, 2, 2};
  inst.succ_cost = {5, 5, 5};
  inst.pred_cost = {5, 5, 5};
  const OrderedBounds b = bounds_of(inst);
  EXPECT_EQ(term(b, "ports"), 5);
  // Item 3 must reach P2, item 1 must reach P1: at least one hop each, 5.
  EXPECT_EQ(term(b, "streams"), 5);
}

TEST(OrderedBounds, StreamsPayEveryLinkOnce) {
  // P0's 3 items go to P3: rightwards over links of cost 1, 1, 4 or leftwards over one link of cost
  // 2. Best split: 2 left (2 + 2 = 4) and 1 right (1 + 1 + 4 = 6), or 3 left (2 + 2 + 2): 6.
  RingInstance inst;
  inst.kind = RingKind::bidirectional;
  inst.loads = {3, 0, 0, 0};
  inst.targets = {0, 0, 0, 3};
  inst.succ_cost = {1, 1, 4, 9};
  inst.pred_cost = {2, 9, 9, 9};
  EXPECT_EQ(term(bounds_of(inst), "streams"), 6);
}

}  // namespace
}  // namespace redist::ring
