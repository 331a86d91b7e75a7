// The planner for rings with start-up costs (latency_plan.hpp).

#include "latency_plan.hpp"

#include <algorithm>

#include "latency_engine.hpp"
#include "latency_search.hpp"
#include "redist/core/error.hpp"
#include "redist/core/flow.hpp"
#include "redist/ring/latency_bounds.hpp"

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
constexpr std::size_t kSearchedRingSize = 64;

// The shifts tried on a bidirectional ring: System 6's with start-ups (or without, when that one
// could not be found exactly) and a few on each side.
std::vector<std::int64_t> candidate_shifts(const RingInstance& inst, const RingPrefix& prefix,
                                           const RingBounds& bounds) {
  if (!inst.bidirectional()) return {-prefix.lo};
  const LatencyShift s = latency_system6(inst, prefix, *bounds.system6);
  std::vector<std::int64_t> shifts;
  const std::int64_t radius = inst.size() <= kSearchedRingSize ? 3 : 1;
  for (const std::int64_t center : {s.shift, bounds.system6->integer_shift})
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
    homogeneous = inst.latency(i, true) == l && (!inst.bidirectional() || inst.latency(i, false) == l);
  return std::string(inst.bidirectional() ? "bidirectional" : "unidirectional") + "-" +
         (homogeneous ? "homogeneous" : "heterogeneous");
}

ShiftPlan plan_with_latency(const RingInstance& inst, const RingPrefix& prefix,
                            const RingBounds& bounds, const RingPlanOptions& options) {
  const std::int64_t evaluations =
      inst.size() <= kSearchedRingSize ? kEvaluationsPerEffort * std::max(1, options.effort) : 0;
  ShiftPlan best;
  Ticks best_time = kNoMakespan;
  MessageTiming best_timing;
  for (const std::int64_t x : candidate_shifts(inst, prefix, bounds)) {
    const std::vector<std::int64_t> flows = flows_for_shift(prefix.sums, x);
    SearchedPlan found = best_message_plan(inst, flows, evaluations, bounds.best);
    if (found.makespan == kNoMakespan) continue;
    if (best_time != kNoMakespan && found.makespan >= best_time) continue;
    best_time = found.makespan;
    best_timing = time_messages(inst, found.plan);
    best.method = found.method + " (start-ups, docs/latency.md)";
    best.schedule.flow_shift = x;
    if (best_time <= bounds.best) break;
  }
  REDIST_ASSERT(best_time != kNoMakespan);
  const std::optional<std::int64_t> shift = best.schedule.flow_shift;
  best.schedule = messages_to_schedule(inst, best_timing, options.back_to_back);
  best.schedule.flow_shift = shift;
  best.schedule.makespan = best_timing.makespan;
  return best;
}

}  // namespace redist::ring::detail
