// Lower bounds with start-up costs (ring/latency_bounds.hpp; proofs in docs/latency.md).

#include "ring/latency_bounds.hpp"

#include <algorithm>
#include <limits>
#include <vector>

#include "redist/core/error.hpp"
#include "redist/core/flow.hpp"
#include "ring/prefix_bounds.hpp"
#include "ring/ring_steps.hpp"
#include "ring/system6.hpp"

namespace redist::ring {

namespace {

constexpr Ticks kForever = std::numeric_limits<Ticks>::max() / 4;

// The time of one link carrying `items` >= 0 items in one message (0 when it carries none).
Ticks link_time(std::int64_t items, std::int64_t cost, std::int64_t latency) {
  return items > 0 ? Ticks{latency} + Ticks{items} * cost : Ticks{0};
}

using detail::next_of;
using detail::prev_of;

// Both port times of P_i for shift x with start-ups: edge i-1 (P_{i-1} -> P_i, flow F_{i-1}) and
// edge i (P_i -> P_{i+1}, flow F_i).
struct PortTimes {
  Ticks send;
  Ticks receive;
};

PortTimes ports_of(const RingInstance& inst, const RingPrefix& prefix, std::int64_t x,
                   std::size_t i) {
  const std::size_t n = inst.size(), p = prev_of(i, n), q = next_of(i, n);
  const std::int64_t before = x + prefix.sums[p], after = x + prefix.sums[i];
  const Ticks send = link_time(after, inst.succ_cost[i], inst.latency(i, true)) +
                     link_time(-before, inst.pred_cost[i], inst.latency(i, false));
  const Ticks receive = link_time(before, inst.succ_cost[p], inst.latency(p, true)) +
                        link_time(-after, inst.pred_cost[q], inst.latency(q, false));
  return {send, receive};
}

// The same ports without start-ups (System 6's send_i and recv_i) and the start-ups each could pay.
struct PortSlack {
  Ticks send_latency;
  Ticks receive_latency;
};

PortSlack latencies_of(const RingInstance& inst, std::size_t i) {
  const std::size_t n = inst.size();
  return {Ticks{inst.latency(i, true)} + inst.latency(i, false),
          Ticks{inst.latency(prev_of(i, n), true)} + inst.latency(next_of(i, n), false)};
}

PortTimes ports_without_latency(const RingInstance& inst, const RingPrefix& prefix, std::int64_t x,
                                std::size_t i) {
  const std::size_t n = inst.size(), p = prev_of(i, n), q = next_of(i, n);
  const std::int64_t before = x + prefix.sums[p], after = x + prefix.sums[i];
  const auto part = [](std::int64_t f, std::int64_t c) { return f > 0 ? Ticks{f} * c : Ticks{0}; };
  return {part(after, inst.succ_cost[i]) + part(-before, inst.pred_cost[i]),
          part(before, inst.succ_cost[p]) + part(-after, inst.pred_cost[q])};
}

std::int64_t largest_latency(const RingInstance& inst) {
  std::int64_t most = 0;
  for (const auto l : inst.succ_latency) most = std::max(most, l);
  for (const auto l : inst.pred_latency) most = std::max(most, l);
  return most;
}

std::int64_t smallest_latency(const RingInstance& inst) {
  std::int64_t least = std::numeric_limits<std::int64_t>::max();
  for (std::size_t i = 0; i < inst.size(); ++i) {
    least = std::min(least, inst.latency(i, true));
    if (inst.bidirectional()) least = std::min(least, inst.latency(i, false));
  }
  return least;
}

// The items a link of cost c and start-up L can deliver by time t in one message.
Ticks capacity(Ticks t, std::int64_t cost, std::int64_t latency) {
  return t < Ticks{latency} + cost ? Ticks{0} : (t - latency) / cost;
}

}  // namespace

Ticks latency_port_time(const RingInstance& inst, const RingPrefix& prefix, std::int64_t x) {
  REDIST_ASSERT(inst.bidirectional());
  if (inst.size() < 2) return 0;
  Ticks most = 0;
  for (std::size_t i = 0; i < inst.size(); ++i) {
    const PortTimes t = ports_of(inst, prefix, x, i);
    most = std::max({most, t.send, t.receive});
  }
  return most;
}

LatencyShift latency_system6(const RingInstance& inst, const RingPrefix& prefix,
                             const System6Solution& system6, std::int64_t budget) {
  REDIST_ASSERT(inst.bidirectional());
  const std::size_t n = inst.size();
  LatencyShift out{system6.integer_optimum, system6.integer_shift, false};
  if (n < 2) {
    out.exact = true;
    return out;
  }
  // Start-ups add at most 2 L_max to a port: the minimiser lies where tau (convex, without
  // start-ups) is within 2 L_max of tau_int, and within the shifts where flows change sign.
  const Ticks limit = system6.integer_optimum + 2 * Ticks{largest_latency(inst)};
  const auto within = [&](std::int64_t x) { return system6_time(inst, prefix, x) <= limit; };
  const auto edge = [&](std::int64_t inside, std::int64_t outside) {
    // The last shift from `inside` towards `outside` (excluded) that is within the limit.
    while (inside + 1 < outside || inside - 1 > outside) {
      const std::int64_t mid = inside + (outside - inside) / 2;
      (within(mid) ? inside : outside) = mid;
    }
    return inside;
  };
  const std::int64_t x0 = system6.integer_shift;
  const std::int64_t lo =
      within(prefix.lowest_shift()) ? prefix.lowest_shift() : edge(x0, prefix.lowest_shift());
  const std::int64_t hi =
      within(prefix.highest_shift()) ? prefix.highest_shift() : edge(x0, prefix.highest_shift());
  // Ports that can reach tau_int somewhere in [lo, hi] once their start-ups are added (a port's
  // time without start-ups is convex in x: its largest value on the window is at an end).
  std::vector<std::size_t> candidates;
  for (std::size_t i = 0; i < n; ++i) {
    const PortTimes a = ports_without_latency(inst, prefix, lo, i);
    const PortTimes b = ports_without_latency(inst, prefix, hi, i);
    const PortSlack l = latencies_of(inst, i);
    if (std::max(a.send, b.send) + l.send_latency >= system6.integer_optimum ||
        std::max(a.receive, b.receive) + l.receive_latency >= system6.integer_optimum)
      candidates.push_back(i);
  }
  const Ticks work = (Ticks{hi} - lo + 1) * static_cast<Ticks>(candidates.size());
  if (work > budget) {
    // Every shift's busiest port pays at least the smallest start-up on top of tau(x).
    if (system6.integer_optimum > 0) out.value += smallest_latency(inst);
    return out;
  }
  out.value = kForever;
  for (std::int64_t x = lo; x <= hi; ++x) {
    Ticks most = 0;
    for (const std::size_t i : candidates) {
      const PortTimes t = ports_of(inst, prefix, x, i);
      most = std::max({most, t.send, t.receive});
    }
    if (most < out.value) {
      out.value = most;
      out.shift = x;
    }
  }
  out.exact = true;
  return out;
}

Ticks latency_lemma5_bound(const RingInstance& inst, const RingPrefix& prefix) {
  REDIST_ASSERT(!inst.bidirectional());
  Ticks best = 0;
  for (std::size_t i = 0; i < inst.size(); ++i)
    best = std::max(
        best, link_time(prefix.sums[i] - prefix.lo, inst.succ_cost[i], inst.latency(i, true)));
  return best;
}

namespace {

// The relay bound's recursion (docs/latency.md "Relays"). In a schedule that moves the fewest items
// (F_i = S_i - min S over edge i), P_{i+1} receives from P_i alone; arrived(i, y) is a lower bound
// on when it can hold y >= 1 items received over edge i. P_i holds l items: the first l can go at
// once (one message: L + c y); beyond them P_i must first receive y - l items, and either sends all
// y in one message after that (arrived(i-1, y - l) + L + c y), or in several: at least two
// start-ups, the message carrying the first relayed item starts after one item arrived and carries,
// with what follows it, all but the u <= min(l, y - 1) items sent before, and the last message
// starts after the y - l relayed items arrived.
class RelayRecursion {
 public:
  RelayRecursion(const RingInstance& inst, const RingPrefix& prefix)
      : inst_(inst), prefix_(prefix) {
    const std::size_t n = inst.size();
    first_.assign(n, kForever);
    // first_[i] = arrived(i, 1), computed downstream from an edge without flow (one exists: the
    // flows of the fewest items have a zero).
    std::size_t start = 0;
    while (start < n && flow(start) != 0) ++start;
    for (std::size_t k = 1, i = next_of(start, n); k <= n; ++k, i = next_of(i, n)) {
      if (flow(i) == 0) continue;
      const std::size_t p = prev_of(i, n);
      const Ticks one = Ticks{inst.latency(i, true)} + inst.succ_cost[i];
      first_[i] = inst.loads[i] >= 1 || flow(p) == 0 ? one : std::max(one, first_[p] + one);
    }
  }

