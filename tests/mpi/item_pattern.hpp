#pragma once
// Test data for the MPI tests: the content of item g is a pseudo-random byte string determined by
// (g, salt), so any rank can check by checksum that the item it holds is the one it should hold.

#include <cstddef>
#include <cstdint>
#include <span>

namespace redist::mpitest {

inline std::uint64_t mix64(std::uint64_t z) {
  z += 0x9E3779B97F4A7C15ULL;
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}

inline std::byte pattern_byte(std::uint64_t global, std::uint64_t salt, std::size_t j) {
  const std::uint64_t word = mix64(salt ^ mix64(global) ^ (j / 8));
  return static_cast<std::byte>((word >> (8 * (j % 8))) & 0xFF);
}

inline void fill_item(std::span<std::byte> item, std::uint64_t global, std::uint64_t salt) {
  for (std::size_t j = 0; j < item.size(); ++j) item[j] = pattern_byte(global, salt, j);
}

/// FNV-1a of an item's bytes.
inline std::uint64_t item_checksum(std::span<const std::byte> item) {
  std::uint64_t h = 0xcbf29ce484222325ULL;
  for (const std::byte b : item) {
    h ^= static_cast<std::uint64_t>(b);
    h *= 0x100000001b3ULL;
  }
  return h;
}

/// The checksum item `global` must have.
inline std::uint64_t expected_checksum(std::uint64_t global, std::uint64_t salt,
                                       std::size_t bytes) {
  std::uint64_t h = 0xcbf29ce484222325ULL;
  for (std::size_t j = 0; j < bytes; ++j) {
    h ^= static_cast<std::uint64_t>(pattern_byte(global, salt, j));
    h *= 0x100000001b3ULL;
  }
  return h;
}

}  // namespace redist::mpitest
