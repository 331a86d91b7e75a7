#pragma once
// Lower bounds on the time of any redistribution of ordered items (docs/ordered.md "Lower
// bounds"). Each term holds for every schedule that moves the items themselves, whatever their
// routes; docs/ordered.md proves each.
//
//   interchangeable  document 000's best bound for the same ring (ring/bounds.hpp): forgetting the
//                    items' names turns an ordered schedule into one for interchangeable items
//   ports            P_k must send each of its items that leaves (its load minus what it keeps) and
//                    receive each item it gains, one at a time, each over its cheaper link at best
//   streams          the items of one block (one source, one destination) that go one way cross
//                    every link of it one after the other: the first pays every link, each next one
//                    at least the slowest link's cost; minimised over the block's split
//   links            unidirectional rings only, where every route is forced: each link carries its
//                    items one at a time, and the items it forwards arrive over the link before
//   slices           rings of up to kOrderedSliceRing processors: the items leaving (entering) a
//                    slice of consecutive processors cross its two boundary links, split at best
//                    (document 000's Lemma 12 with the items that must leave instead of the net
//                    excess)
//   routing          bidirectional rings: whatever the routes, some port's load (items sent and
//                    received at their links' costs) is at least the Lagrangian bound of the
//                    routing relaxation (docs/ordered.md "The routing relaxation")

#include <cstddef>
#include <vector>

#include "redist/core/ordered_items.hpp"
#include "redist/core/ring_instance.hpp"
#include "redist/ring/bounds.hpp"

namespace redist::ring {

/// The slice term visits all n (n - 1) slices: computed on rings of up to this many processors.
inline constexpr std::size_t kOrderedSliceRing = 2048;

struct OrderedBounds {
  std::vector<BoundTerm>
      terms;       // "interchangeable", "ports", "streams", "links", "slices", "routing"
  Ticks best = 0;  // the largest
  RingBounds interchangeable;  // document 000's bounds for the same ring
};

OrderedBounds ordered_lower_bounds(const RingInstance& instance, const OrderedLayout& layout,
                                   const std::vector<ItemBlock>& blocks);
/// The same with the routing term already computed (plan_ordered runs the relaxation for its
/// routes too); 0 leaves the term out.
OrderedBounds ordered_lower_bounds(const RingInstance& instance, const OrderedLayout& layout,
                                   const std::vector<ItemBlock>& blocks, Ticks routing_bound);

}  // namespace redist::ring
