// Homogeneous bidirectional ring (document 000 section 5): a schedule of exactly Lemma 6's length.
//
// Time is counted in unit steps (one item over one link); step s covers [(s-1)c, sc). The printed
// Algorithm 3 recomputes maximal slices every step and can make a processor forward an item it is
// still receiving (docs/errata.md item 1). This construction fixes the net flow of every edge once
// (F_i = x + S_i with |F_i| <= tau) and then only has to time each edge's items; why that reaches
// tau is proved in docs/ring_bidirectional_homogeneous.md.
//
// Vocabulary: positions 0..n-1 walk the ring in the `first_side` direction, "edge p" joins
// positions p and p+1, flow[p] > 0 moves items forward (p -> p+1), < 0 backward. With both signs
// present the edges split into runs of one sign: a run starts at a source (a processor whose two
// edges both point away from it), crosses relays, and ends at a sink. Forward runs are "prompt"
// (their source feeds them from step 1), backward runs are "late" (their source feeds them after
// its forward items).

#include "ring/homogeneous_bidirectional.hpp"

#include <algorithm>
#include <span>
#include <vector>

#include "redist/core/error.hpp"
#include "redist/core/flow.hpp"
#include "redist/ring/bounds.hpp"
#include "ring/prefix_bounds.hpp"

namespace redist::ring {

namespace {

using Step = Ticks;  // 1-based step index; 128 bits because stretches of 2^62 items can add up

// Steps first, first+1, ..., first+length-1, one item per step over one link.
struct StepRun {
  Step first = 0;
  std::int64_t length = 0;
  [[nodiscard]] Step end() const { return first + length; }  // one past the last step
};
using StepRuns = std::vector<StepRun>;  // sorted, disjoint
using StepSpan = std::span<const StepRun>;

void append_steps(StepRuns& runs, Step first, Step length) {
  if (length <= 0) return;
  if (!runs.empty() && runs.back().end() == first)
    runs.back().length += static_cast<std::int64_t>(length);
  else
    runs.push_back({first, static_cast<std::int64_t>(length)});
}

// Walks sorted runs for nondecreasing query steps: how many run steps lie before s, and which run
// holds s or comes next. Amortised O(1) per query.
class RunCursor {
 public:
  explicit RunCursor(StepSpan runs) : runs_(runs) {}

  void move_to(Step s) {
    while (next_ < runs_.size() && runs_[next_].end() <= s) passed_ += runs_[next_++].length;
    at_ = s;
  }
  [[nodiscard]] std::int64_t count_before() const {
    const StepRun* r = current();
    return passed_ + (r && r->first < at_ ? static_cast<std::int64_t>(at_ - r->first) : 0);
  }
  [[nodiscard]] const StepRun* current() const {
    return next_ < runs_.size() ? &runs_[next_] : nullptr;
  }
  [[nodiscard]] bool inside() const { return current() && current()->first <= at_; }

 private:
  StepSpan runs_;
  std::size_t next_ = 0;
  std::int64_t passed_ = 0;
  Step at_ = 0;
};

// The sends of one edge, each as early as allowed: the sender holds `stock` items before step 1 and
// receives one in every step of `arrivals` (usable from the next step: docs/design.md's holdings
// rule); it sends `count` items, one per step, never before `earliest` nor in a step of `busy`
// (where the receiving sink takes an item from its other side). Output size and cost are
// O(|arrivals| + |busy| + output): each stretch below ends at an event of one of them.
void send_asap(StepSpan arrivals, std::int64_t stock, std::int64_t count, StepSpan busy,
               Step earliest, StepRuns& out) {
  out.clear();
  RunCursor in(arrivals), blocked(busy);
  std::int64_t sent = 0;
  Step s = earliest;
  while (sent < count) {
    blocked.move_to(s);
    if (blocked.inside()) {
      s = blocked.current()->end();
      continue;
    }
    in.move_to(s);
    const std::int64_t held = stock + in.count_before() - sent;
    REDIST_ASSERT(held >= 0);
    if (held == 0) {  // wait for the next arrival; it is usable one step later
      REDIST_ASSERT(in.current() != nullptr);
      s = std::max(s, in.current()->first) + 1;
      continue;
    }
    Step stop = s + (count - sent);
    if (blocked.current()) stop = std::min(stop, blocked.current()->first);
    if (in.inside()) {
      stop = std::min(stop, in.current()->end());  // one in, one out per step: holdings stay `held`
    } else {
      stop = std::min(stop, s + held);  // no arrivals: the stock drains
      if (in.current()) stop = std::min(stop, in.current()->first);
    }
    append_steps(out, s, stop - s);
    sent += static_cast<std::int64_t>(stop - s);
    s = stop;
  }
}

// The ring seen in the first_side direction. Flows and loads are read from the prefix sums and the
// instance when asked for: copies of them in this order were 16 bytes per processor at the peak.
struct OrientedRing {
  const RingInstance* inst = nullptr;
  const std::vector<std::int64_t>* prefix = nullptr;  // S_i
  std::int64_t shift = 0;
  std::size_t n = 0;
  bool succ_first = true;

