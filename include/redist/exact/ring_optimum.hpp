#pragma once
// The exact optimum of a small ring (`redist exact`): the time-indexed model of
// exact/time_indexed_model.hpp solved by a MILP solver (COIN-OR CBC, or GLPK), with the planner's
// makespan as the horizon. Answers how far the planner and the lower bounds (tau_int, Lemma 12, the
// forwarding bound) are from the optimum on rings of up to 8 processors
// (docs/ring_bidirectional_heterogeneous.md "The exact optimum").
//
//   RingOptimum r = exact_ring_optimum(instance);
//   if (r.status == RingOptimum::Status::optimal) ...  // r.schedule is optimal, r.upper == r.lower
//
// Every schedule returned is accepted by validate_ring_schedule with makespan r.upper. The search
// is deterministic: it stops after a number of branch-and-bound nodes, never after a time, and says
// "not proved" (with both bounds) when it stops before the proof.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "redist/core/ring_instance.hpp"
#include "redist/core/schedule.hpp"
#include "redist/ring/plan.hpp"

namespace redist::exact {

enum class MilpSolver { cbc, glpk };
const char* to_string(MilpSolver solver);
/// "cbc" -> MilpSolver::cbc, "glpk" -> MilpSolver::glpk; nullopt otherwise.
std::optional<MilpSolver> milp_solver_from_name(const std::string& name);
/// The solvers this build was compiled with (at least one when the exact layer exists), faster
/// first: GLPK, then CBC (BENCHMARKS.md "Exact optima of small rings": on these models GLPK solves
/// most at its root node in a fifth to a tenth of CBC's time).
std::vector<MilpSolver> available_milp_solvers();

/// Sizes above which exact_ring_optimum refuses (the model grows with n x horizon / slot length).
struct RingOptimumLimits {
  std::size_t max_processors = 8;
  std::int64_t max_total_items = 400;
  std::int64_t max_horizon_slots = 2000;  // planner's makespan / gcd of the costs
  std::int64_t max_binaries = 40'000;     // start variables: about 2n x horizon slots
};

struct RingOptimumOptions {
  std::optional<MilpSolver> solver;   // default: the first of available_milp_solvers()
  std::int64_t node_limit = 100'000;  // branch-and-bound nodes; reached = "not proved"
  RingOptimumLimits limits;
  // Start from the planner's proved lower bound (and skip the solver when the planner meets it).
  // Off: the solver proves the optimum on its own (the cross-check of the tests).
  bool use_planner_bound = true;
};

struct RingOptimum {
  enum class Status {
    optimal,     // schedule is optimal: upper == lower
    not_proved,  // the node limit stopped the search: lower <= optimum <= upper
    refused,     // too large for the model (see `refusal`); schedule is the planner's
  };
  Status status = Status::refused;
  std::string refusal;  // which limit, with the numbers
  Schedule
      schedule;     // the best valid schedule known (makespan, lower_bound, status, flow_shift set)
  Ticks upper = 0;  // its makespan (ticks of the instance's cost_scale)
  Ticks lower = 0;  // proved lower bound on every schedule
  Ticks planner_makespan = 0;
  Ticks planner_bound = 0;  // the planner's best lower bound (max of tau_int, Lemma 12, ...)
  // About the solve (informative):
  bool solver_ran = false;
  std::string solver;
  Ticks slot_ticks = 1;  // gcd of the costs
  std::int64_t horizon_slots = 0;
  std::size_t binaries = 0, rows = 0;
  std::int64_t nodes = 0;
};

const char* to_string(RingOptimum::Status status);

/// Plans the ring (plan_ring) for the horizon, then solves the model.
RingOptimum exact_ring_optimum(const RingInstance& instance,
                               const RingOptimumOptions& options = {});
/// The same from a plan already made for this instance.
RingOptimum exact_ring_optimum(const RingInstance& instance, const ring::RingPlan& plan,
                               const RingOptimumOptions& options = {});

/// Throws InputError (field "size", no file: the caller knows which) when `optimum` is a refusal:
/// the instance is too large for the model, and the planner is the tool for it.
void require_not_refused(const RingOptimum& optimum);

/// The optimum when the search proves it within `node_limit` branch-and-bound nodes (a node limit,
/// not a time limit, keeps the answer reproducible), else nullopt (refused or not proved).
std::optional<Ticks> proved_ring_optimum(const RingInstance& instance, const ring::RingPlan& plan,
                                         std::int64_t node_limit);

/// Why exact_ring_optimum would refuse this instance with this horizon (ticks); nullopt if it fits.
std::optional<std::string> ring_optimum_refusal(const RingInstance& instance, Ticks horizon,
                                                const RingOptimumLimits& limits = {});

}  // namespace redist::exact
