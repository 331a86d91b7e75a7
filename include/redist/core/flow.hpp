#pragma once
// Flow algebra on a ring (docs/design.md "Flow shift"; document 000 Lemma 10, document 002's h).
//
// With S_i = delta_0 + ... + delta_i (so S_{n-1} = 0), every redistribution moves, net,
// F_i = x + S_i items across the edge P_i -> P_{i+1} for one integer x. The imbalance of the
// circular slice C_{k..l} = P_k, ..., P_l is delta(k..l) = S_l - S_{k-1} (S_{-1} = 0), whether or
// not it wraps, because the total is zero. Every planner is "choose x, then time the transfers".

#include <cstddef>
#include <cstdint>
#include <vector>

namespace redist {

/// S_i = delta_0 + ... + delta_i.
std::vector<std::int64_t> prefix_sums(const std::vector<std::int64_t>& delta);

/// delta(k..l) on the ring, for 0 <= k, l < n; the slice k..k-1 (the whole ring) gives 0.
std::int64_t slice_imbalance(const std::vector<std::int64_t>& prefix, std::size_t k, std::size_t l);

/// F_i = x + S_i: net items moved P_i -> P_{i+1} (negative: P_{i+1} -> P_i).
std::vector<std::int64_t> flows_for_shift(const std::vector<std::int64_t>& prefix, std::int64_t x);

/// The only x for a unidirectional ring that moves the fewest items: every F_i >= 0 and some F_i =
/// 0 (x = -min S). Document 000's P_start is the successor of an edge with F = 0.
std::int64_t unidirectional_shift(const std::vector<std::int64_t>& prefix);

/// The extreme imbalance over circular slices of 1..n-1 processors, with a slice attaining it.
/// max = max S - min S (a slice is a pair of distinct prefix positions), found in O(n).
struct SliceExtreme {
  std::int64_t value = 0;  // delta(first..last)
  std::size_t first = 0;
  std::size_t last = 0;
};
SliceExtreme max_slice(const std::vector<std::int64_t>& prefix);
SliceExtreme min_slice(const std::vector<std::int64_t>& prefix);

}  // namespace redist