  std::int64_t flow(std::size_t i) const { return prefix_.sums[i] - prefix_.lo; }

  Ticks arrived(std::size_t i, std::int64_t y, int depth) const {
    const std::int64_t c = inst_.succ_cost[i], latency = inst_.latency(i, true);
    const std::int64_t l = inst_.loads[i];
    const Ticks base = Ticks{latency} + Ticks{y} * c;
    const std::size_t p = prev_of(i, inst_.size());
    if (y <= l || depth == 0 || flow(p) == 0) return base;
    const Ticks relayed = arrived(p, y - l, depth - 1);
    const Ticks one_message = relayed + latency + Ticks{y} * c;
    const Ticks several =
        std::max({2 * Ticks{latency} + Ticks{y} * c,
                  first_[p] + latency + Ticks{y - std::min(l, y - 1)} * c, relayed + latency + c});
    return std::max(base, std::min(one_message, several));
  }

 private:
  const RingInstance& inst_;
  const RingPrefix& prefix_;
  std::vector<Ticks> first_;
};

// How far upstream the relay recursion looks: each level adds a start-up at most. On small rings
// every level is affordable; on large ones two levels, so that the bound costs a few passes (32
// levels took 0.45 s at n = 10^6, the whole plan's budget; on such rings the reach bound, which
// looks as far upstream as the items come from, is the one that speaks: BENCHMARKS.md "Start-up
// costs (issue 31)").
int relay_depth(std::size_t n) { return n <= 100'000 ? 32 : 2; }

// Above this many processors Lemma 12's ascent starts at System 6's value (latency_lower_bounds).
constexpr std::size_t kExactLemma12RingSize = 100'000;

}  // namespace

Ticks latency_relay_bound(const RingInstance& inst, const RingPrefix& prefix) {
  REDIST_ASSERT(!inst.bidirectional());
  if (inst.size() < 2) return 0;
  const RelayRecursion relay(inst, prefix);
  const int depth = relay_depth(inst.size());
  Ticks best = 0;
  for (std::size_t i = 0; i < inst.size(); ++i)
    if (relay.flow(i) > 0) best = std::max(best, relay.arrived(i, relay.flow(i), depth));
  return best;
}

Ticks best_two_link_split(std::int64_t d, std::int64_t a, std::int64_t latency_a, std::int64_t b,
                          std::int64_t latency_b) {
  REDIST_ASSERT(d >= 0 && a > 0 && b > 0);
  if (d == 0) return 0;
  Ticks best = std::min(link_time(d, a, latency_a), link_time(d, b, latency_b));
  if (d >= 2) {
    // Both links used: max(L_a + a i, L_b + b (d - i)) over 1 <= i <= d - 1 is least where the two
    // cross, i* = (L_b + b d - L_a) / (a + b).
    const Ticks cross = floor_div(Ticks{latency_b} + Ticks{b} * d - latency_a, Ticks{a} + b);
    for (Ticks i : {cross, cross + 1}) {
      i = std::clamp<Ticks>(i, 1, d - 1);
      best = std::min(best, std::max(Ticks{latency_a} + i * a, Ticks{latency_b} + (d - i) * b));
    }
  }
  return best;
}

namespace {

// Lemma 12's slices with start-ups, decided for a threshold T at once: a slice whose excess d
// leaves (or enters) through two links exceeds T iff d is more than the items the two links can
// each carry in one message by T (capacity()). For the slice P_{p+1} .. P_q with d = S_q - S_p:
// sending exceeds T iff (S_q - cap(succ of P_q)) - (S_p + cap(pred of P_{p+1})) > 0, receiving iff
// (S_p - cap(succ of P_p)) - (S_q + cap(pred of P_{q+1})) > 0; sliding-window extremes over the
// doubled positions decide every slice of 2..n-1 processors in O(n).
class LatencySlices {
 public:
  explicit LatencySlices(const RingInstance& inst, const RingPrefix& prefix)
      : inst_(inst), prefix_(prefix) {}

