#include "app/exact_option_specs.hpp"

#include <string>

namespace redist::app {

std::vector<OptionSpec> option_specs(exact::RingOptimumOptions& options) {
  const auto solvers = exact::available_milp_solvers();
  return {
      choice_option("--solver", options.solver, named(solvers),
                    "MILP solver, one of those built in (default " +
                        std::string(to_string(solvers[0])) + ")"),
      whole_option("--node-limit", options.node_limit, 0, 1'000'000'000,
                   "stop after this many branch-and-bound nodes and report both bounds (default "
                   "100000)"),
      flag_option("--from-scratch", options.use_planner_bound,
                  "prove the optimum with the solver alone, not from the planner's lower bound",
                  false),
  };
}

}  // namespace redist::app
