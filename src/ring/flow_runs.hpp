#pragma once
// Private to the ring layer: the paths along which a unidirectional ring's minimal flows carry
// items (spaced_unidirectional.cpp, paced_unidirectional.cpp).

#include <cstdint>
#include <vector>

#include "ring/ring_prefix.hpp"

namespace redist::ring::detail {

/// A maximal run of edges first, first + 1, ... (mod n) whose flows are positive: one path of
/// items, from the source P_first to the sink after the last edge.
struct FlowRun {
  std::size_t first = 0;
  std::size_t length = 0;

  /// The run's k-th edge on a ring of n (k < length <= n): first + k < 2n, so a subtraction wraps
  /// it, where `% n` was a 64-bit division per link (a tenth of a plan's pass at n = 10^6).
  std::size_t edge(std::size_t k, std::size_t n) const {
    const std::size_t e = first + k;
    return e >= n ? e - n : e;
  }
};

/// The runs of the flows F_i = shift + S_i, by increasing first edge. Requires every F_i >= 0 and
/// some F_i = 0 (the minimal flows of Lemma 5: a ring whose flows are all positive would
/// circulate items).
std::vector<FlowRun> flow_runs(const RingPrefix& prefix, std::int64_t shift);

}  // namespace redist::ring::detail
