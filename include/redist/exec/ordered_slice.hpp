#pragma once
// One rank's contiguous slice of a global ordered sequence of fixed-size items (think: consecutive
// matrix columns), executed in place by a plan (plan.hpp) or the one-call API (redistribute.hpp).
//
// The global sequence is circular (document 000 section 1: a rank gives its first items to its
// predecessor and its last items to its successor, and on a ring P_{n-1}'s successor is P_0). So a
// slice is described by the global index of its first item, modulo the total: after a plan that
// uses the wrap-around edge P_{n-1} -> P_0, rank 0's slice may start at item N - 3 and read N-3,
// N-2, N-1, 0, 1, ... The order is always the global order, read circularly.
//
// Storage. The items sit somewhere inside a larger buffer, with free room before and after them
// (`slack`: a fraction of the slice, half on each side). A redistribution only ever adds items at
// the front (from the predecessor) or the back (from the successor) and removes items from the
// front or the back, so when the room suffices it works in place: items that stay are never copied,
// received items land next to them. Otherwise the new slice is built in a second buffer, again with
// room on both sides, and the two are swapped; calls of similar sizes then allocate nothing. Pure
// code: no MPI.
//
//   OrderedSlice columns(/*item_bytes=*/8 * rows);
//   columns.resize(my_column_count);               // then fill columns.item(k)
//   columns.set_first(my_first_column, n_columns);  // optional: default = rank order from item 0

#include <cstddef>
#include <cstdint>
#include <span>

#include "redist/exec/buffer_pool.hpp"

namespace redist::exec {

inline constexpr std::int64_t kUnknownFirst = -1;

class OrderedSlice {
 public:
  explicit OrderedSlice(std::int64_t item_bytes, double slack = 0.25);

  [[nodiscard]] std::int64_t item_bytes() const noexcept { return item_bytes_; }
  [[nodiscard]] std::int64_t size() const noexcept { return count_; }
  /// Global index of the first item (mod the total), or kUnknownFirst before any redistribution
  /// when the caller did not set it (the slices are then taken in rank order from item 0).
  [[nodiscard]] std::int64_t first() const noexcept { return first_; }
  /// Total items over all ranks as of the last redistribution (or as set by set_first).
  [[nodiscard]] std::int64_t total() const noexcept { return total_; }

  [[nodiscard]] std::span<std::byte> bytes() noexcept;
  [[nodiscard]] std::span<const std::byte> bytes() const noexcept;
  [[nodiscard]] std::span<std::byte> item(std::int64_t k) noexcept;
  [[nodiscard]] std::span<const std::byte> item(std::int64_t k) const noexcept;
  /// Global index of local item k (needs first() and total() known).
  [[nodiscard]] std::int64_t global_index(std::int64_t k) const noexcept;

  /// Changes the item count, keeping the first min(old, new) items.
  void resize(std::int64_t count);
  /// Declares the slice's place in the sequence (optional; `total` only serves global_index()).
  void set_first(std::int64_t first, std::int64_t total = 0) noexcept {
    first_ = first;
    total_ = total;
  }
  /// Frees the second buffer (it is rebuilt when a redistribution needs it).
  void release_spare() noexcept { spare_ = Bytes(); }
  /// Bytes held, both buffers included.
  [[nodiscard]] std::size_t capacity_bytes() const noexcept {
    return buffer_.capacity() + spare_.capacity();
  }

  /// The redistribution's side: room for the new slice of `count` items whose first item is local
  /// position `origin` of the current slice (negative: before it). In place when `in_place` is
  /// allowed and the room around the items suffices, else in the second buffer. commit_next() then
  /// makes it the slice. Returns the new slice's storage.
  std::span<std::byte> prepare_next(std::int64_t count, std::int64_t origin = 0,
                                    bool in_place = false);
  void commit_next(std::int64_t count, std::int64_t first, std::int64_t total) noexcept;
  /// Whether the last prepare_next() works in place.
  [[nodiscard]] bool next_in_place() const noexcept { return next_in_place_; }

 private:
  [[nodiscard]] std::size_t byte_count(std::int64_t items) const noexcept;
  [[nodiscard]] std::size_t room_before(std::int64_t count) const noexcept;

  std::int64_t item_bytes_;
  double slack_;
  std::int64_t count_ = 0;
  std::int64_t first_ = kUnknownFirst;
  std::int64_t total_ = 0;
  Bytes buffer_;
  std::size_t offset_ = 0;  // byte offset of item 0 in buffer_
  Bytes spare_;
  bool next_in_place_ = false;
  std::size_t next_offset_ = 0;
};

}  // namespace redist::exec
