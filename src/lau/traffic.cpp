#include "redist/lau/traffic.hpp"

#include <algorithm>
#include <vector>

#include "redist/core/error.hpp"

namespace redist::lau {

const char* to_string(TrafficRule rule) {
  return rule == TrafficRule::corrected ? "corrected" : "printed";
}

namespace {

// s̄_k: the k-th largest value (1-based), by selection on a scratch copy.
std::int64_t kth_largest(std::vector<std::int64_t>& scratch, std::size_t k) {
  REDIST_ASSERT(k >= 1 && k <= scratch.size());
  auto nth = scratch.begin() + static_cast<std::ptrdiff_t>(k - 1);
  std::nth_element(scratch.begin(), nth, scratch.end(), std::greater<>());
  return *nth;
}

}  // namespace

std::int64_t traffic_shift(std::span<const std::int64_t> base, TrafficRule rule) {
  const std::size_t n = base.size();
  REDIST_ASSERT(n >= 1);
  std::size_t positive = 0, negative = 0;
  for (auto s : base) {
    positive += s > 0 ? 1 : 0;
    negative += s < 0 ? 1 : 0;
  }
  std::vector<std::int64_t> scratch(base.begin(), base.end());
  const std::size_t half = n / 2;
  std::int64_t h = 0;
  if (positive > half) {
    h = kth_largest(scratch, rule == TrafficRule::printed ? half : (n + 1) / 2);
  } else if (negative > half) {
    h = kth_largest(scratch, n / 2 + 1);  // ceil((n+1)/2)
  }
  return -h;
}

ShiftRange traffic_window(std::span<const std::int64_t> base) {
  const std::size_t n = base.size();
  REDIST_ASSERT(n >= 1);
  std::vector<std::int64_t> scratch(base.begin(), base.end());
  // Any h between the lower and upper median minimises sum |S_i - h|.
  const std::int64_t upper = kth_largest(scratch, (n + 1) / 2);
  const std::int64_t lower = kth_largest(scratch, n / 2 + 1);
  return {-upper, -lower};
}

}  // namespace redist::lau
