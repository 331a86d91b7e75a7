#pragma once
// The solver back ends of the exact layer (private): one MilpProblem in, one answer out. Each back
// end is compiled only when its library was found (src/CMakeLists.txt, REDIST_WITH_MILP).

#include <cstdint>
#include <vector>

#include "redist/exact/ring_optimum.hpp"
#include "redist/exact/time_indexed_model.hpp"

namespace redist::milp_detail {

struct MilpAnswer {
  enum class Outcome { optimal, stopped, infeasible };
  Outcome outcome = Outcome::stopped;
  std::vector<double> solution;  // the best integer solution found; empty when there is none
  double objective = 0;          // its value
  double bound = 0;              // the best proved lower bound on the optimum
  std::int64_t nodes = 0;        // branch-and-bound nodes explored
};

/// Deterministic: single thread, no time limit; stops after `node_limit` nodes.
MilpAnswer solve_with_cbc(const exact::MilpProblem& problem, std::int64_t node_limit);
MilpAnswer solve_with_glpk(const exact::MilpProblem& problem, std::int64_t node_limit);

}  // namespace redist::milp_detail
