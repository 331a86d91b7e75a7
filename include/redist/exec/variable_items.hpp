#pragma once
// Variable-size items (docs/api.md "Variable-size items"): one rank's piece of a global ordered
// sequence of byte strings, stored back to back (CSR-like: `sizes` instead of an offsets array).
//
// The plan is made on bytes: a rank's new share is a number of bytes (NewShare::count(bytes), or a
// weight), and every boundary between two ranks' new pieces is moved to the item boundary nearest
// to it (ties to the earlier one), so items are never cut. Each boundary moves by at most half an
// item, hence every rank ends within max item size bytes of its share (|held - share| <= the
// largest item, half of it for the first and last rank). The order is always kept
// (WrapPolicy::forbid is required: a rotation would not cut the bytes and the sizes at the same
// items).

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "redist/exec/context.hpp"
#include "redist/exec/new_share.hpp"
#include "redist/exec/plan_options.hpp"
#include "redist/exec/transfer_report.hpp"

namespace redist::exec {

struct VariableItems {
  std::vector<std::byte> bytes;     // the items back to back
  std::vector<std::int64_t> sizes;  // bytes of each item, in order; they add up to bytes.size()

  [[nodiscard]] std::int64_t count() const noexcept {
    return static_cast<std::int64_t>(sizes.size());
  }
  void push_back(std::span<const std::byte> item) {
    bytes.insert(bytes.end(), item.begin(), item.end());
    sizes.push_back(static_cast<std::int64_t>(item.size()));
  }
  /// offsets[k] = first byte of item k, offsets[count()] = bytes.size() (the CSR form).
  [[nodiscard]] std::vector<std::int64_t> offsets() const {
    std::vector<std::int64_t> out(sizes.size() + 1, 0);
    for (std::size_t k = 0; k < sizes.size(); ++k) out[k + 1] = out[k] + sizes[k];
    return out;
  }
};

struct VariableReport {
  std::int64_t new_items = 0;   // items this rank holds now
  std::int64_t first_item = 0;  // global index of its first item
  std::int64_t new_bytes = 0;
  std::int64_t share_bytes = 0;  // the exact share in bytes before rounding to item boundaries
  TransferReport data;           // the transfer of the bytes (a plan on 1-byte items)
  TransferReport sizes;          // the transfer of the sizes (a plan on 8-byte items)
};

/// Collective. Replaces `items` by this rank's new piece; `share` is in bytes (or a weight). On
/// failure `items` is as it was.
VariableReport redistribute(Context& ctx, VariableItems& items, NewShare share,
                            const PlanOptions& options = {});

}  // namespace redist::exec
