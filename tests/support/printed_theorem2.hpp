#pragma once
// The lower bound written in the proof of document 000's Theorem 2 (heterogeneous unidirectional
// ring), as printed and as corrected: test-only reference code for docs/errata.md item 2.
//
// Printed: tau >= max over every slice C_{k,k+l} (k any processor, 0 <= l <= n-1) of
// |delta_{k,k+l}| x c_{k+l,k+l+1}: the slice's imbalance, whatever its sign, times the cost of the
// link that leaves its last processor. Corrected: only slices that must send (delta > 0), whose
// items all leave through that link.

#include <algorithm>
#include <cstdlib>
#include <vector>

#include "redist/core/ring_instance.hpp"

namespace redist::testing {

inline Ticks theorem2_slice_bound(const RingInstance& inst, bool positive_slices_only) {
  const std::size_t n = inst.size();
  Ticks best = 0;
  for (std::size_t k = 0; k < n; ++k) {
    std::int64_t delta = 0;  // delta_{k,k+l}, grown one processor at a time
    for (std::size_t l = 0; l < n; ++l) {
      const std::size_t last = (k + l) % n;
      delta += inst.loads[last] - inst.targets[last];
      if (positive_slices_only && delta <= 0) continue;
      best = std::max(best, static_cast<Ticks>(std::abs(delta)) * inst.succ_cost[last]);
    }
  }
  return best;
}

}  // namespace redist::testing
