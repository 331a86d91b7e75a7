#include "redist/exact/ring_optimum.hpp"

#include <algorithm>
#include <cmath>

#include "milp_solver.hpp"
#include "redist/core/error.hpp"
#include "redist/exact/latency_model.hpp"
#include "redist/io/memory_budget.hpp"
#include "redist/sim/ring_validator.hpp"

namespace redist::exact {

const char* to_string(MilpSolver solver) { return solver == MilpSolver::cbc ? "cbc" : "glpk"; }

std::optional<MilpSolver> milp_solver_from_name(const std::string& name) {
  if (name == "cbc") return MilpSolver::cbc;
  if (name == "glpk") return MilpSolver::glpk;
  return std::nullopt;
}

std::vector<MilpSolver> available_milp_solvers() {
  std::vector<MilpSolver> solvers;
#ifdef REDIST_EXACT_WITH_GLPK
  solvers.push_back(MilpSolver::glpk);
#endif
#ifdef REDIST_EXACT_WITH_CBC
  solvers.push_back(MilpSolver::cbc);
#endif
  return solvers;
}

const char* to_string(RingOptimum::Status status) {
  switch (status) {
    case RingOptimum::Status::optimal:
      return "optimal";
    case RingOptimum::Status::not_proved:
      return "not proved";
    case RingOptimum::Status::refused:
      return "refused";
  }
  return "?";
}

namespace {

std::string text(Ticks v) { return format_int128(v); }

// Start columns of the model: sum over the directed links of (H - c_l + 1), without building it.
Ticks binaries_for(const RingInstance& instance, Ticks horizon_slots, Ticks slot) {
  Ticks count = 0;
  for (std::size_t i = 0; i < instance.size(); ++i) {
    count += std::max<Ticks>(0, horizon_slots - instance.succ_cost[i] / slot + 1);
    if (instance.bidirectional())
      count += std::max<Ticks>(0, horizon_slots - instance.pred_cost[i] / slot + 1);
  }
  return count;
}

// The options' solver, else the first available; with start-ups CBC when it is there (on the
// message model it proved optima GLPK did not reach in minutes; not yet recorded in BENCHMARKS.md).
MilpSolver chosen_solver(const RingOptimumOptions& options, const RingInstance& instance) {
  const auto solvers = available_milp_solvers();
  MilpSolver fallback = solvers.front();
  if (instance.has_latency() &&
      std::find(solvers.begin(), solvers.end(), MilpSolver::cbc) != solvers.end())
    fallback = MilpSolver::cbc;
  const MilpSolver solver = options.solver.value_or(fallback);
  if (std::find(solvers.begin(), solvers.end(), solver) == solvers.end())
    throw InputError("", "solver",
                     std::string(to_string(solver)) + " is not compiled into this build");
  return solver;
}

milp_detail::MilpAnswer solve(const MilpProblem& problem, MilpSolver solver,
                              std::int64_t node_limit) {
#ifdef REDIST_EXACT_WITH_CBC
  if (solver == MilpSolver::cbc) return milp_detail::solve_with_cbc(problem, node_limit);
#endif
#ifdef REDIST_EXACT_WITH_GLPK
  if (solver == MilpSolver::glpk) return milp_detail::solve_with_glpk(problem, node_limit);
#endif
  throw InternalError("no MILP solver");
}

// CBC's peak beyond the program: 37 KB of resident memory per start variable measured (--node-limit
// 10, 1,883 to 5,484 of them: 70 to 200 MB), and 57 MB of address space for a model of 553 columns
// (the least ulimit -v it ran under): 64 MiB and 48 KiB per column. Checked before CBC starts
// because CBC cannot run out of memory safely: its cut generators (libCgl's CglProbing) free a
// block twice while a std::bad_alloc unwinds through them, and the program dies of SIGABRT (issue
// 27 item 7). GLPK's failures are caught (glpk_solver.cpp).
void require_solver_memory(const MilpProblem& problem, MilpSolver solver) {
  if (solver != MilpSolver::cbc) return;
  constexpr std::uint64_t kCbcBytes = std::uint64_t{64} << 20, kCbcBytesPerColumn = 48 << 10;
  io::require_memory(
      kCbcBytes + kCbcBytesPerColumn * problem.columns(), "",
      "solving the exact model with CBC (" + std::to_string(problem.columns()) + " columns)");
}

// The net flow over the edge P_0 -> P_1 gives the flow shift: F_0 = x + S_0 (docs/design.md section
// 1).
std::int64_t flow_shift_of(const RingInstance& instance, const Schedule& schedule) {
  std::int64_t f0 = 0;
  for (const Transfer& t : schedule.transfers) {
    const bool succ = t.link ? *t.link == Link::succ
                             : static_cast<std::size_t>(t.to) ==
                                   (static_cast<std::size_t>(t.from) + 1) % instance.size();
    if (t.from == 0 && succ) f0 += t.items;
    if (t.from == 1 && !succ) f0 -= t.items;
  }
  return f0 - (instance.loads[0] - instance.targets[0]);
}

void stamp(RingOptimum& r, const RingInstance& instance) {
  r.status = r.upper == r.lower ? RingOptimum::Status::optimal : RingOptimum::Status::not_proved;
  r.schedule.makespan = r.upper;
  r.schedule.lower_bound = r.lower;
  r.schedule.status = r.upper == r.lower ? PlanStatus::optimal : PlanStatus::feasible;
  r.schedule.flow_shift = flow_shift_of(instance, r.schedule);
}

// The solver's schedule, checked by the exact validator: a model bug must never reach a user.
Schedule checked_schedule(const RingInstance& instance, Schedule schedule, Ticks slot_ticks,
                          const milp_detail::MilpAnswer& answer) {
  const sim::ValidationResult check = sim::validate_ring_schedule(instance, schedule);
  const Ticks claimed = static_cast<Ticks>(std::llround(answer.objective)) * slot_ticks;
  if (!check.valid || check.makespan != *schedule.makespan || *schedule.makespan > claimed)
    throw InternalError("exact: the MILP solution is not a valid schedule of its makespan: " +
                        (check.violation ? check.violation->message
                                         : std::string("makespan ") + text(check.makespan)));
  return schedule;
}

}  // namespace

std::optional<std::string> ring_optimum_refusal(const RingInstance& instance, Ticks horizon,
                                                const RingOptimumLimits& limits) {
  const std::size_t n = instance.size();
  if (n < 2 || n > limits.max_processors)
    return "n = " + std::to_string(n) + " processors (the exact model takes 2.." +
           std::to_string(limits.max_processors) + ")";
  if (instance.total_items() > limits.max_total_items)
    return std::to_string(instance.total_items()) + " items in total (limit " +
           std::to_string(limits.max_total_items) + ")";
  const bool latency = instance.has_latency();
  const Ticks slot = latency ? latency_slot_length(instance) : slot_length(instance);
  const Ticks slots = horizon / slot;
  if (slots > limits.max_horizon_slots)
    return "horizon of " + text(slots) + " time slots (the planner's makespan / gcd of the costs" +
           (latency ? " and start-ups" : "") + "; limit " +
           std::to_string(limits.max_horizon_slots) + ")";
  const Ticks binaries =
      latency ? latency_model_binaries(instance, horizon) : binaries_for(instance, slots, slot);
  if (binaries > limits.max_binaries)
    return text(binaries) + " start variables (limit " + std::to_string(limits.max_binaries) + ")";
  return std::nullopt;
}

RingOptimum exact_ring_optimum(const RingInstance& instance, const RingOptimumOptions& options) {
  if (auto why =
          ring_optimum_refusal(instance, 0, options.limits)) {  // n and items: before planning
    RingOptimum r;
    r.refusal = *why;
    return r;
  }
  return exact_ring_optimum(instance, ring::plan_ring(instance), options);
}

RingOptimum exact_ring_optimum(const RingInstance& instance, const ring::RingPlan& plan,
                               const RingOptimumOptions& options) {
  RingOptimum r;
  r.schedule = plan.schedule;
  r.planner_makespan = r.upper = *plan.schedule.makespan;
  r.planner_bound = r.lower = plan.bounds.best;
  r.slot_ticks = instance.has_latency() ? latency_slot_length(instance) : slot_length(instance);
  if (auto why = ring_optimum_refusal(instance, r.upper, options.limits)) {
    r.refusal = *why;
    return r;
  }
  if (!options.use_planner_bound) r.lower = 0;
  if (r.upper == r.lower) {  // the planner met a proved bound: nothing left to search
    stamp(r, instance);
    return r;
  }
  // Start-ups: the message model (exact/latency_model.hpp); else document 000's item model.
  std::optional<TimeIndexedModel> items;
  std::optional<LatencyModel> messages;
  if (instance.has_latency())
    messages = build_latency_model(instance, r.upper, r.lower);
  else
    items = build_time_indexed_model(instance, r.upper, r.lower);
  const MilpProblem& problem = messages ? messages->problem : items->problem;
  const std::int64_t horizon = messages ? messages->horizon : items->horizon;
  r.solver_ran = true;
  const MilpSolver solver = chosen_solver(options, instance);
  r.solver = to_string(solver);
  r.horizon_slots = horizon;
  r.binaries = messages ? messages->binaries : items->binaries;
  r.rows = problem.rows();
  require_solver_memory(problem, solver);
  const milp_detail::MilpAnswer answer = solve(problem, solver, options.node_limit);
  r.nodes = answer.nodes;
  if (answer.outcome ==
      milp_detail::MilpAnswer::Outcome::infeasible)  // the planner's schedule fits the horizon
    throw InternalError("exact: the model has no solution within the planner's makespan");
  if (!answer.solution.empty()) {
    Schedule found = checked_schedule(
        instance,
        messages ? schedule_from_latency_solution(instance, *messages, answer.solution)
                 : schedule_from_solution(instance, *items, answer.solution),
        r.slot_ticks, answer);
    if (*found.makespan <= r.upper) {
      r.upper = *found.makespan;
      r.schedule = std::move(found);
    }
  }
  // The makespan is a whole number of slots: a fractional bound rounds up (less a rounding margin).
  if (answer.outcome == milp_detail::MilpAnswer::Outcome::optimal) {
    r.lower = r.upper;
  } else if (answer.bound > 0 && answer.bound <= static_cast<double>(horizon)) {
    const auto proved = static_cast<Ticks>(std::ceil(answer.bound - 1e-6));
    r.lower = std::max(r.lower, std::min(r.upper, proved * r.slot_ticks));
  }
  if (!options.use_planner_bound) r.lower = std::max(r.lower, std::min(r.upper, plan.bounds.best));
  stamp(r, instance);
  return r;
}

std::optional<Ticks> proved_ring_optimum(const RingInstance& instance, const ring::RingPlan& plan,
                                         std::int64_t node_limit) {
  RingOptimumOptions options;
  options.node_limit = node_limit;
  const RingOptimum r = exact_ring_optimum(instance, plan, options);
  if (r.status == RingOptimum::Status::optimal) return r.upper;
  return std::nullopt;
}

void require_not_refused(const RingOptimum& optimum) {
  if (optimum.status == RingOptimum::Status::refused)
    throw InputError("", "size",
                     "too large for the exact model: " + optimum.refusal + "; use `redist plan`");
}

}  // namespace redist::exact
