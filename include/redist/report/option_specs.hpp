#pragma once
// The experiments' options described for a front end (core/option_spec.hpp): `redist experiment
// lau|perm|hetbi|ordered`, their --quick excepted (report/experiment_command.hpp describes it).

#include <vector>

#include "redist/core/option_spec.hpp"
#include "redist/report/hetbi_experiment.hpp"
#include "redist/report/latency_experiment.hpp"
#include "redist/report/lau_experiment.hpp"
#include "redist/report/ordered_experiment.hpp"
#include "redist/report/perm_experiment.hpp"

namespace redist::report {

std::vector<OptionSpec> option_specs(LauExperimentOptions& options);
std::vector<OptionSpec> option_specs(PermExperimentOptions& options);
std::vector<OptionSpec> option_specs(HetbiExperimentOptions& options);
std::vector<OptionSpec> option_specs(LatencyExperimentOptions& options);
std::vector<OptionSpec> option_specs(OrderedExperimentOptions& options);

}  // namespace redist::report
