#pragma once
// Turns fuzz bytes into bounded numbers for the planner harnesses. Reading past the end gives
// zeros, so every input decodes to something and short inputs give small instances.
//
// Values are drawn small most of the time (ties, zeros and tiny rings are where planners break) but
// one tag byte in ~8 escapes to a 16-bit or a full 62-bit value, so the readers' overflow limits
// and the planners' behaviour next to them are fuzzed too: the harness caps sizes, never
// magnitudes.

#include <cstdint>
#include <span>

namespace redist::fuzz {

class ByteReader {
 public:
  explicit ByteReader(std::span<const std::uint8_t> data) : data_(data) {}

  [[nodiscard]] bool exhausted() const noexcept { return pos_ >= data_.size(); }

  std::uint8_t byte() noexcept { return pos_ < data_.size() ? data_[pos_++] : 0; }

  /// Little-endian unsigned integer of `bytes` bytes (at most 8).
  std::uint64_t word(int bytes) noexcept {
    std::uint64_t v = 0;
    for (int k = 0; k < bytes; ++k) v |= static_cast<std::uint64_t>(byte()) << (8 * k);
    return v;
  }

  /// An integer in [0, bound) (bound >= 1), from one byte.
  std::uint64_t below(std::uint64_t bound) noexcept { return byte() % bound; }

  /// An item count: [0, small) for tags 0..223, 16-bit for 224..247, up to 2^62 - 1 for 248..255.
  std::int64_t amount(std::int64_t small) noexcept {
    const std::uint8_t tag = byte();
    if (tag < 224) return tag % small;
    if (tag < 248) return static_cast<std::int64_t>(word(2));
    return static_cast<std::int64_t>(word(8) >> 2);
  }

 private:
  std::span<const std::uint8_t> data_;
  std::size_t pos_ = 0;
};

}  // namespace redist::fuzz
