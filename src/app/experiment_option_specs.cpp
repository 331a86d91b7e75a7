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

}  // namespace redist::app
