#include "redist/sim/ring_validator.hpp"

#include <algorithm>
#include <limits>
#include <vector>

#include "redist/core/error.hpp"

namespace redist {

namespace {

constexpr Ticks kNever = std::numeric_limits<Ticks>::max();

// A batch as seen from one processor: items sent (or received) back to back from `start`.
struct Batch {
  Ticks start;
  Ticks end;
  std::int64_t items;
  Ticks cost;
  std::size_t transfer;
};

struct Candidate {
  std::optional<Violation> best;
  int best_rank = 0;

  void offer(Ticks time, std::int64_t processor, int rank, const char* rule, std::string message) {
    if (best && (best->time < time || (best->time == time && best_rank <= rank))) return;
    best = Violation{time, processor, rule, std::move(message)};
    best_rank = rank;
  }
};

std::string proc(std::int64_t p) {
  std::string name = "P";  // (not "P" + to_string: GCC 12 warns -Wrestrict on that)
  name += std::to_string(p);
  return name;
}

// Decides which link a transfer uses, or nullopt when it is not a link of the ring.
std::optional<bool> uses_succ_link(const RingInstance& inst, const Transfer& t) {
  const auto n = static_cast<std::int64_t>(inst.size());
  if (t.from == t.to) return std::nullopt;
  const bool to_succ = t.to == (t.from + 1) % n;
  const bool to_pred = t.to == (t.from + n - 1) % n;
  if (t.link) {
    if (*t.link == Link::succ) return to_succ ? std::optional<bool>(true) : std::nullopt;
    return (inst.bidirectional() && to_pred) ? std::optional<bool>(false) : std::nullopt;
  }
  if (to_succ) return true;
  if (inst.bidirectional() && to_pred) return false;
  return std::nullopt;
}

// Earliest instant at which two batches of one port overlap (kNever if none), and the report.
void check_port(std::vector<Batch>& batches, std::int64_t processor, const char* verb, Candidate& found,
                int scale) {
  std::sort(batches.begin(), batches.end(),
            [](const Batch& a, const Batch& b) { return a.start != b.start ? a.start < b.start : a.end < b.end; });
  Ticks busy_until = std::numeric_limits<Ticks>::min();
  std::size_t busy_with = 0;
  for (const Batch& b : batches) {
    if (b.start < busy_until) {
      found.offer(b.start, processor, 1, "one-port",
                  proc(processor) + " starts " + verb + " (transfer " + std::to_string(b.transfer) + ") at t=" +
                      format_ticks(b.start, scale) + " while still " + verb + " (transfer " +
                      std::to_string(busy_with) + ") until t=" + format_ticks(busy_until, scale));
      return;
    }
    busy_until = b.end;
    busy_with = b.transfer;
  }
}

// Holdings of one processor, given non-overlapping sends and receives (truncated before the first
// neighbour / one-port violation). Within a piece of a send batch where at most one receive batch is
// in progress, excess(m) = departures - arrivals - load at the m-th departure is monotone in m
// (increments are 1 - floor or 1 - ceil of c_send / c_recv, all >= 0 or all <= 0), so its endpoints
// decide whether the piece violates, and a binary search finds the first violating item.
class HoldingsChecker {
 public:
  HoldingsChecker(std::vector<Batch> sends, std::vector<Batch> receives, std::int64_t load)
      : sends_(std::move(sends)), receives_(std::move(receives)), load_(load) {
    const auto by_start = [](const Batch& a, const Batch& b) { return a.start < b.start; };
    std::sort(sends_.begin(), sends_.end(), by_start);
    std::sort(receives_.begin(), receives_.end(), by_start);
    arrived_before_.resize(receives_.size() + 1, 0);
    for (std::size_t j = 0; j < receives_.size(); ++j) arrived_before_[j + 1] = arrived_before_[j] + receives_[j].items;
  }

