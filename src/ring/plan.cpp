#include "redist/ring/plan.hpp"

#include <algorithm>
#include <atomic>
#include <exception>

#include "latency_plan.hpp"
#include "latency_super.hpp"
#include "plan_check.hpp"
#include "redist/core/error.hpp"
#include "redist/core/flow.hpp"
#include "ring/exact_search.hpp"
#include "ring/homogeneous_bidirectional.hpp"
#include "ring/local_search.hpp"
#include "ring/prefix_bounds.hpp"
#include "ring/shift_planners.hpp"
#include "ring/system6.hpp"

namespace redist::ring {

namespace {

std::string framework_of(const RingInstance& inst) {
  return std::string(inst.bidirectional() ? "bidirectional" : "unidirectional") + "-" +
         (inst.homogeneous() ? "homogeneous" : "heterogeneous");
}

// Shifts searched on each side of System 6's integer optimum in the general case.
constexpr std::int64_t kShiftRadius = 3;

// The list scheduler's search spends a fixed number of events per unit of effort whatever the ring
// (ring/local_search.hpp), at least one per sending processor and schedule: on a large ring that
// buys a handful of schedules, and measured on every `redist gen ring` shape at n = 10^5 none of
// them beat the flow timing while the search took 90% of the plan's time (BENCHMARKS.md,
// "Bidirectional heterogeneous planner"). So it competes on rings of up to this many processors per
// unit of effort.
constexpr std::size_t kListSchedulingRingPerEffort = 25'000;

bool list_scheduling_pays(const RingInstance& inst, int effort) {
  return inst.size() <=
         kListSchedulingRingPerEffort * static_cast<std::size_t>(std::max(1, effort));
}

// The flow-timing planner's rule at sources and sinks (one direction first, then the other) suits
// some load shapes only; the list scheduler decides port by port and competes when that rule
// leaves a gap (issue: heterogeneous bidirectional rings with heavy forwarding): its first seeds
// (earliest deadline first, cheap, at the bound on most rings), then, if those miss the bound, its
// full search. A list schedule wins only when strictly shorter: flow-timing plans are smaller (a
// few transfers per link whatever the item counts), list schedules grow with the batches at
// sources.
ShiftPlan best_with_list_scheduling(const RingInstance& inst, const RingPrefix& prefix,
                                    ShiftPlan by_shifts, std::int64_t center, Ticks bound,
                                    Pacing pacing, int effort) {
  if (*by_shifts.schedule.makespan <= bound || !list_scheduling_pays(inst, effort))
    return by_shifts;
  const bool spaced = pacing == Pacing::spaced;
  auto listed = first_list_seeds(inst, prefix, center, bound, spaced);
  if (!listed || listed->best.makespan > bound) {
    auto searched = plan_by_list_scheduling(inst, prefix, center, bound, effort, spaced);
    if (searched && (!listed || searched->best.makespan < listed->best.makespan))
      listed = std::move(searched);
  }
  if (!listed || listed->best.makespan >= *by_shifts.schedule.makespan) return by_shifts;
  return {std::move(listed->best.schedule), std::move(listed->method)};
}

// What every bidirectional planner below shares, computed once per plan: the prefix sums, System
// 6's solution (solved once, by ring_lower_bounds) and the best proved bound.
struct BidirectionalContext {
  const RingPrefix& prefix;
  const System6Solution& system6;
  Ticks bound = 0;
  const PlanMachinery& machinery;
};

ShiftPlan plan_general_bidirectional(const RingInstance& inst, const BidirectionalContext& ctx,
                                     Pacing pacing, int effort) {
  const std::int64_t center = ctx.system6.integer_shift;
  ShiftPlan by_shifts = plan_bidirectional_by_shifts(inst, ctx.prefix, center, kShiftRadius, pacing,
                                                     ctx.bound, ctx.machinery);
  return best_with_list_scheduling(inst, ctx.prefix, std::move(by_shifts), center, ctx.bound,
                                   pacing, effort);
}

ShiftPlan plan_heterogeneous_bidirectional(const RingInstance& inst,
                                           const BidirectionalContext& ctx, Pacing pacing,
                                           int effort) {
  if (ctx.system6.integer_shift_light)
    return {lemma9_schedule(inst, ctx.prefix, ctx.system6.integer_shift, ctx.system6),
            "System 6 integer optimum, light: Lemma 9 schedule (document 000 section 6.1)"};
  return plan_general_bidirectional(inst, ctx, pacing, effort);
}

ShiftPlan plan_homogeneous(const RingInstance& inst, const BidirectionalContext& ctx, Pacing pacing,
                           int effort) {
  ShiftPlan best{plan_homogeneous_bidirectional(inst, ctx.prefix),
                 "homogeneous bidirectional construction reaching Lemma 6 (document 000 section 5, "
                 "corrected)"};
  if (inst.all_loads_positive()) return best;
  // Zero loads void the construction's guarantee: let the general planner compete.
  ShiftPlan other = plan_general_bidirectional(inst, ctx, pacing, effort);
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
    chosen = {std::move(result.schedule),
              "exhaustive search over one-port schedules (tiny instance)"};
  }
  plan.bounds.terms.push_back({"exact_search", "exhaustive search: no one-port schedule is shorter",
                               *chosen.schedule.makespan});
  plan.bounds.best = std::max(plan.bounds.best, *chosen.schedule.makespan);
}

const PlanMachinery& machinery_of(const RingPlanOptions& options) {
  return options.machinery != nullptr ? *options.machinery : PlanMachinery::plain();
}

// System 6's bound alone, and its solution, on a ring without start-ups (latency_super.hpp,
// SuperItemBounds).
RingBounds system6_bounds(const RingInstance& inst, const RingPrefix& prefix) {
  REDIST_ASSERT(!inst.has_latency());
  RingBounds bounds;
  if (inst.bidirectional()) {
    const System6Solution& system6 = bounds.system6.emplace(solve_system6(inst, prefix));
    bounds.terms.push_back({"system6_integer",
                            "document 000 System 6, integer optimum (docs/errata.md item 3)",
                            system6.integer_optimum});
    bounds.best = system6.integer_optimum;
  }
  return bounds;
}

// Everything plan_ring does but the validation.
RingPlan unvalidated_plan(const RingInstance& inst, const RingPlanOptions& options,
                          detail::SuperItemBounds which = detail::SuperItemBounds::all) {
  RingPlan plan;
  plan.framework = framework_of(inst);
  const RingPrefix prefix = RingPrefix::of(inst);
  plan.bounds = which == detail::SuperItemBounds::all ? ring_lower_bounds(inst, prefix)
                                                      : system6_bounds(inst, prefix);
  const Pacing pacing = options.back_to_back ? Pacing::back_to_back : Pacing::spaced;
  ShiftPlan chosen;
  if (inst.has_latency()) {
    // Start-ups (docs/latency.md): messages are planned with the flow shift. Document 000's
    // planners and the item-model search below never see such an instance.
    plan.framework = detail::latency_framework(inst);
    chosen = detail::plan_with_latency(inst, prefix, plan.bounds, options);
  } else if (!inst.bidirectional()) {
    chosen = plan_unidirectional(inst, prefix, pacing, machinery_of(options));
  } else {
    const BidirectionalContext ctx{prefix, *plan.bounds.system6, plan.bounds.best,
                                   machinery_of(options)};
    chosen = inst.homogeneous()
                 ? plan_homogeneous(inst, ctx, pacing, options.effort)
                 : plan_heterogeneous_bidirectional(inst, ctx, pacing, options.effort);
  }
  if (!inst.has_latency()) close_gap_by_search(inst, plan, chosen);
  plan.schedule = std::move(chosen.schedule);
  plan.method = std::move(chosen.method);
  plan.batch_limited = chosen.batch_limited;
  plan.schedule.time_scale = inst.cost_scale;
  plan.schedule.lower_bound = plan.bounds.best;
  plan.schedule.status =
      *plan.schedule.makespan == plan.bounds.best ? PlanStatus::optimal : PlanStatus::feasible;
  return plan;
}

}  // namespace

