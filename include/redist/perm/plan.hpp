#pragma once
// The permutation facade (`redist perm`, document 003): everything one instance calls for, in one
// result. Both exact solvers run (min volume, min steps: sections 3.2.1 and 3.2.2), the objective
// picks which one is chosen, the canonical labelling and the greedy relabellings are evaluated
// beside them, and the chosen assignment's one-port step schedule is coloured (König) and checked
// by check_step_schedule before plan_perm returns: a schedule that fails the check, or whose length
// is not the chosen assignment's steps, is an InternalError, never a result.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "redist/perm/instance.hpp"
#include "redist/perm/solution.hpp"
#include "redist/perm/step_schedule.hpp"

namespace redist::perm {

enum class PermObjective { volume, steps };

const char* to_string(PermObjective objective);
/// "volume" or "steps"; nullopt otherwise.
std::optional<PermObjective> parse_perm_objective(std::string_view name);

struct PermResult {
  PermObjective objective = PermObjective::volume;
  std::size_t processors = 0;
  std::int64_t items = 0;
  PermSolution chosen;      // min_volume or min_steps, following the objective
  PermSolution min_volume;  // fewest items, then fewest steps
  PermSolution min_steps;   // fewest steps, then fewest items
  PermSolution canonical;   // part j -> processor j
  std::vector<std::pair<std::string, PermSolution>> heuristics;  // greedy relabellings (greedy.hpp)
  StepSchedule schedule;  // of `chosen`, checked: chosen.steps one-port steps
};

PermResult plan_perm(const PermInstance& instance, PermObjective objective = PermObjective::volume);

}  // namespace redist::perm
