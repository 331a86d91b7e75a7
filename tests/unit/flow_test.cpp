#include "redist/core/flow.hpp"

#include <gtest/gtest.h>

#include "redist/core/random.hpp"

namespace redist {
namespace {

std::vector<std::int64_t> random_delta(Rng& rng, std::size_t n) {
  std::vector<std::int64_t> delta(n);
  std::int64_t sum = 0;
  for (std::size_t i = 0; i + 1 < n; ++i) sum += delta[i] = rng.uniform(-9, 9);
  delta[n - 1] = -sum;
  return delta;
}

// delta(k..l) by walking the ring.
std::int64_t walk(const std::vector<std::int64_t>& delta, std::size_t k, std::size_t l) {
  std::int64_t s = 0;
  for (std::size_t i = k;; i = (i + 1) % delta.size()) {
    s += delta[i];
    if (i == l) return s;
  }
}

TEST(Flow, SliceImbalanceMatchesWalkingTheRing) {
  Rng rng(7);
  for (int trial = 0; trial < 200; ++trial) {
    const auto n = static_cast<std::size_t>(rng.uniform(1, 9));
    const auto delta = random_delta(rng, n);
    const auto prefix = prefix_sums(delta);
    EXPECT_EQ(prefix.back(), 0);
    for (std::size_t k = 0; k < n; ++k)
      for (std::size_t l = 0; l < n; ++l) {
        const std::int64_t expected = l == (k + n - 1) % n ? 0 : walk(delta, k, l);
        EXPECT_EQ(slice_imbalance(prefix, k, l), expected);
      }
  }
}

TEST(Flow, ExtremeSlicesMatchExhaustiveSearch) {
  Rng rng(11);
  for (int trial = 0; trial < 500; ++trial) {
    const auto n = static_cast<std::size_t>(rng.uniform(2, 10));
    const auto delta = random_delta(rng, n);
    const auto prefix = prefix_sums(delta);
    std::int64_t hi = INT64_MIN, lo = INT64_MAX;
    for (std::size_t k = 0; k < n; ++k)
      for (std::size_t len = 1; len < n; ++len) {
        const auto v = walk(delta, k, (k + len - 1) % n);
        hi = std::max(hi, v);
        lo = std::min(lo, v);
      }
    const auto mx = max_slice(prefix), mn = min_slice(prefix);
    EXPECT_EQ(mx.value, std::max<std::int64_t>(hi, 0));
    EXPECT_EQ(mn.value, std::min<std::int64_t>(lo, 0));
    if (mx.value > 0) {
      EXPECT_EQ(walk(delta, mx.first, mx.last), mx.value);
    }
    if (mn.value < 0) {
      EXPECT_EQ(walk(delta, mn.first, mn.last), mn.value);
    }
  }
}

TEST(Flow, EveryShiftConservesItemsAndUnidirectionalShiftIsTight) {
  Rng rng(5);
  for (int trial = 0; trial < 200; ++trial) {
    const auto n = static_cast<std::size_t>(rng.uniform(1, 12));
    const auto delta = random_delta(rng, n);
    const auto prefix = prefix_sums(delta);
    const std::int64_t x = unidirectional_shift(prefix);
    const auto flows = flows_for_shift(prefix, x);
    std::int64_t min_flow = INT64_MAX;
    for (std::size_t i = 0; i < n; ++i) {
      // Net outflow of P_i = F_i - F_{i-1} = delta_i.
      EXPECT_EQ(flows[i] - flows[(i + n - 1) % n], n == 1 ? 0 : delta[i]);
      min_flow = std::min(min_flow, flows[i]);
    }
    EXPECT_EQ(min_flow, 0);
  }
}

}  // namespace
}  // namespace redist
