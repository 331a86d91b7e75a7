#pragma once
// The SimGrid study's options described for a front end (core/option_spec.hpp): `redist experiment
// simgrid`, its --quick excepted (report/simgrid_study_report.hpp describes it), the adaptive
// policy's options (sim/option_specs.hpp) included.

#include <vector>

#include "redist/core/option_spec.hpp"
#include "redist/simgrid/ordered_study.hpp"
#include "redist/simgrid/simgrid_study.hpp"

namespace redist::simgrid {

std::vector<OptionSpec> option_specs(SimgridStudyOptions& options);
/// `redist experiment ordered-simgrid`, its --quick excepted.
std::vector<OptionSpec> option_specs(OrderedStudyOptions& options);

}  // namespace redist::simgrid