  [[nodiscard]] std::size_t next(std::size_t p) const { return p + 1 == n ? 0 : p + 1; }
  [[nodiscard]] std::size_t prev(std::size_t p) const { return p == 0 ? n - 1 : p - 1; }
  [[nodiscard]] std::size_t processor(std::size_t p) const { return succ_first ? p : (n - p) % n; }
  // Net items over edge p, forward when positive. Going pred-first, edge p joins P_q and P_{q-1}
  // (q = processor(p)): F_{q-1} counted backward.
  [[nodiscard]] std::int64_t flow(std::size_t p) const {
    return succ_first ? shift + (*prefix)[p] : -(shift + (*prefix)[(2 * n - p - 1) % n]);
  }
  [[nodiscard]] std::int64_t load(std::size_t p) const { return inst->loads[processor(p)]; }
  [[nodiscard]] std::int64_t items(std::size_t e) const {
    const std::int64_t f = flow(e);
    return f < 0 ? -f : f;
  }
};

OrientedRing orient(const RingInstance& inst, const std::vector<std::int64_t>& prefix,
                    std::int64_t shift, FirstSide side) {
  return {&inst, &prefix, shift, inst.size(), side == FirstSide::succ};
}

// The sends of every edge, written straight into the schedule as one transfer per run (a list of
// runs beside the transfers was 32 bytes per processor at the peak). Only a sink's prompt side is
// read back, where it blocks the late side (time_backward_runs).
class EdgeSends {
 public:
  EdgeSends(const OrientedRing& ring, Ticks cost, std::vector<Transfer>& out)
      : ring_(ring), cost_(cost), out_(out), begin_(ring.n, 0), count_(ring.n, 0) {}

  void assign(std::size_t e, const StepRuns& runs) {
    const bool forward = ring_.flow(e) > 0;
    const std::size_t from = forward ? e : ring_.next(e), to = forward ? ring_.next(e) : e;
    // A forward step leaves through the first_side link; on n = 2 both links join the same pair.
    const Link link = forward == ring_.succ_first ? Link::succ : Link::pred;
    begin_[e] = out_.size();
    // An edge's runs end at events of its upstream and blocking runs: far below 2^32.
    REDIST_ASSERT(runs.size() <= UINT32_MAX);
    count_[e] = static_cast<std::uint32_t>(runs.size());
    for (const StepRun& run : runs) {
      Transfer t;
      t.from = static_cast<std::int64_t>(ring_.processor(from));
      t.to = static_cast<std::int64_t>(ring_.processor(to));
      t.items = run.length;
      t.start = (run.first - 1) * cost_;
      if (ring_.n == 2) t.link = link;
      out_.push_back(t);
      last_ = std::max(last_, run.end() - 1);
    }
  }
  // Edge e's runs, back from its transfers.
  void read(std::size_t e, StepRuns& runs) const {
    runs.clear();
    for (std::size_t i = begin_[e]; i < begin_[e] + count_[e]; ++i)
      runs.push_back({out_[i].start / cost_ + 1, out_[i].items});
  }
  [[nodiscard]] Step last_step() const { return last_; }

