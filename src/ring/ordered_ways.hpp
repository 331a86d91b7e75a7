#pragma once
// Private to the ring layer: what the two ways round the ring cost the items of each moving block,
// for the ordered bounds and the ordered planner's search (docs/ordered.md).

#include <cstdint>
#include <vector>

#include "redist/core/decimal.hpp"
#include "redist/core/ordered_items.hpp"
#include "redist/core/ring_instance.hpp"

namespace redist::ring::detail {

/// The links an item crosses going one way round: the sum of their costs (the first arrival of a
/// lone item) and the largest (the pace of a stream of items).
struct Way {
  Ticks sum = 0;
  Ticks slowest = 0;
};

/// A block's linear way (never over the closing edge) and the other way.
struct BlockWays {
  Way linear;
  Way other;
};

/// The ways of every block of moving_blocks (in the global order), in O(n + blocks): the linear
/// ways never wrap and their ends only move forward along the order, so their slowest links come
/// from sliding-window maxima; the other ways are the complements, whose slowest links come from
/// prefix and suffix maxima. A unidirectional ring has one way: `other` is then left empty.
std::vector<BlockWays> block_ways(const RingInstance& instance,
                                  const std::vector<ItemBlock>& blocks);

/// Adds v to the edges first, first+1, ..., first+count-1 (mod n) of a difference array of n + 1
/// entries (prefix sums of it then give each edge's total).
template <class T>
void add_arc(std::vector<T>& diff, std::size_t n, std::size_t first, std::size_t count, T v) {
  if (count == 0) return;
  const std::size_t end = first + count;
  diff[first] += v;
  if (end <= n) {
    diff[end] -= v;
  } else {
    diff[n] -= v;
    diff[0] += v;
    diff[end - n] -= v;
  }
}

/// A stream of k items, alone on one way: the first crosses every link, the rest follow at the
/// slowest link's pace (0 for no item). No schedule moves them faster.
inline Ticks stream_time(const Way& way, std::int64_t k) {
  return k <= 0 ? Ticks{0} : way.sum + static_cast<Ticks>(k - 1) * way.slowest;
}

}  // namespace redist::ring::detail
