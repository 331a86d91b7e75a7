#include "redist/core/ordered_items.hpp"

#include <algorithm>

#include "redist/core/error.hpp"

namespace redist {

namespace {

std::vector<std::int64_t> starts(const std::vector<std::int64_t>& counts) {
  std::vector<std::int64_t> s(counts.size() + 1, 0);
  for (std::size_t k = 0; k < counts.size(); ++k) s[k + 1] = s[k] + counts[k];
  return s;
}

// The k with s[k] <= g < s[k+1], skipping processors that hold nothing.
std::size_t holder(const std::vector<std::int64_t>& s, std::int64_t g) {
  REDIST_ASSERT(g >= 0 && g < s.back());
  const auto above = std::upper_bound(s.begin(), s.end(), g);
  return static_cast<std::size_t>(above - s.begin()) - 1;
}

}  // namespace

OrderedLayout OrderedLayout::of(const RingInstance& instance) {
  return {starts(instance.loads), starts(instance.targets)};
}

std::size_t OrderedLayout::source_of(std::int64_t g) const { return holder(before, g); }

std::size_t OrderedLayout::destination_of(std::int64_t g) const { return holder(after, g); }

std::int64_t OrderedLayout::kept(std::size_t k) const {
  return std::max<std::int64_t>(
      0, std::min(before[k + 1], after[k + 1]) - std::max(before[k], after[k]));
}

std::vector<ItemBlock> moving_blocks(const OrderedLayout& layout) {
  const std::size_t n = layout.size();
  std::vector<ItemBlock> blocks;
  std::size_t s = 0, d = 0;
  std::int64_t g = 0;
  const std::int64_t total = layout.total();
  while (g < total) {
    // Skip processors with nothing left at g on either side.
    while (layout.before[s + 1] <= g) ++s;
    while (layout.after[d + 1] <= g) ++d;
    const std::int64_t end = std::min(layout.before[s + 1], layout.after[d + 1]);
    if (s != d)
      blocks.push_back({g, end - g, static_cast<std::int32_t>(s), static_cast<std::int32_t>(d)});
    g = end;
  }
  REDIST_ASSERT(s < n || total == 0);
  return blocks;
}

}  // namespace redist