RingPlan detail::plan_without_validation(const RingInstance& inst, const RingPlanOptions& options,
                                         SuperItemBounds bounds) {
  return unvalidated_plan(inst, options, bounds);
}

RingPlan plan_ring(const RingInstance& inst, const RingPlanOptions& options) {
  RingPlan plan = unvalidated_plan(inst, options);
  detail::require_validated_plan(inst, plan, machinery_of(options));  // ring/plan.hpp's promise
  return plan;
}

RingPlan plan_ring(const RingInstance& inst, const RingPlanOptions& options,
                   const PlanConsumer& while_validating) {
  RingPlan plan = unvalidated_plan(inst, options);
  // Two independent jobs, run by the machinery one after the other (plain) or side by side: the
  // validation first, so that, one after the other, a rejected plan never reaches the consumer.
  std::exception_ptr check_failed, consumer_failed;
  std::atomic<bool> rejected{false};
  const auto check = [&] {
    try {
      detail::require_validated_plan(inst, plan, machinery_of(options));
    } catch (...) {
      check_failed = std::current_exception();
      rejected.store(true);
    }
  };
  const auto consume = [&] {
    if (rejected.load()) return;
    try {
      while_validating(plan);
    } catch (...) {
      consumer_failed = std::current_exception();
    }
  };
  machinery_of(options).run_both(check, consume);
  // A rejected plan is the first news: whatever the consumer did with it is moot.
  if (check_failed) std::rethrow_exception(check_failed);
  if (consumer_failed) std::rethrow_exception(consumer_failed);
  return plan;
}

}  // namespace redist::ring
