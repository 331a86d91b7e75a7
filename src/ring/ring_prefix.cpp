#include "ring/ring_prefix.hpp"

#include <algorithm>

#include "redist/core/flow.hpp"

namespace redist::ring {

RingPrefix RingPrefix::of(const RingInstance& instance) {
  RingPrefix prefix;
  prefix.sums = prefix_sums(instance.imbalances());
  if (!prefix.sums.empty()) {
    const auto [lo, hi] = std::minmax_element(prefix.sums.begin(), prefix.sums.end());
    prefix.lo = *lo;
    prefix.hi = *hi;
  }
  return prefix;
}

}  // namespace redist::ring
