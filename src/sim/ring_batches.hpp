#pragma once
// Private to the validator (ring_validator.cpp): one processor's batches and the checks made on
// them (one-port, holdings), written once for two integer types. Time is exact either way: the
// validator runs them on 64-bit integers when every time and item total of the schedule is below
// kNarrowLimit (every plan redist makes at n = 10^6 and beyond: a 128-bit division costs several
// 64-bit ones, and they were most of the holdings check), on 128-bit ones otherwise.

#include <algorithm>
#include <cstdint>
#include <limits>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "redist/core/decimal.hpp"
#include "redist/sim/ring_validator.hpp"

namespace redist::sim::detail {

/// Below this, a time or an item total is held in 64 bits: sums and differences of a few such
/// values (a time plus a cost, an excess: items sent + m - load - arrivals, with loads <= 2^62)
/// still fit. Periods are below it too: a batch of two or more items has (items - 1) period < its
/// end, and a single item's batch carries its cost as its period (BatchSource).
inline constexpr Ticks kNarrowLimit = Ticks{1} << 61;

inline constexpr Ticks kNever = std::numeric_limits<Ticks>::max();

// A transfer as seen from one processor: item m (1-based) leaves at start + (m-1) period and
// arrives at start + (m-1) period + cost; the port is held over [start, end), end = start +
// (items-1) period + cost.
template <class T>
struct Batch {
  T start;
  T end;
  std::int64_t items;
  T cost;
  T period;  // the transfer's spacing, or its cost when back to back
  std::size_t transfer;

  T departure(std::int64_t m) const { return start + (m - 1) * period; }
  T first_arrival() const { return start + cost; }
  T last_arrival() const { return end; }
};

template <class T>
T ceil_div_positive(T a, T b) {  // a >= 0, b > 0
  return a / b + (a % b != 0 ? 1 : 0);
}

struct Candidate {
  std::optional<Violation> best;
  int best_rank = 0;

  void offer(Ticks time, std::int64_t processor, int rank, const char* rule, std::string message) {
    if (best && (best->time < time || (best->time == time && best_rank <= rank))) return;
    best = Violation{time, processor, rule, std::move(message)};
    best_rank = rank;
  }
  void offer(const Candidate& other) {
    if (other.best)
      offer(other.best->time, other.best->processor, other.best_rank, other.best->rule.c_str(),
            other.best->message);
  }
};

/// Which link a transfer uses (true: its sender's successor link), or nullopt when it is not a link
/// of the ring (docs/design.md section 4: `link` decides on n = 2, else `to` does).
inline std::optional<bool> uses_succ_link(const RingInstance& inst, const Transfer& t) {
  const auto n = static_cast<std::int64_t>(inst.size());
  if (t.from == t.to) return std::nullopt;
  // Neighbours by comparison, not `% n`: two 64-bit divisions per transfer were a tenth of `plan`'s
  // validation at 10^6 transfers.
  const bool to_succ = t.to == (t.from + 1 == n ? 0 : t.from + 1);
  const bool to_pred = t.to == (t.from == 0 ? n - 1 : t.from - 1);
  if (t.link) {
    if (*t.link == Link::succ) return to_succ ? std::optional<bool>(true) : std::nullopt;
    return (inst.bidirectional() && to_pred) ? std::optional<bool>(false) : std::nullopt;
  }
  if (to_succ) return true;
  if (inst.bidirectional() && to_pred) return false;
  return std::nullopt;
}

inline std::string proc(std::int64_t p) {
  std::string name = "P";  // (not "P" + to_string: GCC 12 warns -Wrestrict on that)
  name += std::to_string(p);
  return name;
}

/// Sorts one port's batches by start (unless they already are: a planner writes each link's
/// transfers in time order) and reports the first two that overlap. True when it reordered them.
template <class T>
bool check_port(std::span<Batch<T>> batches, std::int64_t processor, const char* verb,
                Candidate& found, int scale) {
  const auto by_start = [](const Batch<T>& a, const Batch<T>& b) {
    return a.start != b.start ? a.start < b.start : a.end < b.end;
  };
  const bool sorted = std::is_sorted(batches.begin(), batches.end(), by_start);
  if (!sorted) std::sort(batches.begin(), batches.end(), by_start);
  T busy_until = std::numeric_limits<T>::min();
  std::size_t busy_with = 0;
  for (const Batch<T>& b : batches) {
    if (b.start < busy_until) {
      found.offer(Ticks{b.start}, processor, 1, "one-port",
                  proc(processor) + " starts " + verb + " (transfer " + std::to_string(b.transfer) +
                      ") at t=" + format_ticks(Ticks{b.start}, scale) + " while still " + verb +
                      " (transfer " + std::to_string(busy_with) +
                      ") until t=" + format_ticks(Ticks{busy_until}, scale));
      break;
    }
    busy_until = b.end;
    busy_with = b.transfer;
  }
  return !sorted;
}

// Holdings of one processor, given non-overlapping sends and receives (truncated before the first
// neighbour / spacing / one-port violation). Why checking piece endpoints suffices
// (docs/foundation.md, "The validator", has the long form):
//
// Let A(t) be the items received by instant t (an item counts from the end of its receipt). Receive
// spans are disjoint, so the arrival windows [first arrival, last arrival] of the receive transfers
// are disjoint and ordered; between two windows A is constant, and inside the window of a transfer
// with period q whose first item arrives at a, A(t) = (items before it) + floor((t - a) / q) + 1.
// Cut a send transfer (departures d_m = start + (m-1) p) at every window's first arrival and at the
// instant after its last arrival. Within one piece every departure lies in the same window, or in
// the same gap, so A(d_{m+1}) - A(d_m) is the same whole number of steps of one progression: it is
// floor(p/q) or ceil(p/q) inside a window (both >= 1 when p >= q, both in {0, 1} when p < q), and 0
// in a gap. The excess e(m) = (sent before) + m - load - A(d_m), > 0 exactly when the m-th
// departure takes an item the processor does not hold, changes by 1 - that amount: every step is >=
// 0 (p < q or a gap) or every step is <= 0 (p >= q). So e is monotone on the piece, its endpoints
// say whether the piece violates, and a binary search finds the first violating item. The work is
// O(log items) per piece, the pieces number O(sends + receives) per processor (each cut belongs to
// one receive, each receive overlaps a run of consecutive sends), so the whole check is O(B log B),
// whatever the item counts.
template <class T>
class HoldingsChecker {
 public:
  // Item totals are 128-bit: a hand-written schedule may list batches of up to 2^63 - 1 items each.
  struct Failure {
    Ticks time;
    std::size_t transfer;
    std::int64_t item;
    Ticks sent_before;
    Ticks arrived;
  };

