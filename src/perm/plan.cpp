#include "redist/perm/plan.hpp"

#include "redist/core/error.hpp"
#include "redist/perm/edge_colouring.hpp"
#include "redist/perm/greedy.hpp"
#include "redist/perm/steps.hpp"
#include "redist/perm/volume.hpp"

namespace redist::perm {

namespace {

// The step schedule of `chosen`, coloured and then re-checked by the independent checker: the
// colouring's length must be the König bound the solvers computed (document 003 section 3.2.2).
StepSchedule checked_step_schedule(const PermInstance& instance, const PermSolution& chosen) {
  const auto demand = transfer_demand(instance, chosen.assignment);
  StepSchedule schedule = colour_transfers(instance.processors(), demand);
  const StepCheck check = check_step_schedule(instance.processors(), demand, schedule);
  if (!check.valid)
    throw InternalError("the step schedule is invalid" +
                        (check.violation
                             ? " (" + check.violation->rule + ": " + check.violation->message + ")"
                             : std::string()));
  if (check.steps != chosen.steps)
    throw InternalError("the step schedule takes " + std::to_string(check.steps) +
                        " steps, the assignment needs " + std::to_string(chosen.steps));
  return schedule;
}

}  // namespace

const char* to_string(PermObjective objective) {
  return objective == PermObjective::steps ? "steps" : "volume";
}

std::optional<PermObjective> parse_perm_objective(std::string_view name) {
  if (name == "volume") return PermObjective::volume;
  if (name == "steps") return PermObjective::steps;
  return std::nullopt;
}

PermResult plan_perm(const PermInstance& instance, PermObjective objective) {
  PermResult r;
  r.objective = objective;
  r.processors = instance.processors();
  r.items = instance.total_items();
  r.min_volume = solve_min_volume(instance);
  r.min_steps = solve_min_steps(instance);
  r.chosen = objective == PermObjective::steps ? r.min_steps : r.min_volume;
  r.canonical = evaluate(instance, canonical_assignment(instance.processors()));
  r.heuristics = {{"greedy-sorted", evaluate(instance, greedy_sorted_overlaps(instance))},
                  {"path-growing", evaluate(instance, greedy_path_growing(instance))},
                  {"greedy-by-part", evaluate(instance, greedy_by_part(instance))}};
  r.schedule = checked_step_schedule(instance, r.chosen);
  return r;
}

}  // namespace redist::perm
