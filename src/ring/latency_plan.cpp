// The planner for rings with start-up costs (latency_plan.hpp).

#include "latency_plan.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>

#include "latency_engine.hpp"
#include "latency_relayed.hpp"
#include "latency_search.hpp"
#include "latency_super.hpp"
#include "redist/core/error.hpp"
#include "redist/core/flow.hpp"
#include "ring/latency_bounds.hpp"

namespace redist::ring::detail {

namespace {

bool all_equal(const std::vector<std::int64_t>& a, const std::vector<std::int64_t>& b,
               std::int64_t value) {
  const auto same = [value](std::int64_t v) { return v == value; };
  return std::all_of(a.begin(), a.end(), same) && std::all_of(b.begin(), b.end(), same);
}

// Local-search evaluations per unit of effort, on rings small enough for it to pay (each
// evaluation times every message of the plan).
constexpr std::int64_t kEvaluationsPerEffort = 4000;
constexpr std::size_t kSmallRingSize = 8;
constexpr std::int64_t kSmallRingEvaluations = 20'000;
constexpr std::size_t kSearchedRingSize = 64;
// Shifts whose message plans the local search improves (the best by their constructions).
constexpr std::size_t kSearchedShifts = 2;
// Rings of up to this many processors also try the plan without start-ups as executors run it
// (latency_relayed.hpp).
constexpr std::size_t kReplayedRingSize = 4096;
// Searched rings with fewer flow shifts than this try them all.
constexpr std::int64_t kEveryShiftLimit = 16;

// The shifts tried on a bidirectional ring: System 6's with start-ups (or without, when that one
// could not be found exactly) and a few on each side.
std::vector<std::int64_t> candidate_shifts(const RingInstance& inst, const RingPrefix& prefix,
                                           const RingBounds& bounds) {
  if (!inst.bidirectional()) return {-prefix.lo};
  // latency_lower_bounds found System 6's shift with start-ups already (plan_ring passes its
  // bounds); solve it here only for bounds made elsewhere.
  const std::int64_t latency_shift = bounds.latency_shift
                                         ? *bounds.latency_shift
                                         : latency_system6(inst, prefix, *bounds.system6).shift;
  std::vector<std::int64_t> shifts;
  // Few shifts in all (small rings, few items): every one. Start-ups can move the best shift far
  // from System 6's (a link's flow that drops to 0 saves its start-up), further than the radius
  // below reaches: a 4-processor ring's best plan sat 3 shifts away (BENCHMARKS.md "Start-up
  // costs").
  if (inst.size() <= kSearchedRingSize &&
      prefix.highest_shift() - prefix.lowest_shift() < kEveryShiftLimit) {
    for (std::int64_t x = prefix.lowest_shift(); x <= prefix.highest_shift(); ++x)
      shifts.push_back(x);
    // System 6's shifts first: the search stops once a plan reaches the bound.
    std::stable_partition(shifts.begin(), shifts.end(), [&](std::int64_t x) {
      return std::abs(x - latency_shift) <= 1 || std::abs(x - bounds.system6->integer_shift) <= 1;
    });
    return shifts;
  }
  // Each shift is a whole plan: on large rings System 6's with start-ups alone.
  if (inst.size() > kLargeRingSize) return {latency_shift};
  const std::int64_t radius = inst.size() <= kSearchedRingSize ? 2 : 1;
  for (const std::int64_t center : {latency_shift, bounds.system6->integer_shift})
    for (std::int64_t d = -radius; d <= radius; ++d) {
      const std::int64_t x = std::clamp(center + d, prefix.lowest_shift(), prefix.highest_shift());
      if (std::find(shifts.begin(), shifts.end(), x) == shifts.end()) shifts.push_back(x);
    }
  return shifts;
}

}  // namespace

std::string latency_framework(const RingInstance& inst) {
  const std::int64_t c = inst.succ_cost.front();
  const std::int64_t l = inst.latency(0, true);
  bool homogeneous = all_equal(inst.succ_cost, inst.pred_cost, c);
  for (std::size_t i = 0; i < inst.size() && homogeneous; ++i)
    homogeneous =
        inst.latency(i, true) == l && (!inst.bidirectional() || inst.latency(i, false) == l);
  return std::string(inst.bidirectional() ? "bidirectional" : "unidirectional") + "-" +
         (homogeneous ? "homogeneous" : "heterogeneous");
}

namespace {

// The piece size of a large ring, where one is tried: as large as start-ups call for (`want`), but
// small enough that the processors hold, on average, at least `per_processor` whole pieces of
// `items` (their loads: the pieces a relay sends before any arrives, latency_tail.cpp; their
// targets: the super-items it keeps, latency_super.hpp). With fewer than one per processor the
// relays' waits add up along the ring (BENCHMARKS.md "Start-up costs (issue 31)": the makespan
// against the piece size at 10^6). Counted on a stride sample of the processors.
// Bidirectional rings keep a margin: their super-item plans grow (in transfers, time and memory) as
// processors without a super-item become common.
constexpr double kKeptPieces = 1.5;
constexpr std::size_t kPieceSample = 1 << 16;

std::int64_t large_ring_piece(const std::vector<std::int64_t>& items, std::int64_t want,
                              double per_processor) {
  const std::size_t n = items.size(), stride = std::max<std::size_t>(1, n / kPieceSample);
  std::vector<std::int64_t> kept;
  for (std::size_t i = 0; i < n; i += stride) kept.push_back(items[i]);
  const auto enough = [&](std::int64_t g) {
    std::int64_t pieces = 0;
    for (const std::int64_t t : kept) pieces += std::min<std::int64_t>(t / g, 1LL << 40);
    return static_cast<double>(pieces) >= per_processor * static_cast<double>(kept.size());
  };
  std::int64_t lo = 1, hi = std::max<std::int64_t>(1, want);  // the largest g that is enough
  while (lo < hi) {
    const std::int64_t mid = lo + (hi - lo + 1) / 2;
    if (enough(mid))
      lo = mid;
    else
      hi = mid - 1;
  }
  return lo;
}

// The piece size g* of the super-item plans (latency_super.hpp). Up to 10^5 processors: large
// enough that start-ups cost about 2% of the items' time (60 L / c on average), small enough that
// three processors in four hold and keep a whole super-item (pieces larger than a processor's load
// or target make it an empty relay of the super-items, which slows the plan far more than
// start-ups do: BENCHMARKS.md "Start-up costs"). Above, large_ring_piece.
std::int64_t rule_piece(const RingInstance& inst, const RingPrefix& prefix) {
  const std::size_t n = inst.size();
  double latency = 0, cost = 0;
  for (std::size_t i = 0; i < n; ++i) {
    latency += static_cast<double>(inst.latency(i, true));
    cost += static_cast<double>(inst.succ_cost[i]);
  }
  const double want = std::ceil(60.0 * latency / cost);
  if (n > kLargeRingSize) {
    const auto most = static_cast<std::int64_t>(std::min(want, 1e18));
    if (inst.bidirectional()) return large_ring_piece(inst.targets, most, kKeptPieces);
    // Near where the relays run out of pieces the makespan is steep: the two sizes next to the
    // sample's answer are timed (O(n) each) and the better kept.
    const std::int64_t g = large_ring_piece(inst.loads, most, 1.0);
    return g <= 1 ? 1 : best_tail_piece(inst, prefix, {g, g - 1});
  }
  std::vector<std::int64_t> held(n);
  for (std::size_t i = 0; i < n; ++i) held[i] = std::min(inst.loads[i], inst.targets[i]);
  std::nth_element(held.begin(), held.begin() + static_cast<std::ptrdiff_t>(n / 4), held.end());
  const std::int64_t cap = std::max<std::int64_t>(1, held[n / 4]);
  return std::clamp<std::int64_t>(static_cast<std::int64_t>(std::min(want, 1e18)), 1, cap);
}

// What messages of one item take on a unidirectional ring whose loads and targets are all >= 1:
// document 000's plan of the ring with L + c per item reaches Lemma 5 (no forwarding delay),
// max_i (L_i + c_i) F_i. Elsewhere nothing is known: the largest time.
Ticks one_item_messages_time(const RingInstance& inst, const RingPrefix& prefix) {
  const auto positive = [](std::int64_t v) { return v >= 1; };
  if (inst.bidirectional() || !std::all_of(inst.loads.begin(), inst.loads.end(), positive) ||
      !std::all_of(inst.targets.begin(), inst.targets.end(), positive))
    return std::numeric_limits<Ticks>::max();
  Ticks most = 0;
  for (std::size_t i = 0; i < inst.size(); ++i)
    most = std::max(
        most, (Ticks{inst.latency(i, true)} + inst.succ_cost[i]) * (prefix.sums[i] - prefix.lo));
  return most;
}

// A plan with the remainders last counts as slow above this: a fifth more than the pieces' time
// without any wait, max_i (L_i + g c_i) floor(F_i / g). Its remainders wait for one another where
// targets are small (latency_tail.cpp), and on some rings those chains cost many times the pieces'
// time; the remainders first have short chains (BENCHMARKS.md "Start-up costs (issue 31)").
Ticks slow_tails(const RingInstance& inst, const RingPrefix& prefix, std::int64_t g) {
  Ticks most = 0;
  for (std::size_t i = 0; i < inst.size(); ++i)
    most = std::max(most, (Ticks{inst.latency(i, true)} + Ticks{g} * inst.succ_cost[i]) *
                              ((prefix.sums[i] - prefix.lo) / g));
  return most + most / 5;
}

// Piece sizes tried for the super-item plans: the rule's alone on large rings; on smaller ones a
// range around it.
std::vector<std::int64_t> candidate_pieces(const RingInstance& inst, const RingPrefix& prefix) {
  const std::int64_t g = rule_piece(inst, prefix);
  if (inst.size() > kLargeRingSize) return {g};
  std::vector<std::int64_t> out{1};
  for (const std::int64_t k : {g / 4, g / 2, g, 2 * g, 4 * g})
    if (k >= 1 && std::find(out.begin(), out.end(), k) == out.end()) out.push_back(k);
  return out;
}

}  // namespace

ShiftPlan plan_with_latency(const RingInstance& inst, const RingPrefix& prefix,
                            const RingBounds& bounds, const RingPlanOptions& options) {
  const bool searched = inst.size() <= kSearchedRingSize;
  std::optional<ShiftPlan> best;
  const auto offer = [&](ShiftPlan candidate) {
    if (!best || *candidate.schedule.makespan < *best->schedule.makespan)
      best = std::move(candidate);
  };
  const auto reached = [&] { return best && *best->schedule.makespan <= bounds.best; };
  const auto as_plan = [&](const SearchedPlan& found, std::int64_t x) {
    const MessageTiming timing = time_messages(inst, found.plan);
    ShiftPlan plan;
    plan.schedule = messages_to_schedule(inst, timing, options.back_to_back);
    plan.schedule.makespan = timing.makespan;
    plan.schedule.flow_shift = x;
    plan.method = found.method;
    return plan;
  };
  // First every shift with the constructions alone, then the local search from the shifts whose
  // constructions came out best (each search costs thousands of timings).
  std::vector<std::pair<Ticks, std::int64_t>> by_construction;
  const std::vector<std::int64_t> shifts = candidate_shifts(inst, prefix, bounds);
  for (const std::int64_t x : shifts) {
    if (searched) {
      const SearchedPlan found =
          best_message_plan(inst, flows_for_shift(prefix.sums, x), 0, bounds.best);
      if (found.makespan != kNoMakespan) {
        by_construction.emplace_back(found.makespan, x);
        if (!best || found.makespan < *best->schedule.makespan) offer(as_plan(found, x));
      }
    }
    for (const std::int64_t g : candidate_pieces(inst, prefix)) {
      if (reached()) break;
      // Large unidirectional rings: the remainders last first (about one transfer per link), and
      // first as well when their chains made that plan slow.
      if (inst.size() > kLargeRingSize && !inst.bidirectional()) {
        auto plan = plan_with_tails(inst, prefix, g);
        const bool slow = !plan || *plan->schedule.makespan > slow_tails(inst, prefix, g);
        if (plan) offer(std::move(*plan));
        if (!slow) continue;
      }
      if (auto plan = plan_in_messages_of(inst, prefix, x, g, options)) offer(std::move(*plan));
    }
    if (reached()) break;
  }
  // Large rings try one piece size: messages of one item are the fallback when it cannot carry the
  // flows, or when it does worse than their known time.
  if (inst.size() > kLargeRingSize &&
      (!best || *best->schedule.makespan > one_item_messages_time(inst, prefix)))
    if (auto plan = plan_in_messages_of(inst, prefix, shifts.front(), 1, options))
      offer(std::move(*plan));
  std::sort(by_construction.begin(), by_construction.end());
  // Small rings time a plan in microseconds: they get a larger search.
  const std::int64_t evaluations =
      (inst.size() <= kSmallRingSize ? kSmallRingEvaluations : kEvaluationsPerEffort) *
      std::max(1, options.effort);
  // Small rings search every shift: the best construction's shift is not always the one the
  // search improves most (a 4-processor ring went from 240 to the optimum 220 on its fifth-best).
  const std::size_t shifts_searched =
      inst.size() <= kSmallRingSize ? by_construction.size() : kSearchedShifts;
  for (std::size_t k = 0; k < std::min(shifts_searched, by_construction.size()); ++k) {
    if (reached()) break;
    const std::int64_t x = by_construction[k].second;
    const SearchedPlan found =
        best_message_plan(inst, flows_for_shift(prefix.sums, x), evaluations, bounds.best);
    if (found.makespan != kNoMakespan && found.makespan < *best->schedule.makespan)
      offer(as_plan(found, x));
  }
  // What an executor would do with the plan made without start-ups (its relays fed in document
  // 004's pieces): never let the plan with start-ups be slower than that. One more whole plan and
  // a replay of up to a few hundred thousand messages, so on rings of up to kReplayedRingSize.
  if (inst.size() <= kReplayedRingSize && !reached())
    if (auto relayed = plan_without_startups_in_pieces(inst, options)) offer(std::move(*relayed));
  REDIST_ASSERT(best.has_value());
  best->method += " (start-ups, docs/latency.md)";
  return std::move(*best);
}

}  // namespace redist::ring::detail
