#pragma once
// A small, fully specified random generator (SplitMix64) so that `redist gen ... --seed S` writes
// the same instance on every platform and standard library (std::uniform_int_distribution does
// not).

#include <cstdint>

namespace redist {

class Rng {
 public:
  explicit Rng(std::uint64_t seed) : state_(seed) {}

  std::uint64_t next() noexcept {
    std::uint64_t z = (state_ += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
  }

  /// Uniform integer in [lo, hi] (inclusive), unbiased by rejection.
  std::int64_t uniform(std::int64_t lo, std::int64_t hi) noexcept {
    const std::uint64_t span = static_cast<std::uint64_t>(hi) - static_cast<std::uint64_t>(lo);
    if (span == UINT64_MAX) return static_cast<std::int64_t>(next());
    const std::uint64_t range = span + 1;
    const std::uint64_t limit = UINT64_MAX - UINT64_MAX % range;
    std::uint64_t x;
    do x = next();
    while (x >= limit);
    return static_cast<std::int64_t>(static_cast<std::uint64_t>(lo) + x % range);
  }

  /// Uniform double in [0, 1).
  double unit() noexcept { return static_cast<double>(next() >> 11) * 0x1.0p-53; }

 private:
  std::uint64_t state_;
};

/// The seed of an independent stream `stream` of experiment seed `seed` (one per block, draw,
/// ring size, purpose...). Both keys go through SplitMix64's output mixer. A linear derivation such
/// as `seed * increment + stream` would not do: Rng(s + k * 0x9E3779B97F4A7C15) is Rng(s)'s stream
/// shifted by k draws, so consecutive seeds or draws would replay one another.
inline std::uint64_t stream_seed(std::uint64_t seed, std::uint64_t stream) noexcept {
  Rng mixer(seed);
  Rng second(mixer.next() ^ stream);
  return second.next();
}

}  // namespace redist
