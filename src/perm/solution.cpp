#include "redist/perm/solution.hpp"

namespace redist::perm {

PermSolution evaluate(const PermInstance& instance, Assignment assignment) {
  PermSolution s;
  s.volume = redistribution_volume(instance, assignment);
  s.steps = redistribution_steps(instance, assignment);
  s.assignment = std::move(assignment);
  return s;
}

}  // namespace redist::perm