 private:
  const OrientedRing& ring_;
  Ticks cost_;
  std::vector<Transfer>& out_;
  std::vector<std::size_t> begin_;
  std::vector<std::uint32_t> count_;
  Step last_ = 0;
};

// Prompt runs: each source sends its forward items in steps 1..F, every relay forwards as soon as
// it can, and the sink takes them as soon as offered (it prefers this side). With loads >= 1 on the
// relays every edge of the run is busy exactly in steps 1..|F_e| (proof in the docs).
void time_forward_runs(const OrientedRing& ring, EdgeSends& sends) {
  StepRuns up, scratch;
  for (std::size_t p = 0; p < ring.n; ++p) {
    if (!(ring.flow(ring.prev(p)) <= 0 && ring.flow(p) > 0)) continue;  // source with a forward run
    up.assign({StepRun{1, ring.flow(p)}});
    sends.assign(p, up);
    for (std::size_t q = ring.next(p); ring.flow(q) > 0; q = ring.next(q)) {
      send_asap(up, ring.load(q), ring.flow(q), {}, 1, scratch);
      sends.assign(q, scratch);
      std::swap(up, scratch);
    }
  }
}

// Late runs: each source sends its backward items after its forward ones; relays forward as soon as
// they can; the sink takes them only in steps where its prompt side offers nothing. Relays that
// keep an item at the end (targets >= 1) keep every edge on schedule (proof in the docs).
void time_backward_runs(const OrientedRing& ring, EdgeSends& sends) {
  StepRuns up, scratch, busy;
  // The receiver at position e of edge e is a sink exactly when its other edge (e - 1) flows in.
  const auto busy_of = [&](std::size_t e) -> const StepRuns& {
    const std::size_t other = ring.prev(e);
    if (ring.flow(other) > 0)
      sends.read(other, busy);
    else
      busy.clear();
    return busy;
  };
  for (std::size_t p = 0; p < ring.n; ++p) {
    const std::size_t e = ring.prev(p);
    if (!(ring.flow(e) < 0 && ring.flow(p) >= 0)) continue;  // source with a backward run
    const std::int64_t count = ring.items(e);
    send_asap({}, count, count, busy_of(e), Step{ring.flow(p)} + 1, up);
    sends.assign(e, up);
    for (std::size_t q = e; ring.flow(ring.prev(q)) < 0; q = ring.prev(q)) {
      const std::size_t out = ring.prev(q);
      send_asap(up, ring.load(q), ring.items(out), busy_of(out), 1, scratch);
      sends.assign(out, scratch);
      std::swap(up, scratch);
    }
  }
}

void require_homogeneous_bidirectional(const RingInstance& inst) {
  REDIST_ASSERT(inst.bidirectional() && inst.homogeneous() && inst.size() >= 1);
}

// |x + S_i| <= tau for all i, and x + min S <= 0 <= x + max S. Non-empty because
// max S - min S = max |delta(k..l)| <= 2 tau (Lemma 6's slice term).
ShiftWindow shift_window(const std::vector<std::int64_t>& prefix, Ticks tau) {
  const auto [min_s, max_s] = std::minmax_element(prefix.begin(), prefix.end());
  const Ticks lo = std::max<Ticks>(-tau - *min_s, -Ticks{*max_s});
  const Ticks hi = std::min<Ticks>(tau - *max_s, -Ticks{*min_s});
  REDIST_ASSERT(lo <= hi);
  return {static_cast<std::int64_t>(lo), static_cast<std::int64_t>(hi)};
}

Schedule schedule_for_shift(const RingInstance& inst, const std::vector<std::int64_t>& prefix,
                            std::int64_t shift, FirstSide side) {
  const std::size_t n = inst.size();
  const auto [min_s, max_s] = std::minmax_element(prefix.begin(), prefix.end());
  REDIST_ASSERT(shift + *min_s <= 0 && shift + *max_s >= 0);  // flows of both signs
  Schedule schedule;
  schedule.time_scale = inst.cost_scale;
  schedule.flow_shift = shift;
  schedule.makespan = 0;
  if (n == 1) return schedule;  // the only edge is a loop; the instance is balanced
  // Most edges send one run (1,000,017 transfers on 10^6 edges of a random ring); capacity never
  // used is never touched, and the list does not move while it grows.
  schedule.transfers.reserve(2 * n + 64);
  const Ticks c = inst.succ_cost.front();
  const OrientedRing ring = orient(inst, prefix, shift, side);
  EdgeSends sends(ring, c, schedule.transfers);
  time_forward_runs(ring, sends);  // first: late runs need their sinks' prompt receipts
  time_backward_runs(ring, sends);
  schedule.makespan = sends.last_step() * c;
  return schedule;
}

// The shift of least traffic sum |x + S_i| (a median of -S) moved into the window: optimal time,
// and the fewest items moved among optimal-time flows of this construction.
std::int64_t preferred_shift(const std::vector<std::int64_t>& prefix, const ShiftWindow& window) {
  std::vector<std::int64_t> sorted = prefix;
  const auto mid = sorted.begin() + static_cast<std::ptrdiff_t>(sorted.size() / 2);
  std::nth_element(sorted.begin(), mid, sorted.end());
  return std::clamp(-*mid, window.lo, window.hi);
}

// With a zero load or target the proof's condition on relays may fail for the preferred shift; the
// window's ends and a few shifts that turn such processors into sources or sinks (F = 0 on one of
// their edges) are tried too.
std::vector<std::int64_t> candidate_shifts(const RingInstance& inst,
                                           const std::vector<std::int64_t>& prefix,
                                           const ShiftWindow& window, std::int64_t preferred) {
  constexpr std::size_t kMaxCandidates = 12;
  std::vector<std::int64_t> shifts{preferred, window.lo, window.hi};
  const std::size_t n = inst.size();
  for (std::size_t i = 0; i < n && shifts.size() < kMaxCandidates; ++i) {
    if (inst.loads[i] != 0 && inst.targets[i] != 0) continue;
    for (const std::int64_t x : {-prefix[i], -prefix[(i + n - 1) % n]})
      if (x >= window.lo && x <= window.hi) shifts.push_back(x);
  }
  std::sort(shifts.begin(), shifts.end());
  shifts.erase(std::unique(shifts.begin(), shifts.end()), shifts.end());
  return shifts;
}

}  // namespace

ShiftWindow lemma6_shift_window(const RingInstance& inst) {
  require_homogeneous_bidirectional(inst);
  return shift_window(prefix_sums(inst.imbalances()), lemma6_bound(inst) / inst.succ_cost.front());
}

Schedule schedule_homogeneous_bidirectional(const RingInstance& inst, std::int64_t shift,
                                            FirstSide side) {
  require_homogeneous_bidirectional(inst);
  return schedule_for_shift(inst, prefix_sums(inst.imbalances()), shift, side);
}

Schedule plan_homogeneous_bidirectional(const RingInstance& inst) {
  return plan_homogeneous_bidirectional(inst, RingPrefix::of(inst));
}

Schedule plan_homogeneous_bidirectional(const RingInstance& inst, const RingPrefix& ring_prefix) {
  require_homogeneous_bidirectional(inst);
  REDIST_ASSERT(ring_prefix.size() == inst.size());
  const auto& prefix = ring_prefix.sums;
  const Ticks bound = lemma6_bound(inst, ring_prefix);
  const ShiftWindow window = shift_window(prefix, bound / inst.succ_cost.front());
  const std::int64_t preferred = preferred_shift(prefix, window);
  Schedule best = schedule_for_shift(inst, prefix, preferred, FirstSide::succ);
  if (*best.makespan != bound) {  // only possible with a zero load or target (Theorem 3, our proof)
    for (const std::int64_t x : candidate_shifts(inst, prefix, window, preferred))
      for (const FirstSide side : {FirstSide::succ, FirstSide::pred}) {
        if (x == preferred && side == FirstSide::succ) continue;
        Schedule candidate = schedule_for_shift(inst, prefix, x, side);
        if (*candidate.makespan < *best.makespan) best = std::move(candidate);
      }
  }
  best.lower_bound = bound;
  best.status = *best.makespan == bound ? PlanStatus::optimal : PlanStatus::feasible;
  return best;
}

}  // namespace redist::ring
