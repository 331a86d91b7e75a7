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

#include "floor_path_min.hpp"
#include "redist/core/decimal.hpp"
#include "redist/sim/ring_validator.hpp"

namespace redist::sim::detail {

/// Below this, a time or an item total is held in 64 bits: sums and differences of a few such
/// values (a time plus a cost, an excess: items sent + m - load - arrivals, with loads <= 2^62)
/// still fit. Periods are below it too: a batch of two or more items has (items - 1) period < its
/// end, and a single item's batch carries its cost as its period (BatchSource).
inline constexpr Ticks kNarrowLimit = Ticks{1} << 61;

inline constexpr Ticks kNever = std::numeric_limits<Ticks>::max();

// A transfer as seen from one processor: `messages` messages of `size` items (the last one holds
// the rest); message j (1-based) leaves at start + (j-1) period and its items arrive together at
// start + (j-1) period + its time on the link: `message_time` (L + size c) for every message but
// the last, whose arrival is `end`. The port is held over [start, end). With one item per message
// and no start-up, message_time is the link's cost c and this is document 000's item model.
template <class T>
struct Batch {
  T start;
  T end;
  std::int64_t items;
  T message_time;  // a full message's time on the link (the whole transfer's if one message)
  T period;        // the transfer's spacing, or message_time when back to back or one message
  std::size_t transfer;
  std::int64_t messages;
  std::int64_t size;  // items per message but the last

  T departure(std::int64_t j) const { return start + (j - 1) * period; }
  // Message 1 arrives message_time after the start unless it is also the last (and may be short).
  T first_arrival() const { return messages == 1 ? end : start + message_time; }
  T last_arrival() const { return end; }
  // Items that have left with messages 1..j.
  T items_through(std::int64_t j) const {
    return j >= messages ? T{items} : static_cast<T>(j) * static_cast<T>(size);
  }
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
// neighbour / spacing / one-port violation). Why checking a few messages per piece suffices
// (docs/foundation.md, "The validator", has the long form):
//
// Let A(t) be the items received by instant t (a message's items count from the end of its
// receipt). Receive spans are disjoint, so the arrival windows [first arrival, last arrival] of the
// receive transfers are disjoint and ordered; outside them A is constant, and inside the window of
// a transfer whose messages of r items arrive every q ticks from a, A(t) = (items before it) +
// r (floor((t - a) / q) + 1) until its last message (which may hold fewer items) arrives. Cut a send
// transfer, whose messages of s items leave every p ticks, at every window's first arrival and
// last arrival, and before its own last message. Within one piece every departure lies in the same
// window, or in the same gap, and the excess e(j) = (sent before) + s j - load - A(d_j), > 0
// exactly when message j leaves with items the processor does not hold, changes by s - r k from
// one departure to the next, k being floor(p/q) or ceil(p/q) inside a window and 0 in a gap. When
// both values of s - r k have one sign (always with one item per message either way: p >= q gives
// s - r k <= 0, p < q gives k in {0, 1}), e is monotone on the piece: its ends decide, and a
// binary search finds the first violating message. Otherwise e goes up and down, and its largest
// value is that of a floor-linear expression, found in O(log) by FloorPathMin. The pieces number
// O(sends + receives) per processor (each cut belongs to one receive, each receive overlaps a run
// of consecutive sends), so the whole check is O(B log B), whatever the item and message counts.
template <class T>
class HoldingsChecker {
 public:
  // Item totals are 128-bit: a hand-written schedule may list batches of up to 2^63 - 1 items each.
  struct Failure {
    Ticks time;
    std::size_t transfer;
    std::int64_t message;  // 1-based; the item number when messages hold one item
    std::int64_t message_items;
    bool one_item_messages;  // the transfer sends one item per message (document 000's model)
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
    unit_receives_ = true;
    for (std::size_t j = 0; j < receives_.size(); ++j) {
      arrived_before_[j + 1] = arrived_before_[j] + receives_[j].items;
      unit_receives_ = unit_receives_ && receives_[j].size == 1;
    }
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
  // The receive whose window holds instant t: the last one whose first arrival is at or before t
  // (first arrivals increase with the start because receive spans do not overlap); receives_.size()
  // when none.
  std::size_t window_at(T t) const {
    const auto it = std::upper_bound(receives_.begin(), receives_.end(), t,
                                     [](T v, const Batch<T>& b) { return v < b.first_arrival(); });
    return it == receives_.begin() ? receives_.size()
                                   : static_cast<std::size_t>(it - receives_.begin()) - 1;
  }

  // Items received by instant t (inclusive: an item is usable from the end of its message's
  // receipt); `j` is window_at(t) when the caller has it.
  T arrivals_by(T t) const { return arrivals_by(t, window_at(t)); }
  T arrivals_by(T t, std::size_t j) const {
    if (j == receives_.size()) return 0;
    const Batch<T>& r = receives_[j];
    // Before its last arrival a window has delivered whole messages of r.size items only (t < end
    // implies (t - first arrival) / period < messages - 1).
    const T partial =
        t >= r.end ? T{r.items} : ((t - r.first_arrival()) / r.period + 1) * static_cast<T>(r.size);
    return arrived_before_[j] + partial;
  }

