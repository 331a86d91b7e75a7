#include "ordered_search.hpp"

#include <algorithm>

#include "redist/core/error.hpp"
#include "ring/ordered_routes.hpp"

namespace redist::ring::detail {

namespace {}  // namespace

RouteProxy::RouteProxy(const RingInstance& inst, const std::vector<ItemBlock>& blocks)
    : inst_(inst), blocks_(blocks) {
  const std::vector<BlockWays> ways = block_ways(inst, blocks);
  linear_.reserve(blocks.size());
  other_.reserve(blocks.size());
  for (const BlockWays& w : ways) {
    linear_.push_back(w.linear);
    other_.push_back(w.other);
  }
}

Ticks RouteProxy::operator()(const std::vector<std::int64_t>& rerouted) {
  const std::size_t n = inst_.size();
  right_.assign(n + 1, 0);
  left_.assign(n + 1, 0);
  Ticks proxy = 0;
  for (std::size_t b = 0; b < blocks_.size(); ++b) {
    const ItemBlock& block = blocks_[b];
    const auto from = static_cast<std::size_t>(block.from), to = static_cast<std::size_t>(block.to);
    const std::int64_t other = rerouted[b], linear = block.items - other;
    const bool linear_right = linear_rightward(block);
    const std::int64_t rightward = linear_right ? linear : other;
    add_arc(right_, n, from, (to + n - from) % n, rightward);
    add_arc(left_, n, to, (from + n - to) % n, block.items - rightward);
    proxy = std::max({proxy, stream_time(linear_[b], linear), stream_time(other_[b], other)});
  }
  for (std::size_t e = 1; e < n; ++e) {
    right_[e] += right_[e - 1];
    left_[e] += left_[e - 1];
  }
  for (std::size_t i = 0; i < n; ++i) {
    const std::size_t before = (i + n - 1) % n, after = (i + 1) % n;
    Ticks send = static_cast<Ticks>(right_[i]) * inst_.succ_cost[i];
    Ticks receive = static_cast<Ticks>(right_[before]) * inst_.succ_cost[before];
    if (inst_.bidirectional()) {
      send += static_cast<Ticks>(left_[before]) * inst_.pred_cost[i];
      receive += static_cast<Ticks>(left_[i]) * inst_.pred_cost[after];
    }
    proxy = std::max({proxy, send, receive});
  }
  return proxy;
}

namespace {

// The blocks worth sending the other way: those whose other way costs at most `ratio` times their
// linear one, cheapest first.
std::vector<std::size_t> candidate_blocks(const RouteProxy& proxy, std::size_t blocks,
                                          double ratio) {
  std::vector<std::pair<double, std::size_t>> ranked;
  for (std::size_t b = 0; b < blocks; ++b) {
    const double linear = static_cast<double>(proxy.linear_way(b).sum);
    const double other = static_cast<double>(proxy.other_way(b).sum);
    if (other <= ratio * linear) ranked.push_back({other / linear, b});
  }
  std::sort(ranked.begin(), ranked.end());
  std::vector<std::size_t> order;
  for (const auto& [r, b] : ranked) order.push_back(b);
  return order;
}

class PrefixSearch {
 public:
  PrefixSearch(RouteProxy& proxy, const std::vector<ItemBlock>& blocks,
               std::vector<std::size_t> order)
      : proxy_(proxy), blocks_(blocks), order_(std::move(order)), rerouted_(blocks.size(), 0) {}

  // The first k blocks of the order rerouted whole, and `part` items of the next.
  Ticks evaluate(std::size_t k, std::int64_t part) {
    set(k, part);
    const Ticks value = proxy_(rerouted_);
    seen_.push_back({value, k, part});
    return value;
  }

  // Every prefix when there are few, else `points` of them evenly, then every prefix around the
  // best one; then the best split of the blocks on either side of it.
  void run(std::size_t points) {
    const std::size_t total = order_.size();
    const std::size_t step = std::max<std::size_t>(1, total / points);
    std::size_t best_k = 0;
    Ticks best = evaluate(0, 0);
    const auto visit = [&](std::size_t k) {
      const Ticks v = evaluate(k, 0);
      if (v < best) best = v, best_k = k;
    };
    for (std::size_t k = step; k <= total; k += step) visit(k);
    if (step > 1) {
      const std::size_t lo = best_k > step ? best_k - step : 0;
      const std::size_t hi = std::min(total, best_k + step);
      for (std::size_t k = lo + 1; k < hi; ++k) visit(k);
    }
    if (best_k < total) refine(best_k);
    if (best_k > 0) refine(best_k - 1);
  }

  // Reroute choices by proxy, best first, without the linear routes.
  std::vector<std::vector<std::int64_t>> best(std::size_t count) {
    std::sort(seen_.begin(), seen_.end(), [](const Point& a, const Point& b) {
      return a.value != b.value ? a.value < b.value
                                : std::pair(a.k, a.part) < std::pair(b.k, b.part);
    });
    std::vector<std::vector<std::int64_t>> out;
    std::vector<std::pair<std::size_t, std::int64_t>> taken;
    for (const Point& p : seen_) {
      if (out.size() == count) break;
      // (k, 0) and (k - 1, all of block k - 1) are the same routes; so is (0, 0) the linear one.
      std::pair<std::size_t, std::int64_t> key{p.k, p.part};
      if (p.k > 0 && p.part == 0) key = {p.k - 1, blocks_[order_[p.k - 1]].items};
      if (key == std::pair<std::size_t, std::int64_t>{0, 0}) continue;
      if (std::find(taken.begin(), taken.end(), key) != taken.end()) continue;
      taken.push_back(key);
      set(p.k, p.part);
      out.push_back(rerouted_);
    }
    return out;
  }

 private:
  void set(std::size_t k, std::int64_t part) {
    std::fill(rerouted_.begin(), rerouted_.end(), 0);
    for (std::size_t i = 0; i < k; ++i) rerouted_[order_[i]] = blocks_[order_[i]].items;
    if (k < order_.size()) rerouted_[order_[k]] = part;
  }

  // The proxy is convex in the part of block order_[k] rerouted (a maximum of functions linear in
  // it): ternary search on the integers.
  void refine(std::size_t k) {
    std::int64_t lo = 0, hi = blocks_[order_[k]].items;
    while (hi - lo > 2) {
      const std::int64_t a = lo + (hi - lo) / 3, b = hi - (hi - lo) / 3;
      if (evaluate(k, a) <= evaluate(k, b))
        hi = b;
      else
        lo = a;
    }
    for (std::int64_t r = lo; r <= hi; ++r) evaluate(k, r);
  }

  RouteProxy& proxy_;
  const std::vector<ItemBlock>& blocks_;
  std::vector<std::size_t> order_;
  std::vector<std::int64_t> rerouted_;
  // Every choice evaluated, as (prefix, part): a whole choice per point would hold O(blocks) each.
  struct Point {
    Ticks value;
    std::size_t k;
    std::int64_t part;
  };
  std::vector<Point> seen_;
};

}  // namespace

std::vector<std::vector<std::int64_t>> promising_reroutes(RouteProxy& proxy,
                                                          const std::vector<ItemBlock>& blocks,
                                                          int effort, std::size_t count) {
  if (blocks.empty()) return {};
  const int e = std::max(1, effort);
  auto order = candidate_blocks(proxy, blocks.size(), 1.5 + 0.5 * e);
  if (order.empty()) return {};
  PrefixSearch search(proxy, blocks, std::move(order));
  search.run(static_cast<std::size_t>(48 * e));
  return search.best(count);
}

}  // namespace redist::ring::detail
