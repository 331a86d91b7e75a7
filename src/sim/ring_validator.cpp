#include "redist/sim/ring_validator.hpp"

#include <algorithm>
#include <limits>
#include <numeric>
#include <span>
#include <vector>

#include "redist/core/error.hpp"

namespace redist::sim {

namespace {

constexpr Ticks kNever = std::numeric_limits<Ticks>::max();

// A transfer as seen from one processor: item m (1-based) leaves at start + (m-1) period and
// arrives at start + (m-1) period + cost; the port is held over [start, end), end = start +
// (items-1) period + cost.
struct Batch {
  Ticks start;
  Ticks end;
  std::int64_t items;
  Ticks cost;
  Ticks period;  // the transfer's spacing, or its cost when back to back
  std::size_t transfer;

  Ticks departure(std::int64_t m) const { return start + (m - 1) * period; }
  Ticks first_arrival() const { return start + cost; }
  Ticks last_arrival() const { return end; }
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

// One port kind (sends or receives) of every processor: the transfer indices of P_p's batches are
// order[offset[p] .. offset[p+1]). Indices, not batches: a batch is rebuilt from its transfer when
// needed (BatchSource), so the validator holds 4 bytes per transfer and port, not a copy of the
// schedule (docs/design.md section 6; plan's peak memory is the validator's on large rings).
struct PortTable {
  std::vector<std::uint32_t> order;
  std::vector<std::uint32_t> offset;
  std::span<std::uint32_t> of(std::size_t p) {
    return {order.data() + offset[p], offset[p + 1] - offset[p]};
  }
};

// Earliest instant at which two batches of one port overlap (kNever if none), and the report.
// Leaves the batches sorted by start.
void check_port(std::span<Batch> batches, std::int64_t processor, const char* verb,
                Candidate& found, int scale) {
  std::sort(batches.begin(), batches.end(), [](const Batch& a, const Batch& b) {
    return a.start != b.start ? a.start < b.start : a.end < b.end;
  });
  Ticks busy_until = std::numeric_limits<Ticks>::min();
  std::size_t busy_with = 0;
  for (const Batch& b : batches) {
    if (b.start < busy_until) {
      found.offer(b.start, processor, 1, "one-port",
                  proc(processor) + " starts " + verb + " (transfer " + std::to_string(b.transfer) +
                      ") at t=" + format_ticks(b.start, scale) + " while still " + verb +
                      " (transfer " + std::to_string(busy_with) +
                      ") until t=" + format_ticks(busy_until, scale));
      return;
    }
    busy_until = b.end;
    busy_with = b.transfer;
  }
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
class HoldingsChecker {
 public:
  // `sends` and `receives` sorted by start (check_port leaves them so). Reuses its buffers from one
  // processor to the next.
  void reset(std::span<const Batch> sends, std::span<const Batch> receives, std::int64_t load) {
    sends_ = sends;
    receives_ = receives;
    load_ = load;
    arrived_before_.assign(receives_.size() + 1, 0);
    for (std::size_t j = 0; j < receives_.size(); ++j)
      arrived_before_[j + 1] = arrived_before_[j] + receives_[j].items;
  }

  // Item totals are 128-bit: a hand-written schedule may list batches of up to 2^63 - 1 items each.
  struct Failure {
    Ticks time;
    std::size_t transfer;
    std::int64_t item;
    Ticks sent_before;
    Ticks arrived;
  };

  std::optional<Failure> first_failure() {
    Ticks sent_before = 0;
    for (const Batch& s : sends_) {
      if (auto f = check_batch(s, sent_before)) return f;
      sent_before += s.items;
    }
    return std::nullopt;
  }

 private:
  // Items received by instant t (inclusive: an item is usable from the end of its receipt). First
  // arrivals increase with the start because receive spans do not overlap.
  Ticks arrivals_by(Ticks t) const {
    const auto it = std::upper_bound(receives_.begin(), receives_.end(), t,
                                     [](Ticks v, const Batch& b) { return v < b.first_arrival(); });
    if (it == receives_.begin()) return 0;
    const std::size_t j = static_cast<std::size_t>(it - receives_.begin()) - 1;
    const Batch& r = receives_[j];
    const Ticks partial = std::min<Ticks>(r.items, (t - r.first_arrival()) / r.period + 1);
    return arrived_before_[j] + partial;
  }

  static Ticks departure(const Batch& s, std::int64_t m) { return s.departure(m); }

  // > 0 when the m-th departure of s takes an item the processor does not hold.
  Ticks excess(const Batch& s, Ticks sent_before, std::int64_t m) const {
    return sent_before + m - load_ - arrivals_by(departure(s, m));
  }

  std::optional<Failure> check_batch(const Batch& s, Ticks sent_before) {
    if (s.items == 0) return std::nullopt;
    const Ticks first = s.start;
    const Ticks last = departure(s, s.items);
    // Split points inside (first, last]: each arrival window's first arrival, and the tick after
    // its last arrival; a cut at instant b starts the piece at the first departure at or after b.
    std::vector<Ticks>& cuts = cuts_;  // first item index m of each new piece (up to items + 1)
    cuts.clear();
    auto it = std::upper_bound(receives_.begin(), receives_.end(), first,
                               [](Ticks v, const Batch& b) { return v < b.start; });
    if (it != receives_.begin()) --it;
    for (; it != receives_.end() && it->start <= last; ++it) {
      for (Ticks b : {it->first_arrival(), it->last_arrival() + 1}) {
        if (b > first && b <= last) cuts.push_back(ceil_div(b - s.start, s.period) + 1);
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

  std::span<const Batch> sends_;
  std::span<const Batch> receives_;
  std::vector<Ticks> arrived_before_;
  std::vector<Ticks> cuts_;
  std::int64_t load_ = 0;
};

// Departures of a batch strictly before `limit`.
std::int64_t items_before(const Batch& b, Ticks limit) {
  if (limit == kNever) return b.items;
  if (b.start >= limit) return 0;
  return static_cast<std::int64_t>(std::min<Ticks>(b.items, ceil_div(limit - b.start, b.period)));
}

// End of the span of `items` items sent every `period` from `start` on a link of cost `cost`.
std::optional<Ticks> span_end(Ticks start, std::int64_t items, Ticks period, Ticks cost) {
  const auto paced = checked_mul(items - 1, period);
  const auto last_start = paced ? checked_add(start, *paced) : std::nullopt;
  return last_start ? checked_add(*last_start, cost) : std::nullopt;
}

// What the first pass decided for each transfer: not a batch (wrong link, wrong pace, no item), or
// a batch on its sender's succ or pred link.
enum class Role : std::uint8_t { none, succ, pred };

// Batches rebuilt from the schedule's transfers at the validation's time scale: the schedule is
// read in place, its times multiplied by `factor` on the fly (the first pass checked that they
// fit). With a horizon, a batch keeps only its departures before it (see validate_ring_schedule).
class BatchSource {
 public:
  BatchSource(const RingInstance& inst, const Schedule& sched, const std::vector<Role>& roles,
              Ticks factor)
      : inst_(inst), sched_(sched), roles_(roles), factor_(factor) {}

  void set_horizon(Ticks horizon) { horizon_ = horizon; }

  Batch operator()(std::uint32_t i) const {
    const Transfer& t = sched_.transfers[i];
    const Ticks cost = inst_.cost(static_cast<std::size_t>(t.from), roles_[i] == Role::succ);
    const Ticks start = t.start * factor_;
    const Ticks period = t.spacing == 0 ? cost : t.spacing * factor_;
    Batch b{start, start + (t.items - 1) * period + cost, t.items, cost, period, i};
    if (horizon_ != kNever) {
      b.items = items_before(b, horizon_);
      if (b.items > 0) b.end = b.start + (b.items - 1) * b.period + b.cost;
    }
    return b;
  }

  // The batches of `indices`, in that order, into `out` (a buffer reused from one processor to the
  // next).
  void fill(std::span<const std::uint32_t> indices, std::vector<Batch>& out) const {
    out.clear();
    for (const std::uint32_t i : indices) out.push_back((*this)(i));
  }

 private:
  const RingInstance& inst_;
  const Schedule& sched_;
  const std::vector<Role>& roles_;
  Ticks factor_;
  Ticks horizon_ = kNever;
};

// Counting sort of the batches (transfers whose role is not none) by sender or by receiver.
PortTable group_by(const Schedule& sched, const std::vector<Role>& roles, std::size_t n,
                   bool by_sender) {
  const auto owner = [&](const Transfer& t) {
    return static_cast<std::size_t>(by_sender ? t.from : t.to);
  };
  PortTable table;
  table.offset.assign(n + 1, 0);
  for (std::size_t i = 0; i < roles.size(); ++i)
    if (roles[i] != Role::none) ++table.offset[owner(sched.transfers[i]) + 1];
  std::partial_sum(table.offset.begin(), table.offset.end(), table.offset.begin());
  table.order.resize(table.offset[n]);
  std::vector<std::uint32_t> next(table.offset.begin(), table.offset.end() - 1);
  for (std::size_t i = 0; i < roles.size(); ++i)
    if (roles[i] != Role::none)
      table.order[next[owner(sched.transfers[i])]++] = static_cast<std::uint32_t>(i);
  return table;
}

// check_port on P_p's batches of one table, leaving its indices in start order.
void check_port_of(PortTable& table, std::size_t p, const BatchSource& source, const char* verb,
                   Candidate& found, int scale, std::vector<Batch>& buffer) {
  const std::span<std::uint32_t> indices = table.of(p);
  source.fill(indices, buffer);
  check_port(buffer, static_cast<std::int64_t>(p), verb, found, scale);
  for (std::size_t k = 0; k < buffer.size(); ++k)
    indices[k] = static_cast<std::uint32_t>(buffer[k].transfer);
}

// The schedule's times at 10^-scale would not fit 128 bits: the error the schedule's own rescaling
// raised before the validator read it in place (same fields, same order, before any other check).
void require_rescalable(const Schedule& sched, int scale) {
  if (scale == sched.time_scale) return;
  const Ticks factor = pow10_ticks(scale - sched.time_scale);
  const auto fits = [&](Ticks t, const std::string& field) {
    if (!checked_mul(t, factor))
      throw InputError("", field,
                       "time does not fit 128-bit ticks at 10^-" + std::to_string(scale));
  };
  for (std::size_t i = 0; i < sched.transfers.size(); ++i) {
    fits(sched.transfers[i].start, indexed("transfers", i) + ".start");
    if (sched.transfers[i].spacing != 0)
      fits(sched.transfers[i].spacing, indexed("transfers", i) + ".spacing");
  }
  if (sched.makespan) fits(*sched.makespan, "makespan");
  if (sched.lower_bound) fits(*sched.lower_bound, "lower_bound");
}

}  // namespace

ValidationResult validate_ring_schedule(const RingInstance& original_instance,
                                        const Schedule& sched) {
  const int scale = std::max(original_instance.cost_scale, sched.time_scale);
  // The instance is copied only when its costs need a finer scale; the schedule never is.
  std::optional<RingInstance> finer;
  if (scale != original_instance.cost_scale) finer = rescaled(original_instance, scale);
  const RingInstance& inst = finer ? *finer : original_instance;
  require_rescalable(sched, scale);
  const Ticks factor = pow10_ticks(scale - sched.time_scale);
  const std::size_t n = inst.size();
  if (sched.transfers.size() >= std::numeric_limits<std::uint32_t>::max())
    throw InputError("", "transfers", "more than 2^32 - 2 transfers");

  Candidate found;
  std::vector<Role> roles(sched.transfers.size(), Role::none);
  std::vector<Ticks> final_delta(n, 0);
  Ticks makespan = 0;
  for (std::size_t i = 0; i < sched.transfers.size(); ++i) {
    const Transfer& t = sched.transfers[i];
    REDIST_ASSERT(t.from >= 0 && static_cast<std::size_t>(t.from) < n && t.to >= 0 &&
                  static_cast<std::size_t>(t.to) < n && t.items >= 0 && t.start >= 0 &&
                  t.spacing >= 0);
    // Link and time are checked for every transfer, an empty one included (a 0-item transfer on a
    // link that does not exist is still a wrong schedule); only then is an empty transfer skipped.
    const auto succ = uses_succ_link(inst, t);
    const Ticks start = t.start * factor;
    if (!succ) {
      found.offer(
          start, t.from, 0, "neighbour",
          "transfer " + std::to_string(i) + ": " + proc(t.from) + " -> " + proc(t.to) +
              " is not a link of this " + to_string(inst.kind) + " ring of " + std::to_string(n) +
              (t.link ? std::string(" (link \"") + (*t.link == Link::succ ? "succ" : "pred") + "\")"
                      : ""));
      continue;
    }
    // A transfer at an impossible pace still moves its items: only its timing is wrong.
    final_delta[static_cast<std::size_t>(t.from)] -= t.items;
    final_delta[static_cast<std::size_t>(t.to)] += t.items;
    const Ticks cost = inst.cost(static_cast<std::size_t>(t.from), *succ);
    if (t.items == 0) {
      if (!checked_add(start, cost))
        throw InputError("", indexed("transfers", i), "end time overflows 128-bit ticks");
      continue;
    }
    const Ticks spacing = t.spacing * factor;
    if (spacing != 0 && spacing < cost) {
      found.offer(start, t.from, 0, "spacing",
                  "transfer " + std::to_string(i) + ": " + proc(t.from) + " -> " + proc(t.to) +
                      " sends an item every " + format_ticks(spacing, scale) +
                      " but the link takes " + format_ticks(cost, scale) + " per item");
      continue;
    }
    const auto end = span_end(start, t.items, spacing == 0 ? cost : spacing, cost);
    if (!end) throw InputError("", indexed("transfers", i), "end time overflows 128-bit ticks");
    makespan = std::max(makespan, *end);
    roles[i] = *succ ? Role::succ : Role::pred;
  }
  BatchSource source(inst, sched, roles, factor);
  PortTable sends = group_by(sched, roles, n, true);
  PortTable receives = group_by(sched, roles, n, false);
  std::vector<Batch> send_batches, receive_batches;  // one processor's, reused
  for (std::size_t p = 0; p < n; ++p) {
    check_port_of(sends, p, source, "sending", found, scale, send_batches);
    check_port_of(receives, p, source, "receiving", found, scale, receive_batches);
  }

  // Before the first neighbour, spacing or one-port violation every port is serial, which the
  // holdings check relies on; nothing at or after it can be the first violation anyway. Truncated
  // batches keep their place in start order; those left with no item are skipped (sends) or count
  // nothing (receives: they all start at or after the horizon, after every kept one).
  source.set_horizon(found.best ? found.best->time : kNever);
  HoldingsChecker checker;
  for (std::size_t p = 0; p < n; ++p) {
    source.fill(sends.of(p), send_batches);
    source.fill(receives.of(p), receive_batches);
    checker.reset(send_batches, receive_batches, inst.loads[p]);
    if (const auto f = checker.first_failure()) {
      found.offer(f->time, static_cast<std::int64_t>(p), 2, "holdings",
                  proc(static_cast<std::int64_t>(p)) + " must send item " +
                      std::to_string(f->item) + " of transfer " + std::to_string(f->transfer) +
                      " at t=" + format_ticks(f->time, scale) + " but holds none (initial load " +
                      std::to_string(inst.loads[p]) + ", received " + format_int128(f->arrived) +
                      ", already sent " + format_int128(f->sent_before) + ")");
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

}  // namespace redist::sim
