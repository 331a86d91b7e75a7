#pragma once
// The SimGrid study's options described for a front end (app/option_spec.hpp): `redist experiment
// simgrid`, its --quick excepted (report/simgrid_study_report.hpp describes it), the adaptive
// policy's options (app/adaptive_option_specs.hpp) included.

#include <vector>

#include "app/option_spec.hpp"
#include "redist/simgrid/ordered_study.hpp"
#include "redist/simgrid/simgrid_study.hpp"

namespace redist::app {

std::vector<OptionSpec> option_specs(simgrid::SimgridStudyOptions& options);
/// `redist experiment ordered-simgrid`, its --quick excepted.
std::vector<OptionSpec> option_specs(simgrid::OrderedStudyOptions& options);

}  // namespace redist::app
