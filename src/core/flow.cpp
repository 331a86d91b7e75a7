#include "redist/core/flow.hpp"

#include <algorithm>

#include "redist/core/error.hpp"

namespace redist {

std::vector<std::int64_t> prefix_sums(const std::vector<std::int64_t>& delta) {
  std::vector<std::int64_t> prefix(delta.size());
  std::int64_t running = 0;
  for (std::size_t i = 0; i < delta.size(); ++i) prefix[i] = running += delta[i];
  return prefix;
}

std::int64_t slice_imbalance(const std::vector<std::int64_t>& prefix, std::size_t k,
                             std::size_t l) {
  const std::size_t n = prefix.size();
  REDIST_ASSERT(k < n && l < n);
  const std::int64_t before = prefix[(k + n - 1) % n];  // S_{k-1}; S_{-1} = S_{n-1} = 0
  return prefix[l] - before;
}

std::vector<std::int64_t> flows_for_shift(const std::vector<std::int64_t>& prefix, std::int64_t x) {
  std::vector<std::int64_t> flows(prefix.size());
  for (std::size_t i = 0; i < prefix.size(); ++i) flows[i] = x + prefix[i];
  return flows;
}

std::int64_t unidirectional_shift(const std::vector<std::int64_t>& prefix) {
  REDIST_ASSERT(!prefix.empty());
  return -*std::min_element(prefix.begin(), prefix.end());
}

namespace {
// The slice from just after position `from` up to position `to` has imbalance S_to - S_from.
SliceExtreme slice_between(const std::vector<std::int64_t>& prefix, std::size_t from,
                           std::size_t to) {
  const std::size_t n = prefix.size();
  return SliceExtreme{prefix[to] - prefix[from], (from + 1) % n, to};
}
}  // namespace

SliceExtreme max_slice(const std::vector<std::int64_t>& prefix) {
  if (prefix.size() < 2) return {};
  const auto [lo, hi] = std::minmax_element(prefix.begin(), prefix.end());
  if (lo == hi || *lo == *hi) return SliceExtreme{0, 0, 0};
  return slice_between(prefix, static_cast<std::size_t>(lo - prefix.begin()),
                       static_cast<std::size_t>(hi - prefix.begin()));
}

SliceExtreme min_slice(const std::vector<std::int64_t>& prefix) {
  if (prefix.size() < 2) return {};
  const auto [lo, hi] = std::minmax_element(prefix.begin(), prefix.end());
  if (lo == hi || *lo == *hi) return SliceExtreme{0, 0, 0};
  return slice_between(prefix, static_cast<std::size_t>(hi - prefix.begin()),
                       static_cast<std::size_t>(lo - prefix.begin()));
}

}  // namespace redist
