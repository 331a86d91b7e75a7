#pragma once
// Routes of ordered items round the ring (docs/ordered.md "Routes"): which items travel towards the
// successors and which towards the predecessors.
//
// Every moving item has a fixed source and destination (core/ordered_items.hpp), and goes one way
// round or the other. The linear routes never use the closing edge P_{n-1} -> P_0: an item moves
// right when its destination follows its source, left otherwise; the net flow over edge e is then
// S_e (document 000's flow shift 0). Sending k items the other way instead changes the net flow of
// every edge by the same amount: -k for items that moved right, +k for items that moved left, so
// routes with flow shift x realise document 000's circulation x with the order kept. Which items
// take the other way is what an ordered plan chooses (ordered_plan.hpp).

#include <cstdint>
#include <vector>

#include "redist/core/ordered_items.hpp"
#include "redist/ring/routed_range.hpp"

namespace redist::ring {

/// Whether a block moves right on the linear routes (its destination follows its source).
inline bool linear_rightward(const ItemBlock& block) { return block.to > block.from; }

/// The routes of `blocks` (moving_blocks, in the global order) when rerouted[b] items of block b
/// take the way through the closing edge and the others the linear way. Within a block, the items
/// that go rightward are its highest ones. Ranges come in the global order, none empty.
std::vector<RoutedRange> routes_with_reroutes(const std::vector<ItemBlock>& blocks,
                                              const std::vector<std::int64_t>& rerouted);

/// The linear routes (nothing rerouted).
std::vector<RoutedRange> linear_routes(const std::vector<ItemBlock>& blocks);

/// Every moving item on a unidirectional ring goes rightward, through the closing edge if it must.
std::vector<RoutedRange> rightward_routes(const std::vector<ItemBlock>& blocks);

/// The flow shift x of the routes: F_e = x + S_e for every edge e (items moving right that take
/// the closing edge count -1, items moving left that take it +1).
std::int64_t flow_shift_of(const std::vector<RoutedRange>& routes);

}  // namespace redist::ring
