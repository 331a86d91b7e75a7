#pragma once
// Ordered data on a ring (docs/design.md "Ordered data", docs/ordered.md): the items form one
// global order 0 .. N-1. Before the redistribution P_k holds the items [A_k, A_{k+1}), after it the
// items [B_k, B_{k+1}), with A and B the prefix sums of the loads and of the targets (A_0 = B_0 =
// 0). So every item has a fixed source and a fixed destination; what a plan chooses is the way each
// moving item travels round the ring.
//
// Merging A and B (the "north-west corner" of a transportation table) cuts the order into at most
// 2n - 1 blocks whose items share their source and their destination; the blocks whose source and
// destination differ are the items that move.

#include <cstddef>
#include <cstdint>
#include <vector>

#include "redist/core/ring_instance.hpp"

namespace redist {

/// A contiguous block of the global order whose items all go from P_from to P_to.
struct ItemBlock {
  std::int64_t first = 0;  // global index of its lowest item
  std::int64_t items = 0;
  std::int32_t from = 0;
  std::int32_t to = 0;
};

/// Who holds which items before and after.
struct OrderedLayout {
  std::vector<std::int64_t> before;  // n + 1 entries: A_k, A_n = N
  std::vector<std::int64_t> after;   // n + 1 entries: B_k, B_n = N

  static OrderedLayout of(const RingInstance& instance);
  [[nodiscard]] std::size_t size() const noexcept { return before.empty() ? 0 : before.size() - 1; }
  [[nodiscard]] std::int64_t total() const noexcept { return before.empty() ? 0 : before.back(); }
  /// The processor holding item g before (source) and after (destination); 0 <= g < N. O(log n).
  [[nodiscard]] std::size_t source_of(std::int64_t g) const;
  [[nodiscard]] std::size_t destination_of(std::int64_t g) const;
  /// Items of P_k that stay on P_k: [A_k, A_{k+1}) intersected with [B_k, B_{k+1}).
  [[nodiscard]] std::int64_t kept(std::size_t k) const;
};

/// The blocks of items whose source and destination differ, in the global order: at most 2n - 1,
/// found in O(n).
std::vector<ItemBlock> moving_blocks(const OrderedLayout& layout);

}  // namespace redist
