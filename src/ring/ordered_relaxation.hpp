#pragma once
// Private to the ring layer: the routing relaxation of an ordered ring (docs/ordered.md "The
// routing relaxation").
//
// Route r_b items of block b one way and m_b - r_b the other, r_b real: every port's load (the
// items it sends, at their links' costs; the items it receives, likewise) is affine in r, and the
// makespan of any ordered schedule is at least the largest port load of its routes (a port handles
// one item at a time; an item's walk that turns back only adds load). So
//
//   OPT >= min over r of max over ports of load(r) >= min over r of sum_i y_i load_i(r) / sum_i y_i
//
// for any weights y >= 0, and the last minimum is separable: each block goes, whole, the way that
// is cheaper at the prices the weights put on the links (Lagrangian duality; the dual of routing
// with least congestion). The relaxation alternates: weights from the current loads (a soft
// maximum), the routes that are cheapest at those prices, a step towards them (exact line search on
// the largest load); every set of weights yields a valid lower bound, every step a routing. O(n +
// blocks) per iteration.

#include <cstdint>
#include <vector>

#include "redist/core/decimal.hpp"
#include "redist/core/ordered_items.hpp"
#include "redist/core/ring_instance.hpp"

namespace redist::ring::detail {

struct RoutingRelaxation {
  std::vector<std::int64_t> rerouted;  // best routes found, rounded: items of each block rerouted
  // The same with every block sent whole one way (the way most of it takes): fewer blocks split,
  // fewer processors sending both ways, which the timing serves one direction after the other.
  std::vector<std::int64_t> whole;
  Ticks lower_bound = 0;  // no ordered schedule of the ring is faster (bidirectional)
};

/// `start`: a reroute choice to begin from (one per block); `evaluations`: how many times the
/// port loads may be computed. On a unidirectional ring, or without blocks, returns `start` and no
/// bound.
RoutingRelaxation relax_routing(const RingInstance& instance, const std::vector<ItemBlock>& blocks,
                                const std::vector<std::int64_t>& start, int evaluations);

/// Evaluations that fit the planner's time on n processors and that many blocks (fewer on larger
/// rings).
int relaxation_evaluations(std::size_t n, std::size_t blocks, int effort);

}  // namespace redist::ring::detail