  // `sends` and `receives` sorted by start (check_port leaves them so). Reuses its buffers from one
  // processor to the next.
  void reset(std::span<const Batch<T>> sends, std::span<const Batch<T>> receives,
             std::int64_t load) {
    sends_ = sends;
    receives_ = receives;
    load_ = load;
    arrived_before_.resize(receives_.size() + 1);
    arrived_before_[0] = 0;
    for (std::size_t j = 0; j < receives_.size(); ++j)
      arrived_before_[j + 1] = arrived_before_[j] + receives_[j].items;
  }

  std::optional<Failure> first_failure() {
    T sent_before = 0;
    for (const Batch<T>& s : sends_) {
      if (auto f = check_batch(s, sent_before)) return f;
      sent_before += s.items;
    }
    return std::nullopt;
  }

 private:
  // Items received by instant t (inclusive: an item is usable from the end of its receipt). First
  // arrivals increase with the start because receive spans do not overlap.
  T arrivals_by(T t) const {
    const auto it = std::upper_bound(receives_.begin(), receives_.end(), t,
                                     [](T v, const Batch<T>& b) { return v < b.first_arrival(); });
    if (it == receives_.begin()) return 0;
    const std::size_t j = static_cast<std::size_t>(it - receives_.begin()) - 1;
    const Batch<T>& r = receives_[j];
    const T partial = std::min<T>(r.items, (t - r.first_arrival()) / r.period + 1);
    return arrived_before_[j] + partial;
  }

  // > 0 when the m-th departure of s takes an item the processor does not hold.
  T excess(const Batch<T>& s, T sent_before, std::int64_t m) const {
    return sent_before + m - load_ - arrivals_by(s.departure(m));
  }

  std::optional<Failure> check_batch(const Batch<T>& s, T sent_before) {
    if (s.items == 0) return std::nullopt;
    const T first = s.start;
    const T last = s.departure(s.items);
    // Split points inside (first, last]: each arrival window's first arrival, and the tick after
    // its last arrival; a cut at instant b starts the piece at the first departure at or after b.
    std::vector<T>& cuts = cuts_;  // first item index m of each new piece (up to items + 1)
    cuts.clear();
    auto it = std::upper_bound(receives_.begin(), receives_.end(), first,
                               [](T v, const Batch<T>& b) { return v < b.start; });
    if (it != receives_.begin()) --it;
    for (; it != receives_.end() && it->start <= last; ++it) {
      for (T b : {it->first_arrival(), it->last_arrival() + 1}) {
        if (b > first && b <= last) cuts.push_back(ceil_div_positive<T>(b - s.start, s.period) + 1);
      }
    }
    cuts.push_back(T{s.items} + 1);
    // Disjoint arrival windows in start order give increasing cuts: sorting is rarely needed.
    if (!std::is_sorted(cuts.begin(), cuts.end())) std::sort(cuts.begin(), cuts.end());
    T lo = 1;
    for (T cut : cuts) {
      if (cut <= lo) continue;
      const auto hi = static_cast<std::int64_t>(cut - 1);  // <= items
      if (auto f = check_piece(s, sent_before, static_cast<std::int64_t>(lo), hi)) return f;
      lo = cut;
    }
    return std::nullopt;
  }

  std::optional<Failure> check_piece(const Batch<T>& s, T sent_before, std::int64_t lo,
                                     std::int64_t hi) const {
    std::int64_t bad = -1;
    if (excess(s, sent_before, lo) > 0) {
      bad = lo;
    } else if (excess(s, sent_before, hi) > 0) {
      std::int64_t good = lo;  // excess(good) <= 0 < excess(bad)
      bad = hi;
      while (bad - good > 1) {
        const std::int64_t mid = good + (bad - good) / 2;
        (excess(s, sent_before, mid) > 0 ? bad : good) = mid;
      }
    }
    if (bad < 0) return std::nullopt;
    const T t = s.departure(bad);
    return Failure{Ticks{t}, s.transfer, bad, Ticks{sent_before} + bad - 1, Ticks{arrivals_by(t)}};
  }

  std::span<const Batch<T>> sends_;
  std::span<const Batch<T>> receives_;
  std::vector<T> arrived_before_;
  std::vector<T> cuts_;
  std::int64_t load_ = 0;
};

}  // namespace redist::sim::detail
