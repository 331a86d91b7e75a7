#pragma once
// Private to the ring layer: which items of an ordered ring should take the closing edge
// (docs/ordered.md "Choosing the routes").
//
// A block's items are all alike (same source, same destination), so routes are the number of
// each block's items sent the other way round. Their quality is estimated by a proxy that is a
// lower bound on the makespan of those routes: the busiest port (items it sends and receives, at
// their links' costs) and the slowest block stream (ordered_ways.hpp). The search walks the blocks
// in order of how much the other way costs against the linear one, rerouting ever more of them,
// and keeps the best proxies; plan_ordered times them.

#include <cstdint>
#include <vector>

#include "ordered_ways.hpp"
#include "redist/core/ordered_items.hpp"
#include "redist/core/ring_instance.hpp"

namespace redist::ring::detail {

/// The proxy of a choice of reroutes (items of each block that take the closing edge): O(n +
/// blocks) per evaluation.
class RouteProxy {
 public:
  RouteProxy(const RingInstance& instance, const std::vector<ItemBlock>& blocks);
  Ticks operator()(const std::vector<std::int64_t>& rerouted);
  /// The cost of block b's linear way and of the other way, for a lone item.
  [[nodiscard]] const Way& linear_way(std::size_t b) const { return linear_[b]; }
  [[nodiscard]] const Way& other_way(std::size_t b) const { return other_[b]; }

 private:
  const RingInstance& inst_;
  const std::vector<ItemBlock>& blocks_;
  std::vector<Way> linear_, other_;
  std::vector<std::int64_t> right_, left_;  // difference arrays, then items per edge
};

/// Up to `count` reroute choices with the best proxies, best first; never the linear routes.
/// `effort` widens the search (more blocks considered, more points evaluated).
std::vector<std::vector<std::int64_t>> promising_reroutes(RouteProxy& proxy,
                                                          const std::vector<ItemBlock>& blocks,
                                                          int effort, std::size_t count);

}  // namespace redist::ring::detail
