// The reach bound of unidirectional rings with start-ups (ring/latency_bounds.hpp; the proof is in
// docs/latency.md, "Items from far away").
//
// With the flows of the fewest items no item crosses the edge without flow, so the ring reads as a
// line from the processor after that edge (position 0) to the one before it (position n - 1). An
// item that starts at position j and crosses the edge out of position p >= j crosses every edge
// between, each in a message of at least one item, one after the other: it is at position p no
// earlier than A[p] - A[j], A being the prefix sums of L_e + c_e. If the edge out of p carries F
// items and positions j+1 .. p hold N_j items in all, at least F - N_j of its items come from
// position j or further: the link sends them after A[p] - A[j], in one message at least, so
//
//     T >= A[p] - A[j] + L_p + c_p (F - N_j)   for every j <= p with N_j < F.
//
// j = p is Lemma 5's term. For one p the best j maximises c_p Q[j+1] - A[j] (Q: prefix sums of the
// loads) over a window of j that only moves right as p grows (Q[p+1] - F_p never decreases), so
// monotone queues give every edge's best j in O(n) for one slope c_p: exact on rings whose costs
// are all equal. With several costs, the queues of the smallest and the largest cost propose their
// best j, each evaluated at the edge's own cost with the window's two ends: a weaker but valid term
// (every j gives a valid bound).

#include <algorithm>
#include <deque>
#include <vector>

#include "redist/core/error.hpp"
#include "redist/core/flow.hpp"
#include "ring/crossing_split.hpp"
#include "ring/latency_bounds.hpp"
#include "ring/ring_steps.hpp"

namespace redist::ring {

namespace {

// A position j of the line as the window needs it: A(0, j) and Q(j+1).
struct Position {
  std::size_t j;
  Ticks arrival;         // A(0, j)
  std::int64_t through;  // Q(j+1): the loads of positions 0 .. j
};

// Sliding-window maximum of key(j) = slope Q(j+1) - A(0, j), both ends of the window moving right
// only (positions enter in order; the left end drops them).
class WindowMax {
 public:
  explicit WindowMax(std::int64_t slope) : slope_(slope) {}

  void push(const Position& at) {
    while (!order_.empty() && key(order_.back()) <= key(at)) order_.pop_back();
    order_.push_back(at);
  }
  void drop_before(std::size_t lo) {
    while (!order_.empty() && order_.front().j < lo) order_.pop_front();
  }
  const Position& best() const { return order_.front(); }

 private:
  Ticks key(const Position& at) const { return Ticks{slope_} * at.through - at.arrival; }