  // Item totals are 128-bit: a hand-written schedule may list batches of up to 2^63 - 1 items each.
  struct Failure {
    Ticks time;
    std::size_t transfer;
    std::int64_t item;
    Ticks sent_before;
    Ticks arrived;
  };

  std::optional<Failure> first_failure() const {
    Ticks sent_before = 0;
    for (const Batch& s : sends_) {
      if (auto f = check_batch(s, sent_before)) return f;
      sent_before += s.items;
    }
    return std::nullopt;
  }

 private:
  // Items received by instant t (inclusive: an item is usable from the end of its receipt).
  Ticks arrivals_by(Ticks t) const {
    const auto it = std::upper_bound(receives_.begin(), receives_.end(), t,
                                     [](Ticks v, const Batch& b) { return v < b.start; });
    if (it == receives_.begin()) return 0;
    const std::size_t j = static_cast<std::size_t>(it - receives_.begin()) - 1;
    const Batch& r = receives_[j];
    const Ticks partial = std::min<Ticks>(r.items, (t - r.start) / r.cost);
    return arrived_before_[j] + partial;
  }

  Ticks departure(const Batch& s, std::int64_t m) const { return s.start + (m - 1) * s.cost; }

  // > 0 when the m-th departure of s takes an item the processor does not hold.
  Ticks excess(const Batch& s, Ticks sent_before, std::int64_t m) const {
    return sent_before + m - load_ - arrivals_by(departure(s, m));
  }

  std::optional<Failure> check_batch(const Batch& s, Ticks sent_before) const {
    if (s.items == 0) return std::nullopt;
    const Ticks first = s.start;
    const Ticks last = departure(s, s.items);
    // Split points: receive batch starts and ends inside (first, last].
    std::vector<Ticks> cuts;  // first item index m of each new piece (up to items + 1)
    auto it = std::upper_bound(receives_.begin(), receives_.end(), first,
                               [](Ticks v, const Batch& b) { return v < b.start; });
    if (it != receives_.begin()) --it;
    for (; it != receives_.end() && it->start <= last; ++it) {
      for (Ticks b : {it->start, it->end}) {
        if (b > first && b <= last) cuts.push_back(ceil_div(b - s.start, s.cost) + 1);
      }
    }
    cuts.push_back(Ticks{s.items} + 1);
    std::sort(cuts.begin(), cuts.end());
    Ticks lo = 1;
    for (Ticks cut : cuts) {
      if (cut <= lo) continue;
      const auto hi = static_cast<std::int64_t>(cut - 1);  // <= items
      if (auto f = check_piece(s, sent_before, static_cast<std::int64_t>(lo), hi)) return f;
      lo = cut;
    }
    return std::nullopt;
  }

  std::optional<Failure> check_piece(const Batch& s, Ticks sent_before, std::int64_t lo,
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
    const Ticks t = departure(s, bad);
    return Failure{t, s.transfer, bad, sent_before + bad - 1, arrivals_by(t)};
  }

