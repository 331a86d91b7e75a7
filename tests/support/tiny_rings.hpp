#pragma once
// Exhaustive enumeration of tiny ring instances for the test suite's brute-force checks.

#include <cstdint>
#include <vector>

#include "redist/core/ring_instance.hpp"

namespace redist::testing {

/// Calls visit(instance) for every (loads, targets) pair with entries in [lo, hi] and equal sums
/// on n processors, all link costs 1; returns how many instances were visited.
template <class Visit>
long for_each_tiny_ring(std::size_t n, std::int64_t lo, std::int64_t hi, RingKind kind,
                        Visit visit) {
  long visited = 0;
  std::vector<std::int64_t> loads(n, lo), targets(n, lo);
  const auto advance = [&](std::vector<std::int64_t>& v) {
    for (auto& x : v) {
      if (++x <= hi) return true;
      x = lo;
    }
    return false;
  };
  do {
    do {
      std::int64_t a = 0, b = 0;
      for (std::size_t i = 0; i < n; ++i) a += loads[i], b += targets[i];
      if (a != b) continue;
      RingInstance inst;
      inst.kind = kind;
      inst.loads = loads;
      inst.targets = targets;
      inst.succ_cost.assign(n, 1);
      if (kind == RingKind::bidirectional) inst.pred_cost.assign(n, 1);
      visit(inst);
      ++visited;
    } while (advance(targets));
  } while (advance(loads));
  return visited;
}

}  // namespace redist::testing
