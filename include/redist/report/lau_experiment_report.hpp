#pragma once
// Output of `redist experiment lau`: the tables in document 002's layout with the published row
// above each of ours, CSV files and SVG plots.

#include <string>
#include <vector>

#include "redist/report/lau_experiment.hpp"

namespace redist::report {

std::string format_lau_tables(const LauExperimentReport& report);

/// Writes tables.txt, table1_single.csv, table2_multi.csv, table3_modes.csv, table_odd_traffic.csv,
/// table4_runtime.csv, lau_optimal_rates.svg and lau_runtime.svg into `dir` (created if missing);
/// returns the paths written. Throws InputError when the directory cannot be written.
std::vector<std::string> write_lau_experiment(const LauExperimentReport& report,
                                              const std::string& dir);
/// The names write_lau_experiment gives its files, in order (checked before the experiment runs).
std::vector<std::string> lau_experiment_files(const LauExperimentOptions& options);

}  // namespace redist::report
