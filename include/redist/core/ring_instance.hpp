#pragma once
// A ring redistribution instance (docs/design.md section 1, document 000 section 2).
//
//   P_0 -> P_1 -> ... -> P_{n-1} -> P_0        succ_cost[i]: time of one item P_i -> P_{i+1}
//   (bidirectional: also P_i -> P_{i-1})       pred_cost[i]: time of one item P_i -> P_{i-1}
//
// Costs are exact: an integer number of ticks of 10^-cost_scale time units (decimal.hpp).
//
// Start-up costs (docs/design.md "Latency-bandwidth model", document 004 section 1): a message of
// m items over the link P_i -> P_{i+1} takes succ_latency[i] + m succ_cost[i]. Without them (empty
// lists, the default) every start-up is 0 and the instance is exactly one of document 000.

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
  // Start-up cost of one message, ticks at cost_scale, one per processor: empty when every start-up
  // is 0 (readers store an all-zero list as empty, so that such a file plans as if it had none);
  // pred_latency stays empty on unidirectional rings.
  std::vector<std::int64_t> succ_latency;
  std::vector<std::int64_t> pred_latency;

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
  /// Whether some link has a start-up cost above 0 (the latency-bandwidth model; else document
  /// 000's). O(n) when the lists are not empty.
  [[nodiscard]] bool has_latency() const noexcept;
  /// Start-up cost of a message over the link P_from -> P_{from+1} (succ) or P_from -> P_{from-1}.
  [[nodiscard]] std::int64_t latency(std::size_t from, bool succ) const noexcept {
    const std::vector<std::int64_t>& l = succ ? succ_latency : pred_latency;
    return l.empty() ? 0 : l[from];
  }
  /// Whether every processor holds at least one item before and after: the documents' standing
  /// assumption (document 000 section 2) under which the ring planners' optimality is proved.
  [[nodiscard]] bool all_loads_positive() const noexcept;
};

/// Checks every rule that a valid instance obeys (lengths, signs, equal sums, positive costs, the
/// overflow limits above) and throws InputError naming `source` and the offending field and index.
void check_ring_instance(const RingInstance& instance, const std::string& source);

/// Empties a start-up list whose entries are all 0 (the form check_ring_instance expects and
/// has_latency relies on).
void drop_zero_latencies(RingInstance& instance);

/// The same instance with costs expressed at a finer scale (new_scale >= cost_scale).
RingInstance rescaled(const RingInstance& instance, int new_scale);

}  // namespace redist