  // > 0 when message j of s leaves with items the processor does not hold (`window`: window_at of
  // its departure, when the caller has it).
  T excess(const Batch<T>& s, T sent_before, std::int64_t j) const {
    return excess(s, sent_before, j, window_at(s.departure(j)));
  }
  T excess(const Batch<T>& s, T sent_before, std::int64_t j, std::size_t window) const {
    return sent_before + s.items_through(j) - load_ - arrivals_by(s.departure(j), window);
  }

  std::optional<Failure> check_batch(const Batch<T>& s, T sent_before) {
    if (s.items == 0) return std::nullopt;
    const T first = s.start;
    const T last = s.departure(s.messages);
    // Split points inside (first, last]: each arrival window's first and last arrival; a cut at
    // instant b starts the piece at the first departure at or after b.
    std::vector<T>& cuts = cuts_;  // first message index j of each new piece (up to messages + 1)
    cuts.clear();
    auto it = std::upper_bound(receives_.begin(), receives_.end(), first,
                               [](T v, const Batch<T>& b) { return v < b.start; });
    if (it != receives_.begin()) --it;
    for (; it != receives_.end() && it->start <= last; ++it) {
      for (T b : {it->first_arrival(), it->last_arrival()}) {
        if (b > first && b <= last) cuts.push_back(ceil_div_positive<T>(b - s.start, s.period) + 1);
      }
    }
    // A short last message leaves with fewer items than the progression: a piece of its own.
    if (s.messages > 1 && s.items_through(s.messages) != T{s.messages} * T{s.size})
      cuts.push_back(T{s.messages});
    cuts.push_back(T{s.messages} + 1);
    // Disjoint arrival windows in start order give increasing cuts: sorting is rarely needed.
    if (!std::is_sorted(cuts.begin(), cuts.end())) std::sort(cuts.begin(), cuts.end());
    T lo = 1;
    for (T cut : cuts) {
      if (cut <= lo) continue;
      const auto hi = static_cast<std::int64_t>(cut - 1);  // <= messages
      if (auto f = check_piece(s, sent_before, static_cast<std::int64_t>(lo), hi)) return f;
      lo = cut;
    }
    return std::nullopt;
  }

  // Whether e is monotone on a piece that starts at departure d, in window j (window_at(d)): in a
  // gap always; inside a window when s - r k has one sign for both k in {floor(p/q), ceil(p/q)}
  // (see the class comment): always when p = q.
  bool monotone(const Batch<T>& s, T d, std::size_t j) const {
    if (s.size == 1 && unit_receives_) return true;  // document 000's model: always
    if (j == receives_.size() || d >= receives_[j].end) return true;
    const Batch<T>& r = receives_[j];
    if (s.period == r.period) return true;
    const Ticks low = Ticks{s.period} / Ticks{r.period};
    const Ticks high = low + (Ticks{s.period} % Ticks{r.period} != 0 ? 1 : 0);
    return Ticks{s.size} >= Ticks{r.size} * high || Ticks{s.size} <= Ticks{r.size} * low;
  }

  // The first message of [lo, hi] whose excess is > 0 when e goes up and down inside a window:
  // e(lo + x) > 0 iff r f(x) - s x < threshold, f(x) = floor((p x + d_lo - a) / q).
  std::optional<std::int64_t> first_bad_in_window(const Batch<T>& s, T sent_before, std::int64_t lo,
                                                  std::int64_t hi) const {
    const T d = s.departure(lo);
    const std::size_t j = window_at(d);
    const Batch<T>& r = receives_[j];
    const Ticks threshold =
        Ticks{sent_before} + Ticks{lo} * s.size - load_ - Ticks{arrived_before_[j]} - r.size;
    const FloorPathMin path(r.size, s.size);
    const auto x = path.first_below(Ticks{s.period}, Ticks{r.period}, Ticks{d - r.first_arrival()},
                                    Ticks{hi - lo + 1}, threshold);
    if (!x) return std::nullopt;
    return lo + static_cast<std::int64_t>(*x);
  }

  std::optional<Failure> check_piece(const Batch<T>& s, T sent_before, std::int64_t lo,
                                     std::int64_t hi) const {
    std::int64_t bad = -1;
    const T d = s.departure(lo);
    const std::size_t window = window_at(d);  // found once for both questions about lo
    if (excess(s, sent_before, lo, window) > 0) {
      bad = lo;
    } else if (lo < hi) {  // (a piece of one message, a short last one, is decided already)
      if (!monotone(s, d, window)) {
        bad = first_bad_in_window(s, sent_before, lo, hi).value_or(-1);
      } else if (excess(s, sent_before, hi) > 0) {
        std::int64_t good = lo;  // excess(good) <= 0 < excess(bad)
        bad = hi;
        while (bad - good > 1) {
          const std::int64_t mid = good + (bad - good) / 2;
          (excess(s, sent_before, mid) > 0 ? bad : good) = mid;
        }
      }
    }
    if (bad < 0) return std::nullopt;
    const T t = s.departure(bad);
    return Failure{Ticks{t},
                   s.transfer,
                   bad,
                   static_cast<std::int64_t>(s.items_through(bad) - s.items_through(bad - 1)),
                   s.size == 1,
                   Ticks{sent_before} + Ticks{s.items_through(bad - 1)},
                   Ticks{arrivals_by(t)}};
  }

  std::span<const Batch<T>> sends_;
  std::span<const Batch<T>> receives_;
  std::vector<T> arrived_before_;
  std::vector<T> cuts_;
  std::int64_t load_ = 0;
  bool unit_receives_ = true;  // every receive carries one item per message
};

}  // namespace redist::sim::detail
