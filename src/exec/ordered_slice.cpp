#include "redist/exec/ordered_slice.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>

#include "redist/core/error.hpp"

namespace redist::exec {

OrderedSlice::OrderedSlice(std::int64_t item_bytes, double slack)
    : item_bytes_(item_bytes), slack_(slack) {
  if (item_bytes <= 0) throw InputError("OrderedSlice", "item_bytes", "must be positive");
  if (!(slack >= 0.0 && slack <= 16.0))
    throw InputError("OrderedSlice", "slack", "must be in [0, 16]");
}

std::size_t OrderedSlice::byte_count(std::int64_t items) const noexcept {
  return static_cast<std::size_t>(items) * static_cast<std::size_t>(item_bytes_);
}

// Room left free before the items of a fresh buffer for `count` items: half the slack.
std::size_t OrderedSlice::room_before(std::int64_t count) const noexcept {
  return byte_count(
      static_cast<std::int64_t>(std::floor(static_cast<double>(count) * slack_ / 2.0)));
}

std::span<std::byte> OrderedSlice::bytes() noexcept {
  return {buffer_.data() + offset_, byte_count(count_)};
}

std::span<const std::byte> OrderedSlice::bytes() const noexcept {
  return {buffer_.data() + offset_, byte_count(count_)};
}

std::span<std::byte> OrderedSlice::item(std::int64_t k) noexcept {
  return bytes().subspan(byte_count(k), static_cast<std::size_t>(item_bytes_));
}

std::span<const std::byte> OrderedSlice::item(std::int64_t k) const noexcept {
  return bytes().subspan(byte_count(k), static_cast<std::size_t>(item_bytes_));
}

std::int64_t OrderedSlice::global_index(std::int64_t k) const noexcept {
  if (total_ <= 0 || first_ < 0) return k;
  return (first_ + k) % total_;
}

void OrderedSlice::resize(std::int64_t count) {
  if (count < 0) throw InputError("OrderedSlice", "count", "must not be negative");
  if (offset_ + byte_count(count) > buffer_.capacity()) {
    // Fresh storage with room on both sides, so that the first redistribution can work in place.
    const std::size_t before = room_before(count);
    Bytes grown(2 * before + byte_count(count));
    if (count_ > 0)
      std::memcpy(grown.data() + before, buffer_.data() + offset_,
                  byte_count(std::min(count_, count)));
    buffer_ = std::move(grown);
    offset_ = before;
  }
  count_ = count;
}

std::span<std::byte> OrderedSlice::prepare_next(std::int64_t count, std::int64_t origin,
                                                bool in_place) {
  const auto start = static_cast<std::int64_t>(offset_) + origin * item_bytes_;
  next_in_place_ = in_place && buffer_.capacity() > 0 && start >= 0 &&
                   static_cast<std::size_t>(start) + byte_count(count) <= buffer_.capacity();
  if (next_in_place_) {
    next_offset_ = static_cast<std::size_t>(start);
    return {buffer_.data() + next_offset_, byte_count(count)};
  }
  next_offset_ = room_before(count);
  const std::size_t needed = 2 * next_offset_ + byte_count(count);
  if (needed > spare_.capacity()) spare_ = Bytes(needed);
  return {spare_.data() + next_offset_, byte_count(count)};
}

void OrderedSlice::commit_next(std::int64_t count, std::int64_t first,
                               std::int64_t total) noexcept {
  if (!next_in_place_) std::swap(buffer_, spare_);
  offset_ = next_offset_;
  next_in_place_ = false;
  count_ = count;
  first_ = first;
  total_ = total;
}

}  // namespace redist::exec