  struct Slice {
    std::size_t first, last;
    bool sending;
  };

  std::optional<Slice> most_exceeding(Ticks t) {
    const std::size_t n = inst_.size();
    keep_.resize(n);
    take_.resize(n);
    for (std::size_t p = 0; p < n; ++p) {
      const Ticks s = prefix_.sums[p];
      const std::size_t q = next_of(p, n);
      keep_[p] = s + capacity(t, inst_.pred_cost[q], inst_.latency(q, false));
      take_[p] = s - capacity(t, inst_.succ_cost[p], inst_.latency(p, true));
    }
    const auto at = [n](const std::vector<Ticks>& v, std::size_t p) {
      return v[p < n ? p : p - n];
    };
    std::vector<std::size_t> low, high;  // positions with increasing keep_ / decreasing take_
    std::size_t low_head = 0, high_head = 0, next_p = 1;
    std::optional<Slice> best;
    Ticks best_margin = 0;
    for (std::size_t q = n; q < 2 * n; ++q) {
      for (; next_p + 2 <= q; ++next_p) {
        while (low.size() > low_head && at(keep_, low.back()) >= at(keep_, next_p)) low.pop_back();
        low.push_back(next_p);
        while (high.size() > high_head && at(take_, high.back()) <= at(take_, next_p))
          high.pop_back();
        high.push_back(next_p);
      }
      while (low[low_head] + n - 1 < q) ++low_head;
      while (high[high_head] + n - 1 < q) ++high_head;
      const std::size_t l = q - n;
      const Ticks out_margin = take_[l] - at(keep_, low[low_head]);
      const Ticks in_margin = at(take_, high[high_head]) - keep_[l];
      if (out_margin > best_margin) {
        best_margin = out_margin;
        best = Slice{(low[low_head] + 1) % n, l, true};
      }
      if (in_margin > best_margin) {
        best_margin = in_margin;
        best = Slice{(high[high_head] + 1) % n, l, false};
      }
    }
    return best;
  }