  std::vector<Batch> sends_;
  std::vector<Batch> receives_;
  std::vector<Ticks> arrived_before_;
  std::int64_t load_;
};

// Departures of a batch strictly before `limit`.
std::int64_t items_before(const Batch& b, Ticks limit) {
  if (limit == kNever) return b.items;
  if (b.start >= limit) return 0;
  return static_cast<std::int64_t>(std::min<Ticks>(b.items, ceil_div(limit - b.start, b.cost)));
}

}  // namespace

ValidationResult validate_ring_schedule(const RingInstance& original_instance, const Schedule& original_schedule) {
  const int scale = std::max(original_instance.cost_scale, original_schedule.time_scale);
  const RingInstance inst = rescaled(original_instance, scale);
  const Schedule sched = rescaled(original_schedule, scale);
  const std::size_t n = inst.size();

  Candidate found;
  std::vector<std::vector<Batch>> sends(n), receives(n);
  std::vector<Ticks> final_delta(n, 0);
  Ticks makespan = 0;
  for (std::size_t i = 0; i < sched.transfers.size(); ++i) {
    const Transfer& t = sched.transfers[i];
    REDIST_ASSERT(t.from >= 0 && static_cast<std::size_t>(t.from) < n && t.to >= 0 &&
                  static_cast<std::size_t>(t.to) < n && t.items >= 0 && t.start >= 0);
    // Link and time are checked for every transfer, an empty one included (a 0-item transfer on a
    // link that does not exist is still a wrong schedule); only then is an empty batch skipped.
    const auto succ = uses_succ_link(inst, t);
    if (!succ) {
      found.offer(t.start, t.from, 0, "neighbour",
                  "transfer " + std::to_string(i) + ": " + proc(t.from) + " -> " + proc(t.to) +
                      " is not a link of this " + to_string(inst.kind) + " ring of " + std::to_string(n) +
                      (t.link ? std::string(" (link \"") + (*t.link == Link::succ ? "succ" : "pred") + "\")" : ""));
      continue;
    }
    const Ticks cost = inst.cost(static_cast<std::size_t>(t.from), *succ);
    const auto duration = checked_mul(t.items, cost);
    const auto end = duration ? checked_add(t.start, *duration) : std::nullopt;
    if (!end) throw InputError("", indexed("transfers", i), "end time overflows 128-bit ticks");
    if (t.items == 0) continue;
    makespan = std::max(makespan, *end);
    const Batch batch{t.start, *end, t.items, cost, i};
    sends[static_cast<std::size_t>(t.from)].push_back(batch);
    receives[static_cast<std::size_t>(t.to)].push_back(batch);
    final_delta[static_cast<std::size_t>(t.from)] -= t.items;
    final_delta[static_cast<std::size_t>(t.to)] += t.items;
  }

  for (std::size_t p = 0; p < n; ++p) {
    check_port(sends[p], static_cast<std::int64_t>(p), "sending", found, scale);
    check_port(receives[p], static_cast<std::int64_t>(p), "receiving", found, scale);
  }
  // Before the first neighbour or one-port violation every port is serial, which the holdings
  // check relies on; nothing at or after it can be the first violation anyway.
  const Ticks horizon = found.best ? found.best->time : kNever;
  const auto truncated = [horizon](const std::vector<Batch>& batches) {
    std::vector<Batch> kept;
    for (Batch b : batches) {
      b.items = items_before(b, horizon);
      b.end = b.start + b.items * b.cost;
      if (b.items > 0) kept.push_back(b);
    }
    return kept;
  };
  for (std::size_t p = 0; p < n; ++p) {
    const HoldingsChecker checker(truncated(sends[p]), truncated(receives[p]), inst.loads[p]);
    if (const auto f = checker.first_failure()) {
      found.offer(f->time, static_cast<std::int64_t>(p), 2, "holdings",
                  proc(static_cast<std::int64_t>(p)) + " must send item " + std::to_string(f->item) +
                      " of transfer " + std::to_string(f->transfer) + " at t=" + format_ticks(f->time, scale) +
                      " but holds none (initial load " + std::to_string(inst.loads[p]) + ", received " +
                      format_int128(f->arrived) + ", already sent " + format_int128(f->sent_before) + ")");
    }
  }
  for (std::size_t p = 0; p < n; ++p) {
    const Ticks final_load = inst.loads[p] + final_delta[p];
    if (final_load != inst.targets[p])
      found.offer(makespan, static_cast<std::int64_t>(p), 3, "final-load",
                  proc(static_cast<std::int64_t>(p)) + " ends with " + format_int128(final_load) +
                      " items but its target is " + std::to_string(inst.targets[p]));
  }

  ValidationResult result;
  result.time_scale = scale;
  result.valid = !found.best.has_value();
  result.violation = found.best;
  result.makespan = makespan;
  return result;
}

}  // namespace redist
