// The validator's floor-path minimum (src/sim/floor_path_min.hpp) against the plain loop.

#include "sim/floor_path_min.hpp"

#include <gtest/gtest.h>

#include "redist/core/random.hpp"

namespace redist::sim::detail {
namespace {

Ticks brute_min(Ticks a, Ticks c, Ticks p, Ticks q, Ticks b, Ticks count) {
  Ticks best = std::numeric_limits<Ticks>::max();
  for (Ticks x = 0; x < count; ++x) best = std::min(best, a * ((p * x + b) / q) - c * x);
  return best;
}

TEST(FloorPathMin, AgreesWithTheLoopOnRandomLines) {
  Rng rng(31);
  for (int round = 0; round < 20000; ++round) {
    const Ticks a = rng.uniform(0, 9), c = rng.uniform(0, 9);
    const Ticks p = rng.uniform(1, 40), q = rng.uniform(1, 40), b = rng.uniform(0, 90);
    const Ticks count = rng.uniform(1, 60);
    const FloorPathMin f(a, c);
    ASSERT_EQ(f.min(p, q, b, count), brute_min(a, c, p, q, b, count))
        << "a=" << static_cast<long long>(a) << " c=" << static_cast<long long>(c)
        << " p=" << static_cast<long long>(p) << " q=" << static_cast<long long>(q)
        << " b=" << static_cast<long long>(b) << " count=" << static_cast<long long>(count);
    const Ticks threshold = brute_min(a, c, p, q, b, count) + rng.uniform(-2, 3);
    std::optional<Ticks> first;
    for (Ticks x = 0; x < count && !first; ++x)
      if (a * ((p * x + b) / q) - c * x < threshold) first = x;
    ASSERT_EQ(f.first_below(p, q, b, count, threshold), first);
  }
}

TEST(FloorPathMin, LongLinesInFewSteps) {
  // 10^15 departures: the loop is out of the question, the answer is known in closed form.
  const Ticks count = Ticks{1'000'000'000'000'000};
  // 3 items arrive every 2 ticks while 2 leave every tick: 3 floor(x / 2) - 2 x falls, and is
  // smallest at the last x (odd).
  const FloorPathMin f(3, 2);
  const Ticks x = count - 1;  // odd
  EXPECT_EQ(f.min(1, 2, 0, count), std::min<Ticks>(0, 3 * (x / 2) - 2 * x));
  const FloorPathMin g(2, 3);  // 2 items every 2 ticks, 3 leave every tick
  EXPECT_EQ(g.min(1, 2, 0, count), 2 * (x / 2) - 3 * x);
}

}  // namespace
}  // namespace redist::sim::detail
