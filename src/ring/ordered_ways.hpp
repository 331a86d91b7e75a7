#pragma once
// Private to the ring layer: what the two ways round the ring cost an item, for the ordered bounds
// and the ordered planner's search (docs/ordered.md).

#include <cstdint>
#include <vector>

#include "redist/core/decimal.hpp"
#include "redist/core/ring_instance.hpp"

namespace redist::ring::detail {

/// The links an item crosses going from P_from to P_to one way round: the sum of their costs
/// (first arrival of a lone item) and the largest (the pace of a stream of items).
struct Way {
  Ticks sum = 0;
  Ticks slowest = 0;
  std::size_t links = 0;
};

/// Sums by prefix sums, maxima by a segment tree: O(n) to build, O(log n) a way.
class RingWays {
 public:
  explicit RingWays(const RingInstance& instance);
  /// Rightwards: the successor links of P_from, P_from+1, ..., P_to-1 (indices mod n).
  [[nodiscard]] Way right(std::size_t from, std::size_t to) const;
  /// Leftwards: the predecessor links of P_from, P_from-1, ..., P_to+1 (needs a bidirectional ring).
  [[nodiscard]] Way left(std::size_t from, std::size_t to) const;

 private:
  struct Links {
    std::vector<Ticks> prefix;       // n + 1
    std::vector<std::int64_t> tree;  // 2n, leaves at n..2n-1
  };
  static Links build(const std::vector<std::int64_t>& cost);
  [[nodiscard]] Way arc(const Links& links, std::size_t first, std::size_t count) const;
  [[nodiscard]] std::int64_t largest(const Links& links, std::size_t lo, std::size_t hi) const;

  std::size_t n_ = 0;
  Links succ_, pred_;
};

/// A stream of k items, alone on one way: the first crosses every link, the rest follow at the
/// slowest link's pace (0 for no item). No schedule moves them faster.
inline Ticks stream_time(const Way& way, std::int64_t k) {
  return k <= 0 ? Ticks{0} : way.sum + static_cast<Ticks>(k - 1) * way.slowest;
}

}  // namespace redist::ring::detail