  Ticks term(const Slice& s) const {
    const std::size_t n = inst_.size();
    const std::int64_t d = slice_imbalance(prefix_.sums, s.first, s.last);
    if (s.sending)
      return best_two_link_split(d, inst_.pred_cost[s.first], inst_.latency(s.first, false),
                                 inst_.succ_cost[s.last], inst_.latency(s.last, true));
    const std::size_t before = prev_of(s.first, n), after = next_of(s.last, n);
    return best_two_link_split(-d, inst_.succ_cost[before], inst_.latency(before, true),
                               inst_.pred_cost[after], inst_.latency(after, false));
  }

 private:
  const RingInstance& inst_;
  const RingPrefix& prefix_;
  std::vector<Ticks> keep_, take_;
};

}  // namespace

Ticks latency_lemma12_bound(const RingInstance& inst, const RingPrefix& prefix, Ticks known) {
  REDIST_ASSERT(inst.bidirectional());
  const std::size_t n = inst.size();
  if (n < 2) return 0;
  // Single processors: all of |delta_k| through the port's cheaper link (using both costs two
  // start-ups on the same port).
  Ticks best = 0;
  for (std::size_t k = 0; k < n; ++k) {
    const std::int64_t d = inst.loads[k] - inst.targets[k];
    const std::size_t p = prev_of(k, n), q = next_of(k, n);
    if (d > 0)
      best = std::max(best, std::min(link_time(d, inst.pred_cost[k], inst.latency(k, false)),
                                     link_time(d, inst.succ_cost[k], inst.latency(k, true))));
    if (d < 0)
      best = std::max(best, std::min(link_time(-d, inst.succ_cost[p], inst.latency(p, true)),
                                     link_time(-d, inst.pred_cost[q], inst.latency(q, false))));
  }
  if (n < 3) return best;
  // Ascent: while a slice exceeds T, T becomes the exact term of the slice exceeding it most. It
  // starts at `known` when that is higher: one pass then shows that no slice matters.
  LatencySlices slices(inst, prefix);
  Ticks level = std::max(best, known);
  bool above = false;
  while (const auto slice = slices.most_exceeding(level)) {
    const Ticks next = slices.term(*slice);
    REDIST_ASSERT(next > level);
    level = next;
    above = true;
  }
  return above ? level : best;
}

RingBounds latency_lower_bounds(const RingInstance& inst, const RingPrefix& prefix) {
  REDIST_ASSERT(prefix.size() == inst.size());
  RingBounds bounds;
  if (!inst.bidirectional()) {
    bounds.terms.push_back({"lemma5",
                            "document 000, Lemma 5 with start-ups: a link with flow pays one "
                            "(docs/latency.md)",
                            latency_lemma5_bound(inst, prefix)});
    bounds.terms.push_back({"relay",
                            "relays receive before they forward, store and forward "
                            "(docs/latency.md)",
                            latency_relay_bound(inst, prefix)});
    bounds.terms.push_back({"reach",
                            "items from k links upstream arrive after k messages at least "
                            "(docs/latency.md)",
                            latency_reach_bound(inst, prefix)});
  } else {
    const System6Solution& system6 = bounds.system6.emplace(solve_system6(inst, prefix));
    const LatencyShift shift = latency_system6(inst, prefix, system6);
    // On large rings Lemma 12's slices are looked for only above System 6's value (each step of
    // its ascent is a pass over the ring): its term is exact when it is the larger one.
    const Ticks known = inst.size() > kExactLemma12RingSize ? shift.value : Ticks{0};
    bounds.terms.push_back({"lemma12", "document 000, Lemma 12 with start-ups (docs/latency.md)",
                            latency_lemma12_bound(inst, prefix, known)});
    bounds.terms.push_back({"slice_reach",
                            "the most loaded and the most short slices, their items from far away "
                            "(docs/latency.md)",
                            latency_slice_reach_bound(inst, prefix)});
    bounds.latency_shift = shift.shift;
    bounds.terms.push_back({"system6_integer",
                            shift.exact ? "document 000 System 6 with start-ups, integer optimum "
                                          "(docs/latency.md)"
                                        : "System 6's integer optimum plus the smallest start-up "
                                          "(docs/latency.md)",
                            shift.value});
  }
  for (const auto& term : bounds.terms) bounds.best = std::max(bounds.best, term.value);
  return bounds;
}

}  // namespace redist::ring
