#include "app/experiment_option_specs.hpp"

namespace redist::app {

std::vector<OptionSpec> option_specs(report::LauExperimentOptions& options) {
  return {
      seed_option(options.seed),
      whole_option("--instances", options.instances, 1, 10'000'000,
                   "instances per ring size for Tables 1-3"),
  };
}

std::vector<OptionSpec> option_specs(report::PermExperimentOptions& options) {
  return {
      seed_option(options.seed),
      whole_option("--draws", options.draws, 1, 100000,
                   "random draws per point (default 50; quick 10)"),
  };
}

std::vector<OptionSpec> option_specs(report::HetbiExperimentOptions& options) {
  return {
      whole_option("--max-n", options.max_n, 2, 2000,
                   "skip sizes above this (full run: n = 4..2000)"),
      seed_option(options.seed, "seed of the instance set (0 .. 2^64-1)"),
      whole_option("--effort", options.effort, 0, 1000, "planner effort (as plan --effort)"),
  };
}

std::vector<OptionSpec> option_specs(report::OrderedExperimentOptions& options) {
  return {
      whole_option("--max-n", options.max_n, 4, 1000,
                   "skip sizes above this (full run: n = 4..1000)"),
      seed_option(options.seed, "seed of the ring set (0 .. 2^64-1)"),
      whole_option("--effort", options.effort, 0, 1000, "planner effort (as plan --effort)"),
  };
}

std::vector<OptionSpec> option_specs(report::LatencyExperimentOptions& options) {
  return {
      whole_option("--max-n", options.max_n, 4, 1024, "skip sizes above this (default run: n = 4)"),
      seed_option(options.seed, "seed of the instance set (0 .. 2^64-1)"),
      whole_option("--node-limit", options.optimum_node_limit, 1, 10'000'000,
                   "branch-and-bound nodes per exact optimum (default 5000)"),
      whole_option("--max-slots", options.max_optimum_slots, 1, 2000,
                   "seek the exact optimum only up to this many time slots (default 20)"),
  };
}

}  // namespace redist::app
