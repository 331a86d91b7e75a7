#include "ring/ordered_routes.hpp"

#include "redist/core/error.hpp"

namespace redist::ring {

std::vector<RoutedRange> routes_with_reroutes(const std::vector<ItemBlock>& blocks,
                                              const std::vector<std::int64_t>& rerouted) {
  REDIST_ASSERT(rerouted.size() == blocks.size());
  std::vector<RoutedRange> routes;
  routes.reserve(blocks.size() + 8);
  for (std::size_t b = 0; b < blocks.size(); ++b) {
    const ItemBlock& block = blocks[b];
    REDIST_ASSERT(rerouted[b] >= 0 && rerouted[b] <= block.items);
    const bool linear_right = linear_rightward(block);
    // The highest items go right: a rightward block is sent from its highest item down.
    const std::int64_t right = linear_right ? block.items - rerouted[b] : rerouted[b];
    const std::int64_t left = block.items - right;
    if (left > 0) routes.push_back({block.first, left, block.from, block.to, false});
    if (right > 0) routes.push_back({block.first + left, right, block.from, block.to, true});
  }
  return routes;
}

std::vector<RoutedRange> linear_routes(const std::vector<ItemBlock>& blocks) {
  return routes_with_reroutes(blocks, std::vector<std::int64_t>(blocks.size(), 0));
}

std::vector<RoutedRange> rightward_routes(const std::vector<ItemBlock>& blocks) {
  std::vector<std::int64_t> rerouted(blocks.size(), 0);
  for (std::size_t b = 0; b < blocks.size(); ++b)
    if (!linear_rightward(blocks[b])) rerouted[b] = blocks[b].items;
  return routes_with_reroutes(blocks, rerouted);
}

std::int64_t flow_shift_of(const std::vector<RoutedRange>& routes) {
  std::int64_t x = 0;
  for (const RoutedRange& r : routes) {
    const bool linear_right = r.to > r.from;
    if (linear_right && !r.rightward) x -= r.items;
    if (!linear_right && r.rightward) x += r.items;
  }
  return x;
}

}  // namespace redist::ring
