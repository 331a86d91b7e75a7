#pragma once
// Helpers shared by the planner harnesses: they write decoded instances as JSON text and read them
// back through the CLI's own readers, so that only what a user could feed the command reaches the
// planner, and the readers' limits (not the harness) decide what is too large.

#include <numeric>
#include <string>
#include <vector>

#include "redist/core/decimal.hpp"

namespace redist::fuzz {

/// "[1,2,3]"; values are 128-bit so that sums beyond 64 bits reach the reader (which rejects them).
inline std::string json_list(const std::vector<Ticks>& values) {
  std::string out = "[";
  for (std::size_t i = 0; i < values.size(); ++i) {
    if (i) out += ',';
    out += format_int128(values[i]);  // not `"," + text`: GCC 12 then warns falsely (-Wrestrict)
  }
  return out + "]";
}

/// Moves the targets' total onto the loads' total: a surplus goes to targets[first], a shortfall is
/// taken from processors in ring order from `first`, so any distribution of targets can still
/// arise.
inline void rebalance(const std::vector<Ticks>& loads, std::vector<Ticks>& targets,
                      std::size_t first) {
  Ticks diff = std::accumulate(loads.begin(), loads.end(), Ticks{0}) -
               std::accumulate(targets.begin(), targets.end(), Ticks{0});
  const std::size_t n = targets.size();
  if (diff > 0) targets[first] += diff;
  for (std::size_t k = 0; diff < 0 && k < n; ++k) {
    Ticks& t = targets[(first + k) % n];
    const Ticks take = std::min(t, -diff);
    t -= take;
    diff += take;
  }
}

}  // namespace redist::fuzz
