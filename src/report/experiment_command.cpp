#include "redist/report/experiment_command.hpp"

#include <filesystem>

#include "redist/report/latency_experiment.hpp"
#include "redist/report/lau_experiment_report.hpp"
#include "redist/report/option_specs.hpp"
#include "redist/report/perm_experiment.hpp"

namespace redist::report {

std::vector<ExperimentCommand> experiment_commands(
    std::ostream* progress, HetbiExperimentOptions::SmallRingOptimum small_ring_optimum) {
  auto lau = std::make_shared<LauExperimentOptions>();
  lau->progress = progress;  // a line per finished block
  auto perm = std::make_shared<PermExperimentOptions>();
  perm->progress = progress;
  auto hetbi = std::make_shared<HetbiExperimentOptions>();
  hetbi->small_ring_optimum = small_ring_optimum;
  auto ordered = std::make_shared<OrderedExperimentOptions>();
  auto latency = std::make_shared<LatencyExperimentOptions>();
  latency->small_ring_optimum = std::move(small_ring_optimum);
  return {
      detail::experiment_command(
          "lau", "Document 002's Tables 1-4 (all-port ring), CSV and SVG plots",
          "small samples (seconds instead of minutes)", lau, option_specs(*lau),
          lau_experiment_files, run_lau_experiment, write_lau_experiment, format_lau_tables),
      detail::experiment_command(
          "perm", "Document 003's Figures 1-2, Table 1a and the stencil coupling",
          "fewer points and draws (seconds)", perm, option_specs(*perm), perm_experiment_files,
          run_perm_experiment, write_perm_experiment, format_perm_experiment),
      detail::experiment_command(
          "hetbi",
          "Heterogeneous bidirectional rings of every shape: makespan against the best lower "
          "bound, tau_int reached, exact optima of small rings (CSV, SVG)",
          "a few rings per shape, n = 4..16 (seconds)", hetbi, option_specs(*hetbi),
          hetbi_experiment_files, run_hetbi_experiment, write_hetbi_experiment,
          format_hetbi_summary),
      detail::experiment_command(
          "ordered",
          "Ordered items on heterogeneous bidirectional rings of every shape: the ordered plan "
          "against the linear plan and document 000's plan for interchangeable items (CSV, SVG)",
          "a few rings per shape, n = 8..32 (seconds)", ordered, option_specs(*ordered),
          ordered_experiment_files, run_ordered_experiment, write_ordered_experiment,
          format_ordered_summary),
      detail::experiment_command(
          "latency",
          "Rings with start-up costs (docs/latency.md): every framework and shape, start-ups from "
          "none to 100 x an item load's time, the planner against the best bound and the exact "
          "optimum of small rings (CSV, SVG)",
          "n = 4, three ratios, one ring per framework and shape (seconds)", latency,
          option_specs(*latency), latency_experiment_files, run_latency_experiment,
          write_latency_experiment, format_latency_summary),
  };
}

std::string written_text(const std::string& summary, const std::vector<std::string>& files) {
  std::string text = summary + "\nwrote:\n";
  for (const auto& file : files) text += "  " + file + "\n";
  return text;
}

namespace detail {

std::vector<std::string> file_names(const std::vector<std::string>& paths) {
  std::vector<std::string> names;
  for (const std::string& path : paths) names.push_back(std::filesystem::path(path).filename());
  return names;
}

}  // namespace detail

}  // namespace redist::report
