#include "ordered_ways.hpp"

#include <algorithm>
#include <deque>
#include <optional>

#include "redist/core/error.hpp"
#include "ring/ordered_routes.hpp"

namespace redist::ring::detail {

namespace {

// Sums and maxima of one kind of link (succ or pred costs, indexed by sender).
class Links {
 public:
  explicit Links(const std::vector<std::int64_t>& cost) : cost_(cost), n_(cost.size()) {
    prefix_.assign(n_ + 1, 0);
    head_max_.assign(n_ + 1, 0);
    tail_max_.assign(n_ + 1, 0);
    for (std::size_t i = 0; i < n_; ++i) {
      prefix_[i + 1] = prefix_[i] + cost[i];
      head_max_[i + 1] = std::max(head_max_[i], cost[i]);
    }
    for (std::size_t i = n_; i-- > 0;) tail_max_[i] = std::max(tail_max_[i + 1], cost[i]);
  }

  // Links [lo, hi), no wrap; their maximum from the sliding window (lo and hi never decrease).
  Way window(std::size_t lo, std::size_t hi) {
    while (next_ < hi) {
      while (!deque_.empty() && cost_[deque_.back()] <= cost_[next_]) deque_.pop_back();
      deque_.push_back(next_++);
    }
    while (!deque_.empty() && deque_.front() < lo) deque_.pop_front();
    REDIST_ASSERT(!deque_.empty() && hi > lo);
    return {prefix_[hi] - prefix_[lo], cost_[deque_.front()]};
  }

  // Every link but [lo, hi): links [hi, n) and [0, lo).
  Way complement(std::size_t lo, std::size_t hi) const {
    return {prefix_[n_] - (prefix_[hi] - prefix_[lo]), std::max(tail_max_[hi], head_max_[lo])};
  }

 private:
  const std::vector<std::int64_t>& cost_;
  std::size_t n_;
  std::vector<Ticks> prefix_;
  std::vector<std::int64_t> head_max_, tail_max_;  // max of [0, i), max of [i, n)
  std::deque<std::size_t> deque_;
  std::size_t next_ = 0;  // links up to here have entered the window
};

}  // namespace

std::vector<BlockWays> block_ways(const RingInstance& inst, const std::vector<ItemBlock>& blocks) {
  std::vector<BlockWays> ways(blocks.size());
  Links succ(inst.succ_cost);
  std::optional<Links> pred;
  if (inst.bidirectional()) pred.emplace(inst.pred_cost);
  for (std::size_t b = 0; b < blocks.size(); ++b) {
    const auto s = static_cast<std::size_t>(blocks[b].from);
    const auto d = static_cast<std::size_t>(blocks[b].to);
    if (linear_rightward(blocks[b])) {
      // Right: succ links of P_s .. P_d-1. Left: pred links of P_d+1 .. P_n-1, P_0 .. P_s.
      ways[b].linear = succ.window(s, d);
      if (pred) ways[b].other = pred->complement(s + 1, d + 1);
    } else {
      // Left: pred links of P_d+1 .. P_s. Right: succ links of P_s .. P_n-1, P_0 .. P_d-1.
      if (pred) ways[b].linear = pred->window(d + 1, s + 1);
      ways[b].other = succ.complement(d, s);
    }
  }
  return ways;
}

}  // namespace redist::ring::detail
