#include "redist/sim/allport_threads.hpp"

#include <algorithm>
#include <vector>

#include "redist/core/error.hpp"

namespace redist::sim {

namespace {

// Thread length for the red node k sending s = flows[k] > loads[k] to its successor; red(i) says
// whether node i is red towards its successor. nullopt: no thread.
template <class Red>
std::optional<std::int64_t> thread_of(std::span<const std::int64_t> loads,
                                      std::span<const std::int64_t> flows, std::size_t k, Red red,
                                      ThreadRule rule) {
  const std::size_t n = loads.size();
  const std::int64_t need = flows[k];
  // loads of v_{k_2} .. v_{k_m}, plus l_{k_m} only in the corrected rule
  __int128 inner = rule == ThreadRule::corrected ? loads[k] : 0;
  std::size_t first = k;
  for (std::size_t m = 2; m <= n; ++m) {
    const std::size_t below = first;  // becomes v_{k_2}
    first = first == 0 ? n - 1 : first - 1;
    if (below != k) inner += loads[below];
    if (red(first)) {
      if (need <= inner + loads[first]) return static_cast<std::int64_t>(m);
    } else {
      // A green v_{k_1} contributes what it sends: the thread ends here, covered or not.
      if (need <= inner + flows[first]) return static_cast<std::int64_t>(m);
      return std::nullopt;
    }
  }
  return std::nullopt;
}

// The longest thread among nodes sending to their successor; 0 when no node is red that way.
std::optional<std::int64_t> rightward(std::span<const std::int64_t> loads,
                                      std::span<const std::int64_t> flows, ThreadRule rule) {
  const auto red = [&](std::size_t i) { return flows[i] > loads[i]; };
  std::int64_t best = 0;
  for (std::size_t k = 0; k < loads.size(); ++k) {
    if (!red(k)) continue;
    const auto length = thread_of(loads, flows, k, red, rule);
    if (!length) return std::nullopt;
    best = std::max(best, *length);
  }
  return best;
}

}  // namespace

std::optional<std::int64_t> longest_thread(std::span<const std::int64_t> loads,
                                           std::span<const std::int64_t> flows, ThreadRule rule) {
  REDIST_ASSERT(loads.size() == flows.size() && !loads.empty());
  const std::size_t n = loads.size();
  if (std::all_of(flows.begin(), flows.end(), [](std::int64_t f) { return f == 0; })) return 0;
  // Mirror: node i <-> n-1-i, edge e <-> edge n-2-e (mod n) with the opposite sign.
  std::vector<std::int64_t> mirrored_loads(n), mirrored_flows(n);
  for (std::size_t i = 0; i < n; ++i) {
    mirrored_loads[i] = loads[n - 1 - i];
    mirrored_flows[i] = -flows[i + 2 <= n ? n - 2 - i : n - 1];
  }
  const auto right = rightward(loads, flows, rule);
  const auto left = rightward(mirrored_loads, mirrored_flows, rule);
  if (!right || !left) return std::nullopt;
  return std::max<std::int64_t>({1, *right, *left});
}

}  // namespace redist::sim
