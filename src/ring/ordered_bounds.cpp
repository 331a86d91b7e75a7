#include "redist/ring/ordered_bounds.hpp"

#include <algorithm>

#include "ordered_relaxation.hpp"
#include "ordered_ways.hpp"
#include "redist/core/error.hpp"
#include "ring/crossing_split.hpp"
#include "ring/ordered_routes.hpp"

namespace redist::ring {

namespace {

using detail::stream_time;

std::size_t before(std::size_t k, std::size_t n) { return (k + n - 1) % n; }
std::size_t after(std::size_t k, std::size_t n) { return (k + 1) % n; }

// P_k sends each of its leaving items and receives each arriving one, one at a time.
Ticks ports_bound(const RingInstance& inst, const OrderedLayout& layout) {
  const std::size_t n = inst.size();
  Ticks best = 0;
  for (std::size_t k = 0; k < n; ++k) {
    const std::int64_t kept = layout.kept(k);
    const std::int64_t leaving = inst.loads[k] - kept, arriving = inst.targets[k] - kept;
    std::int64_t out = inst.succ_cost[k], in = inst.succ_cost[before(k, n)];
    if (inst.bidirectional()) {
      out = std::min(out, inst.pred_cost[k]);
      in = std::min(in, inst.pred_cost[after(k, n)]);
    }
    best = std::max({best, static_cast<Ticks>(leaving) * out, static_cast<Ticks>(arriving) * in});
  }
  return best;
}

// min over a of max(right stream of a items, left stream of m - a): the right stream grows with a,
// the left one shrinks, so the best split is where they cross (binary search).
Ticks best_stream_split(const detail::Way& right, const detail::Way& left, std::int64_t m) {
  return detail::least_max_of_crossing(
      m, [&](std::int64_t a) { return stream_time(right, a); },
      [&](std::int64_t a) { return stream_time(left, m - a); });
}

Ticks streams_bound(const RingInstance& inst, const std::vector<ItemBlock>& blocks) {
  const std::vector<detail::BlockWays> ways = detail::block_ways(inst, blocks);
  Ticks best = 0;
  for (std::size_t b = 0; b < blocks.size(); ++b) {
    const bool right = linear_rightward(blocks[b]);
    if (!inst.bidirectional()) {  // every item rightwards, the other way round when it moves left
      best = std::max(best, stream_time(right ? ways[b].linear : ways[b].other, blocks[b].items));
      continue;
    }
    const detail::Way& rightward = right ? ways[b].linear : ways[b].other;
    const detail::Way& leftward = right ? ways[b].other : ways[b].linear;
    best = std::max(best, best_stream_split(rightward, leftward, blocks[b].items));
  }
  return best;
}

// Unidirectional: link e carries every item whose (forced) route crosses it, one at a time; those
// it forwards (not its sender's own) first cross link e-1.
Ticks links_bound(const RingInstance& inst, const std::vector<ItemBlock>& blocks) {
  const std::size_t n = inst.size();
  std::vector<std::int64_t> carried(n + 1, 0), own(n, 0);
  const auto add = [&](std::size_t lo, std::size_t hi, std::int64_t v) {  // links [lo, hi), no wrap
    carried[lo] += v;
    carried[hi] -= v;
  };
  for (const ItemBlock& b : blocks) {
    const auto s = static_cast<std::size_t>(b.from), d = static_cast<std::size_t>(b.to);
    own[s] += b.items;
    if (d > s) {
      add(s, d, b.items);
    } else {
      add(s, n, b.items);
      add(0, d, b.items);
    }
  }
  Ticks best = 0;
  std::int64_t on = 0;
  for (std::size_t e = 0; e < n; ++e) {
    on += carried[e];
    const Ticks c = inst.succ_cost[e], up = inst.succ_cost[before(e, n)];
    const std::int64_t forwarded = on - own[e];
    best = std::max(best, static_cast<Ticks>(on) * c);
    if (forwarded > 0)
      best = std::max(
          {best, up + static_cast<Ticks>(forwarded) * c, static_cast<Ticks>(forwarded) * up + c});
  }
  return best;
}

std::int64_t overlap(std::int64_t a, std::int64_t b, std::int64_t c, std::int64_t d) {
  return std::max<std::int64_t>(0, std::min(b, d) - std::max(a, c));
}

// Items with their source (destination) in the slice P_k .. P_l, and those with both there.
struct SliceItems {
  std::int64_t out = 0;
  std::int64_t in = 0;
};

SliceItems slice_items(const OrderedLayout& layout, std::size_t k, std::size_t l) {
  const auto& held_at = layout.before;   // A
  const auto& wanted_at = layout.after;  // B
  const std::int64_t total = layout.total();
  std::int64_t held = 0, wanted = 0, both = 0;
  if (k <= l) {
    held = held_at[l + 1] - held_at[k];
    wanted = wanted_at[l + 1] - wanted_at[k];
    both = overlap(held_at[k], held_at[l + 1], wanted_at[k], wanted_at[l + 1]);
  } else {  // P_k .. P_{n-1}, P_0 .. P_l: two intervals of the order on each side
    held = total - held_at[k] + held_at[l + 1];
    wanted = total - wanted_at[k] + wanted_at[l + 1];
    both = overlap(held_at[k], total, wanted_at[k], total) +
           overlap(held_at[k], total, 0, wanted_at[l + 1]) +
           overlap(0, held_at[l + 1], wanted_at[k], total) +
           overlap(0, held_at[l + 1], 0, wanted_at[l + 1]);
  }
  return {held - both, wanted - both};
}

Ticks slices_bound(const RingInstance& inst, const OrderedLayout& layout) {
  const std::size_t n = inst.size();
  Ticks best = 0;
  for (std::size_t k = 0; k < n; ++k)
    for (std::size_t len = 1; len < n; ++len) {
      const std::size_t l = (k + len - 1) % n;
      const SliceItems s = slice_items(layout, k, l);
      const std::int64_t out_right = inst.succ_cost[l], in_left = inst.succ_cost[before(k, n)];
      if (!inst.bidirectional()) {
        best = std::max(
            {best, static_cast<Ticks>(s.out) * out_right, static_cast<Ticks>(s.in) * in_left});
        continue;
      }
      best = std::max({best, best_two_link_split(s.out, inst.pred_cost[k], out_right),
                       best_two_link_split(s.in, in_left, inst.pred_cost[after(l, n)])});
    }
  return best;
}

}  // namespace

OrderedBounds ordered_lower_bounds(const RingInstance& inst, const OrderedLayout& layout,
                                   const std::vector<ItemBlock>& blocks) {
  Ticks routing = 0;
  if (inst.bidirectional() && !blocks.empty())
    routing = detail::relax_routing(inst, blocks, std::vector<std::int64_t>(blocks.size(), 0),
                                    detail::relaxation_evaluations(inst.size(), blocks.size(), 1))
                  .lower_bound;
  return ordered_lower_bounds(inst, layout, blocks, routing);
}

OrderedBounds ordered_lower_bounds(const RingInstance& inst, const OrderedLayout& layout,
                                   const std::vector<ItemBlock>& blocks, Ticks routing_bound) {
  OrderedBounds bounds;
  bounds.interchangeable = ring_lower_bounds(inst);
  const auto add = [&](const char* name, const char* source, Ticks value) {
    bounds.terms.push_back({name, source, value});
    bounds.best = std::max(bounds.best, value);
  };
  add("interchangeable", "document 000's best bound for the same ring",
      bounds.interchangeable.best);
  if (inst.size() < 2 || blocks.empty()) return bounds;
  add("ports", "leaving and arriving items, one at a time per port", ports_bound(inst, layout));
  add("streams", "each block's items along their ways, split at best", streams_bound(inst, blocks));
  if (!inst.bidirectional())
    add("links", "forced routes: items per link, forwarded ones after the link before",
        links_bound(inst, blocks));
  if (inst.size() <= kOrderedSliceRing)
    add("slices", "items leaving or entering each slice, over its two boundary links",
        slices_bound(inst, layout));
  if (routing_bound > 0)
    add("routing", "the routing relaxation: some port's load, whatever the routes", routing_bound);
  return bounds;
}

}  // namespace redist::ring
