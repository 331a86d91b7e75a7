#pragma once
// The experiments' options described for a front end (app/option_spec.hpp): `redist experiment
// lau|perm|hetbi|ordered|latency`, their --quick excepted (app/experiment_command.hpp describes it).

#include <vector>

#include "app/option_spec.hpp"
#include "redist/report/hetbi_experiment.hpp"
#include "redist/report/latency_experiment.hpp"
#include "redist/report/lau_experiment.hpp"
#include "redist/report/ordered_experiment.hpp"
#include "redist/report/perm_experiment.hpp"

namespace redist::app {

std::vector<OptionSpec> option_specs(report::LauExperimentOptions& options);
std::vector<OptionSpec> option_specs(report::PermExperimentOptions& options);
std::vector<OptionSpec> option_specs(report::HetbiExperimentOptions& options);
std::vector<OptionSpec> option_specs(report::OrderedExperimentOptions& options);
std::vector<OptionSpec> option_specs(report::LatencyExperimentOptions& options);

}  // namespace redist::app
