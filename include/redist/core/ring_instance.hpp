#pragma once
// A ring redistribution instance (docs/design.md section 1, document 000 section 2).
//
//   P_0 -> P_1 -> ... -> P_{n-1} -> P_0        succ_cost[i]: time of one item P_i -> P_{i+1}
//   (bidirectional: also P_i -> P_{i-1})       pred_cost[i]: time of one item P_i -> P_{i-1}
//
// Costs are exact: an integer number of ticks of 10^-cost_scale time units (decimal.hpp).

#include <cstdint>
#include <string>
#include <vector>

#include "redist/core/decimal.hpp"

namespace redist {

enum class RingKind { unidirectional, bidirectional };

const char* to_string(RingKind kind);

/// The limits every ring instance respects once validated, so that prefix sums, flows and times
/// never overflow: total items <= kMaxTotalItems, and total items x largest cost fits in 2^120
/// ticks.
inline constexpr std::int64_t kMaxTotalItems = std::int64_t{1} << 62;
inline constexpr std::int64_t kMaxRingSize = 100'000'000;

struct RingInstance {
  RingKind kind = RingKind::unidirectional;
  std::vector<std::int64_t> loads;
  std::vector<std::int64_t> targets;
  std::vector<std::int64_t> succ_cost;  // ticks, one per processor
  std::vector<std::int64_t> pred_cost;  // ticks, one per processor; empty on unidirectional rings
  int cost_scale = 0;                   // a tick is 10^-cost_scale time units

  [[nodiscard]] std::size_t size() const noexcept { return loads.size(); }
  [[nodiscard]] bool bidirectional() const noexcept { return kind == RingKind::bidirectional; }
  /// All link costs equal (both directions on a bidirectional ring).
  [[nodiscard]] bool homogeneous() const noexcept;
  /// delta[i] = loads[i] - targets[i] (document 000's "unbalance").
  [[nodiscard]] std::vector<std::int64_t> imbalances() const;
  [[nodiscard]] std::int64_t total_items() const noexcept;
  /// Cost of one item over the link P_from -> P_{from+1} (succ) or P_from -> P_{from-1} (pred).
  [[nodiscard]] std::int64_t cost(std::size_t from, bool succ) const noexcept {
    return succ ? succ_cost[from] : pred_cost[from];
  }
  /// Whether every processor holds at least one item before and after: the documents' standing
  /// assumption (document 000 section 2) under which the ring planners' optimality is proved.
  [[nodiscard]] bool all_loads_positive() const noexcept;
};

/// Checks every rule that a valid instance obeys (lengths, signs, equal sums, positive costs, the
/// overflow limits above) and throws InputError naming `source` and the offending field and index.
void check_ring_instance(const RingInstance& instance, const std::string& source);

/// The same instance with costs expressed at a finer scale (new_scale >= cost_scale).
RingInstance rescaled(const RingInstance& instance, int new_scale);

}  // namespace redist
