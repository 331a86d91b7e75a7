#pragma once
// Output of `redist experiment simgrid`: a text summary, CSV files and SVG plots (Figures 13 and 14
// of document 000 redrawn with our adaptive policy, and the planner against the simulator).

#include <iosfwd>
#include <string>
#include <vector>

#include "redist/report/experiment_command.hpp"
#include "redist/simgrid/simgrid_study.hpp"

namespace redist::report {

/// Tables for a person: normalized time per scheme and ratio for each ring size, the adaptive
/// policy's gap to the best fixed scheme, and the prediction check.
std::string format_simgrid_study(const simgrid::SimgridStudyResult& result);

/// Writes into `dir` (created if missing): summary.csv, runs.csv, redistributions.csv,
/// prediction.csv, prediction_checks.csv, figure13_ring8.svg and figure14_ring32.svg (other ring
/// sizes: normalized_ring<p>.svg) and prediction.svg. Returns the paths written; throws InputError
/// when the directory cannot be written.
std::vector<std::string> write_simgrid_study(const simgrid::SimgridStudyResult& result,
                                             const std::string& dir);
/// The names write_simgrid_study gives its files for these options, in order (checked before the
/// study runs).
std::vector<std::string> simgrid_study_files(const simgrid::SimgridStudyOptions& options);

/// `redist experiment simgrid` (report/experiment_command.hpp); a progress line every few percent
/// goes to `progress` (null: none).
ExperimentCommand simgrid_experiment_command(std::ostream* progress);

}  // namespace redist::report
