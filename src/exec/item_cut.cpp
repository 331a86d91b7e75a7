#include "item_cut.hpp"

#include <algorithm>

#include "redist/core/error.hpp"

namespace redist::exec {

std::size_t nearest_item_boundary(std::span<const std::int64_t> offsets, std::int64_t t) {
  REDIST_ASSERT(offsets.size() >= 2 && t >= 0 && t < offsets.back());
  // Item k holds byte t: offsets[k] <= t < offsets[k + 1] (the last such k: zero-size items before
  // it have the same offset).
  const auto k = static_cast<std::size_t>(std::upper_bound(offsets.begin(), offsets.end() - 1, t) -
                                          offsets.begin()) -
                 1;
  return t - offsets[k] <= offsets[k + 1] - t ? k : k + 1;
}

}  // namespace redist::exec
