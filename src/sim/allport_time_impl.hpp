#pragma once
// Private: the closed forms of allport_time.hpp as templates over a load accessor and a flow
// accessor, so that the same code serves explicit flows and shifted flows (x + S_i) without
// materialising them. Accessors take an index in [0, n).

#include <algorithm>
#include <cstdint>
#include <limits>
#include <vector>

#include "redist/core/error.hpp"
#include "redist/sim/allport_time.hpp"

namespace redist::sim::detail {

using Wide = __int128;

inline std::size_t prev_index(std::size_t j, std::size_t n) { return j == 0 ? n - 1 : j - 1; }
inline std::size_t next_index(std::size_t j, std::size_t n) { return j + 1 == n ? 0 : j + 1; }

inline std::int64_t saturate(Wide v) {
  constexpr auto kTop = std::numeric_limits<std::int64_t>::max();
  return v > kTop ? kTop : static_cast<std::int64_t>(v);
}

/// Longest run of consecutive indices (cyclically) where red(j) holds; n when it holds everywhere.
template <class Red>
std::size_t longest_cyclic_run(std::size_t n, Red red) {
  std::size_t head = 0;  // the run that starts at index 0 (it may continue the last run)
  while (head < n && red(head)) ++head;
  if (head == n) return n;
  std::size_t best = head;
  std::size_t run = 0;
  for (std::size_t j = head + 1; j < n; ++j) {
    run = red(j) ? run + 1 : 0;
    best = std::max(best, run);
  }
  return std::max(best, run + head);
}

/// Proposition 1. A node is red positive when it owes its successor more than it holds, red
/// negative when it owes its predecessor more than it holds (it cannot be both: such a node sends
/// both ways, receives nothing, and so holds at least what it sends).
template <class Load, class Flow>
AllportTime single_time(std::size_t n, Load load, Flow flow) {
  bool moves = false;
  for (std::size_t j = 0; j < n && !moves; ++j) moves = flow(j) != 0;
  if (!moves) return {0, false};
  const std::size_t positive =
      longest_cyclic_run(n, [&](std::size_t j) { return flow(j) > load(j); });
  const std::size_t negative =
      longest_cyclic_run(n, [&](std::size_t j) { return -flow(prev_index(j, n)) > load(j); });
  if (positive == n || negative == n) return {0, true};
  return {static_cast<std::int64_t>(1 + std::max(positive, negative)), false};
}

/// Every edge carries a positive flow: threads may wrap around the ring, m_j = q n + r where q full
/// laps (q L items) leave r nodes to cover the rest. O(n log n); only unreasonable schedules
/// (document 002 Lemma 2) get here.
template <class Load, class Flow>
AllportTime circulation_threads(std::size_t n, Load load, Flow flow) {
  std::vector<std::int64_t> prefix(n + 1, 0);  // prefix[k] = load(0) + ... + load(k-1)
  for (std::size_t k = 0; k < n; ++k) prefix[k + 1] = prefix[k] + load(k);
  const std::int64_t total = prefix[n];
  if (total == 0) return {0, true};
  // Backward sum of r loads ending at j: l_j + l_{j-1} + ... + l_{j-r+1}, 1 <= r <= n.
  const auto backward = [&](std::size_t j, std::size_t r) -> std::int64_t {
    if (r <= j + 1) return prefix[j + 1] - prefix[j + 1 - r];
    return prefix[j + 1] + total - prefix[n - (r - j - 1)];
  };
  Wide best = 0;
  for (std::size_t j = 0; j < n; ++j) {
    const std::int64_t f = flow(j);
    const std::int64_t laps = (f - 1) / total;  // laps * total < f <= (laps + 1) * total
    const std::int64_t rest = f - laps * total;
    std::size_t lo = 1, hi = n;  // the smallest r with backward(j, r) >= rest
    while (lo < hi) {
      const std::size_t mid = lo + (hi - lo) / 2;
      if (backward(j, mid) >= rest)
        hi = mid;
      else
        lo = mid + 1;
    }
    best = std::max(best, static_cast<Wide>(laps) * static_cast<Wide>(n) + static_cast<Wide>(lo));
  }
  return {saturate(best), false};
}

/// The longest thread over edges with a positive flow, in O(n): the window of loads covering s_j
/// starts no earlier than the one covering s_{j-1} (l_j + s_{j-1} >= s_j), so two pointers suffice.
template <class Load, class Flow>
AllportTime rightward_threads(std::size_t n, Load load, Flow flow) {
  std::size_t start = n;  // an edge with no positive flow: the scan begins after it
  for (std::size_t e = 0; e < n && start == n; ++e)
    if (flow(e) <= 0) start = e;
  if (start == n) return circulation_threads(n, load, flow);
  std::size_t best = 0;
  std::size_t len = 0;    // the window is the nodes j-len+1 .. j
  std::size_t first = 0;  // j-len+1
  std::int64_t sum = 0;   // their loads
  std::size_t j = start;
  for (std::size_t k = 0; k < n; ++k) {
    j = next_index(j, n);
    const std::int64_t f = flow(j);
    if (f <= 0) {
      len = 0;
      sum = 0;
      continue;
    }
    if (len == 0) first = j;
    sum += load(j);
    ++len;
    while (len > 1 && sum - load(first) >= f) {
      sum -= load(first);
      first = next_index(first, n);
      --len;
    }
    REDIST_ASSERT(sum >= f);  // holds for flows that leave every node a non-negative load
    best = std::max(best, len);
  }
  return {static_cast<std::int64_t>(best), false};
}

/// T_m: the rightward threads, then the leftward ones on the mirrored ring (node i <-> n-1-i; edge
/// e of the mirror is edge n-2-e of the ring with the opposite sign).
template <class Load, class Flow>
AllportTime multi_time(std::size_t n, Load load, Flow flow) {
  const AllportTime right = rightward_threads(n, load, flow);
  const auto mirrored_load = [&](std::size_t i) { return load(n - 1 - i); };
  const auto mirrored_flow = [&](std::size_t e) { return -flow(e + 2 <= n ? n - 2 - e : n - 1); };
  const AllportTime left = rightward_threads(n, mirrored_load, mirrored_flow);
  if (right.deadlock || left.deadlock) return {0, true};
  return {std::max(right.steps, left.steps), false};
}

}  // namespace redist::sim::detail
