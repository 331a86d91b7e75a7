#include "ordered_ways.hpp"

#include <algorithm>

#include "redist/core/error.hpp"

namespace redist::ring::detail {

RingWays::RingWays(const RingInstance& inst) : n_(inst.size()) {
  succ_ = build(inst.succ_cost);
  if (inst.bidirectional()) pred_ = build(inst.pred_cost);
}

RingWays::Links RingWays::build(const std::vector<std::int64_t>& cost) {
  const std::size_t n = cost.size();
  Links links;
  links.prefix.assign(n + 1, 0);
  for (std::size_t i = 0; i < n; ++i) links.prefix[i + 1] = links.prefix[i] + cost[i];
  links.tree.assign(2 * n, 0);
  for (std::size_t i = 0; i < n; ++i) links.tree[n + i] = cost[i];
  for (std::size_t i = n - 1; i >= 1; --i)
    links.tree[i] = std::max(links.tree[2 * i], links.tree[2 * i + 1]);
  return links;
}

// Largest cost among links [lo, hi) (no wrap).
std::int64_t RingWays::largest(const Links& links, std::size_t lo, std::size_t hi) const {
  std::int64_t best = 0;
  for (lo += n_, hi += n_; lo < hi; lo /= 2, hi /= 2) {
    if (lo & 1U) best = std::max(best, links.tree[lo++]);
    if (hi & 1U) best = std::max(best, links.tree[--hi]);
  }
  return best;
}

// Links first, first+1, ..., count of them, indices mod n.
Way RingWays::arc(const Links& links, std::size_t first, std::size_t count) const {
  REDIST_ASSERT(count < n_ + 1 && first < n_);
  Way way;
  way.links = count;
  const std::size_t end = first + count;
  if (end <= n_) {
    way.sum = links.prefix[end] - links.prefix[first];
    way.slowest = largest(links, first, end);
  } else {
    way.sum = links.prefix[n_] - links.prefix[first] + links.prefix[end - n_];
    way.slowest = std::max(largest(links, first, n_), largest(links, 0, end - n_));
  }
  return way;
}

Way RingWays::right(std::size_t from, std::size_t to) const {
  return arc(succ_, from, (to + n_ - from) % n_);
}

Way RingWays::left(std::size_t from, std::size_t to) const {
  // The senders are P_to+1 .. P_from, rightwards from P_to+1.
  const std::size_t count = (from + n_ - to) % n_;
  return arc(pred_, (to + 1) % n_, count);
}

}  // namespace redist::ring::detail
