#pragma once
// Output of `redist experiment ordered-simgrid` (simgrid/ordered_study.hpp): the ordered plan
// against the linear plan on SimGrid ring platforms, as a table, a CSV file and one bar chart per
// platform (docs/ordered.md "SimGrid").

#include <string>
#include <vector>

#include "redist/report/experiment_command.hpp"
#include "redist/simgrid/ordered_study.hpp"

namespace redist::report {

/// One line per platform and pattern: both plans' predicted and simulated times and the speed-up.
std::string format_ordered_simgrid(const std::vector<simgrid::OrderedStudyRow>& rows);

/// Writes ordered_simgrid.csv, summary.txt and one <platform>.svg per platform into `dir`.
std::vector<std::string> write_ordered_simgrid(const std::vector<simgrid::OrderedStudyRow>& rows,
                                               const std::string& dir);

/// `redist experiment ordered-simgrid` (report/experiment_command.hpp).
ExperimentCommand ordered_simgrid_experiment_command();

}  // namespace redist::report
