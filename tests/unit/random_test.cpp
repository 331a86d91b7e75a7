// The seed derivation every experiment uses (core/random.hpp): streams of nearby seeds and nearby
// stream keys must not be shifted copies of one another, which a linear derivation with
// SplitMix64's own increment makes them.

#include <gtest/gtest.h>

#include <set>
#include <vector>

#include "redist/core/random.hpp"

namespace redist {
namespace {

std::vector<std::uint64_t> first_draws(std::uint64_t seed, int count) {
  Rng rng(seed);
  std::vector<std::uint64_t> out;
  for (int k = 0; k < count; ++k) out.push_back(rng.next());
  return out;
}

TEST(StreamSeed, NearbySeedsAndStreamsShareNoDraws) {
  std::set<std::uint64_t> seen;
  std::size_t draws = 0;
  for (std::uint64_t seed : {1ULL, 2ULL, 3ULL, 2001ULL, 2051ULL}) {
    for (std::uint64_t stream = 0; stream < 64; ++stream) {
      for (std::uint64_t x : first_draws(stream_seed(seed, stream), 32)) {
        seen.insert(x);
        ++draws;
      }
    }
  }
  // A shifted copy would repeat 31 of every 32 draws; 64-bit collisions by chance are ~10^-13.
  EXPECT_EQ(seen.size(), draws);
}

TEST(StreamSeed, TheLinearDerivationItReplacesDoesShiftStreams) {
  // The oracle for the test above: the old scheme, seed * increment, replays seed s's stream one
  // draw later for seed s + 1, which is what the property above rules out.
  const std::uint64_t increment = 0x9E3779B97F4A7C15ULL;
  const std::vector<std::uint64_t> a = first_draws(1 * increment, 8),
                                   b = first_draws(2 * increment, 7);
  EXPECT_EQ(std::vector<std::uint64_t>(a.begin() + 1, a.end()), b);
}

TEST(StreamSeed, IsAFunctionOfItsKeys) {
  EXPECT_EQ(stream_seed(7, 3), stream_seed(7, 3));
  EXPECT_NE(stream_seed(7, 3), stream_seed(7, 4));
  EXPECT_NE(stream_seed(7, 3), stream_seed(8, 3));
}

}  // namespace
}  // namespace redist