  std::int64_t slope_;
  std::deque<Position> order_;
};

}  // namespace

Ticks latency_reach_bound(const RingInstance& inst, const RingPrefix& prefix) {
  REDIST_ASSERT(!inst.bidirectional());
  const std::size_t n = inst.size();
  if (n < 2) return 0;
  // The edge without flow: the line starts after it.
  std::size_t zero = 0;
  while (zero < n && prefix.sums[zero] != prefix.lo) ++zero;
  REDIST_ASSERT(zero < n);
  const auto hop = [&](std::size_t i) { return Ticks{inst.latency(i, true)} + inst.succ_cost[i]; };
  const auto [least, most] = std::minmax_element(inst.succ_cost.begin(), inst.succ_cost.end());
  const bool one_cost = *least == *most;
  WindowMax low(*least), high(*most);
  // The window's left end lo, with A(0, lo) and Q(lo + 1); the current position p with A(0, p)
  // and Q(p + 1). Positions count from the processor after that edge; i and left_i are the ring
  // indices of p and of the left end.
  const std::size_t first = detail::next_of(zero, n);
  std::size_t left_i = first;
  Position left{0, 0, inst.loads[first]}, here{0, 0, 0};
  Ticks best = 0;
  for (std::size_t p = 0, i = first; p < n; ++p, i = detail::next_of(i, n)) {
    here.j = p;
    here.through += inst.loads[i];
    low.push(here);
    if (!one_cost) high.push(here);
    const std::int64_t flow = prefix.sums[i] - prefix.lo;
    if (flow > 0) {
      // j qualifies while positions j+1 .. p hold fewer than the flow: Q(j+1) > Q(p+1) - flow.
      while (left.through <= here.through - flow) {
        left.arrival += hop(left_i);
        ++left.j;
        left_i = detail::next_of(left_i, n);
        left.through += inst.loads[left_i];
      }
      low.drop_before(left.j);
      high.drop_before(left.j);
      const std::int64_t cost = inst.succ_cost[i];
      const auto term = [&](const Position& at) {
        return here.arrival - at.arrival + inst.latency(i, true) +
               Ticks{cost} * (flow - (here.through - at.through));
      };
      best = std::max({best, term(here), term(left), term(low.best())});
      if (!one_cost) best = std::max(best, term(high.best()));
    }
    here.arrival += hop(i);
  }
  return best;
}

namespace {

// One link out of (or into) a slice, and the processors that can feed it, nearest first: its
// sender (k = 0) and those behind it, with the earliest time an item of each can be at the sender.
struct Feeders {
  std::int64_t cost = 0, latency = 0;
  std::vector<std::int64_t> loads;
  std::vector<Ticks> arrival;
};

// The reach term of a link that carries y of the feeders' items: the items it cannot find within
// the k nearest feeders come from feeder k or further (docs/latency.md, "Items from far away").
Ticks feeding_time(const Feeders& f, std::int64_t y) {
  if (y <= 0) return 0;
  Ticks most = 0;
  std::int64_t nearer = 0;
  for (std::size_t k = 0; k < f.loads.size() && nearer < y; ++k) {
    most = std::max(most, f.arrival[k] + f.latency + Ticks{f.cost} * (y - nearer));
    nearer += f.loads[k];
  }
  return most;
}

// The feeders of a link sent by `from`: `count` processors from it, walking up or down the ring; an
// item of processor i reaches the previous one over the link that costs `hop(i)`. Only those that
// can matter for `items` items are kept: up to the first by which the nearer ones hold them.
template <class Hop>
Feeders feeders(const RingInstance& inst, std::size_t from, bool step_up, std::size_t count,
                std::int64_t items, std::int64_t cost, std::int64_t latency, const Hop& hop) {
  const std::size_t n = inst.size();
  Feeders f;
  f.cost = cost;
  f.latency = latency;
  Ticks arrival = 0;
  std::size_t i = from;
  std::int64_t held = 0;
  for (std::size_t k = 0; k < count && held < items; ++k) {
    if (k > 0) arrival += hop(i);
    held += inst.loads[i];
    f.loads.push_back(inst.loads[i]);
    f.arrival.push_back(arrival);
    i = step_up ? (i + 1 == n ? 0 : i + 1) : (i == 0 ? n - 1 : i - 1);
  }
  return f;
}

// min over splits y + z = d of max(feeding_time(a, y), feeding_time(b, z)): the first is
// non-decreasing in y, the second non-increasing, so a binary search finds where they cross.
Ticks best_split(const Feeders& a, const Feeders& b, std::int64_t d) {
  return detail::least_max_of_crossing(
      d, [&](std::int64_t y) { return feeding_time(a, y); },
      [&](std::int64_t y) { return feeding_time(b, d - y); });
}

}  // namespace

Ticks latency_slice_reach_bound(const RingInstance& inst, const RingPrefix& prefix) {
  REDIST_ASSERT(inst.bidirectional());
  const std::size_t n = inst.size();
  if (n < 2) return 0;
  const auto next = [n](std::size_t i) { return i + 1 == n ? 0 : i + 1; };
  const auto prev = [n](std::size_t i) { return i == 0 ? n - 1 : i - 1; };
  const auto succ_hop = [&](std::size_t i) {
    return Ticks{inst.latency(i, true)} + inst.succ_cost[i];
  };
  const auto pred_hop = [&](std::size_t i) {
    return Ticks{inst.latency(i, false)} + inst.pred_cost[i];
  };
  Ticks best = 0;
  // The slice with the largest excess sends it out through its two boundary links, each fed from
  // inside the slice.
  if (const SliceExtreme out = max_slice(prefix.sums); out.value > 0) {
    const std::size_t m = (out.last + n - out.first) % n + 1;
    const Feeders right = feeders(inst, out.last, false, m, out.value, inst.succ_cost[out.last],
                                  inst.latency(out.last, true), succ_hop);
    const Feeders left = feeders(inst, out.first, true, m, out.value, inst.pred_cost[out.first],
                                 inst.latency(out.first, false), pred_hop);
    best = std::max(best, best_split(right, left, out.value));
  }
  // The slice with the largest deficit receives it through its two boundary links, each fed from
  // outside the slice.
  if (const SliceExtreme in = min_slice(prefix.sums); in.value < 0) {
    const std::size_t m = (in.last + n - in.first) % n + 1;
    const std::size_t after = next(in.last), before = prev(in.first);
    const Feeders right = feeders(inst, after, true, n - m, -in.value, inst.pred_cost[after],
                                  inst.latency(after, false), pred_hop);
    const Feeders left = feeders(inst, before, false, n - m, -in.value, inst.succ_cost[before],
                                 inst.latency(before, true), succ_hop);
    best = std::max(best, best_split(right, left, -in.value));
  }
  return best;
}

}  // namespace redist::ring
