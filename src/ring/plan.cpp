#include "redist/ring/plan.hpp"

#include "redist/core/flow.hpp"
#include "redist/ring/exact_search.hpp"
#include "redist/ring/homogeneous_bidirectional.hpp"
#include "redist/ring/local_search.hpp"
#include "redist/ring/shift_planners.hpp"
#include "redist/ring/system6.hpp"
#include "plan_check.hpp"

namespace redist {

namespace {

std::string framework_of(const RingInstance& inst) {
  return std::string(inst.bidirectional() ? "bidirectional" : "unidirectional") + "-" +
         (inst.homogeneous() ? "homogeneous" : "heterogeneous");
}

// Shifts searched on each side of System 6's integer optimum in the general case.
constexpr std::int64_t kShiftRadius = 3;

// The flow-timing planner's rule at sources and sinks (one direction first, then the other) suits
// some load shapes only; the list scheduler decides port by port and competes when that rule
// leaves a gap (issue: heterogeneous bidirectional rings with heavy forwarding).
ShiftPlan best_with_list_scheduling(const RingInstance& inst, ShiftPlan by_shifts, std::int64_t center, Ticks bound,
                                    int effort) {
  if (*by_shifts.schedule.makespan <= bound) return by_shifts;
  auto listed = plan_by_list_scheduling(inst, center, bound, effort);
  if (!listed || listed->best.makespan >= *by_shifts.schedule.makespan) return by_shifts;
  return {std::move(listed->best.schedule), std::move(listed->method)};
}

ShiftPlan plan_heterogeneous_bidirectional(const RingInstance& inst, Pacing pacing, Ticks bound, int effort) {
  const System6Solution lp = solve_system6(inst);
  if (is_light(inst, lp.integer_shift))
    return {lemma9_schedule(inst, lp.integer_shift),
            "System 6 integer optimum, light: Lemma 9 schedule (document 000 section 6.1)"};
  return best_with_list_scheduling(inst, plan_bidirectional_by_shifts(inst, lp.integer_shift, kShiftRadius, pacing),
                                   lp.integer_shift, bound, effort);
}

ShiftPlan plan_homogeneous(const RingInstance& inst, Pacing pacing, Ticks bound, int effort) {
  ShiftPlan best{plan_homogeneous_bidirectional(inst),
                 "homogeneous bidirectional construction reaching Lemma 6 (document 000 section 5, corrected)"};
  if (inst.all_loads_positive()) return best;
  // Zero loads void the construction's guarantee: let the general planner compete.
  const System6Solution lp = solve_system6(inst);
  ShiftPlan other = best_with_list_scheduling(inst, plan_bidirectional_by_shifts(inst, lp.integer_shift, kShiftRadius, pacing),
                                              lp.integer_shift, bound, effort);
  return *other.schedule.makespan < *best.schedule.makespan ? other : best;
}

// The x of a schedule: its net flow over the edge P_{n-1} <-> P_0 (F_{n-1} = x + S_{n-1} = x).
std::int64_t shift_of(const RingInstance& inst, const Schedule& s) {
  const auto n = static_cast<std::int64_t>(inst.size());
  std::int64_t x = 0;
  for (const Transfer& t : s.transfers) {
    const bool succ = t.link ? *t.link == Link::succ : t.to == (t.from + 1) % n;
    const std::int64_t edge = succ ? t.from : (t.from + n - 1) % n;
    if (edge == n - 1) x += succ ? t.items : -t.items;
  }
  return x;
}

// Tiny instances whose best plan is above the bound: an exhaustive search either finds a shorter
// schedule (then it is optimal) or proves there is none (then the plan is optimal). Both outcomes
// make the search's answer a proved lower bound.
void close_gap_by_search(const RingInstance& inst, RingPlan& plan, ShiftPlan& chosen) {
  if (*chosen.schedule.makespan <= plan.bounds.best || !exact_search_applies(inst)) return;
  ExactSearchResult result = exact_optimal_schedule(inst, *chosen.schedule.makespan - 1);
  if (result.outcome == ExactSearchResult::Outcome::gave_up) return;
  if (result.outcome == ExactSearchResult::Outcome::found) {
    result.schedule.flow_shift = shift_of(inst, result.schedule);
    chosen = {std::move(result.schedule), "exhaustive search over one-port schedules (tiny instance)"};
  }
  plan.bounds.terms.push_back({"exact_search", "exhaustive search: no one-port schedule is shorter", *chosen.schedule.makespan});
  plan.bounds.best = std::max(plan.bounds.best, *chosen.schedule.makespan);
}

}  // namespace

RingPlan plan_ring(const RingInstance& inst, const RingPlanOptions& options) {
  RingPlan plan;
  plan.framework = framework_of(inst);
  plan.bounds = ring_lower_bounds(inst);
  const Pacing pacing = options.back_to_back ? Pacing::back_to_back : Pacing::spaced;
  ShiftPlan chosen;
  if (!inst.bidirectional()) {
    chosen = plan_unidirectional(inst, pacing);
  } else if (inst.homogeneous()) {
    chosen = plan_homogeneous(inst, pacing, plan.bounds.best, options.effort);
  } else {
    chosen = plan_heterogeneous_bidirectional(inst, pacing, plan.bounds.best, options.effort);
  }
  close_gap_by_search(inst, plan, chosen);
  plan.schedule = std::move(chosen.schedule);
  plan.method = std::move(chosen.method);
  plan.batch_limited = chosen.batch_limited;
  plan.schedule.time_scale = inst.cost_scale;
  plan.schedule.lower_bound = plan.bounds.best;
  plan.schedule.status = *plan.schedule.makespan == plan.bounds.best ? PlanStatus::optimal : PlanStatus::feasible;
  detail::require_validated_plan(inst, plan);  // the promise of ring/plan.hpp
  return plan;
}

}  // namespace redist
