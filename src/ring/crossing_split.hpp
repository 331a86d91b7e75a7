#pragma once
// Private to the ring layer: the best split of a quantity between two sides whose times move in
// opposite directions (the ordered bounds' two streams, the start-up bounds' two feeders).

#include <algorithm>
#include <cstdint>

#include "redist/core/decimal.hpp"

namespace redist::ring::detail {

/// min over y in [0, total] of max(rising(y), falling(y)), where rising is non-decreasing and
/// falling non-increasing in y: a binary search for the smallest y with rising(y) >= falling(y)
/// (y = total qualifies when falling(total) is the least), then that y or the one before it.
template <class Rising, class Falling>
Ticks least_max_of_crossing(std::int64_t total, const Rising& rising, const Falling& falling) {
  std::int64_t lo = 0, hi = total;
  while (lo < hi) {
    const std::int64_t mid = lo + (hi - lo) / 2;
    if (rising(mid) >= falling(mid))
      hi = mid;
    else
      lo = mid + 1;
  }
  Ticks best = std::max(rising(lo), falling(lo));
  if (lo > 0) best = std::min(best, std::max(rising(lo - 1), falling(lo - 1)));
  return best;
}

}  // namespace redist::ring::detail
