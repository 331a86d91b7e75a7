#include "app/experiment_command.hpp"

#include <filesystem>

#include "app/experiment_option_specs.hpp"
#include "redist/report/latency_experiment.hpp"
#include "redist/report/lau_experiment_report.hpp"
#include "redist/report/perm_experiment.hpp"
#ifdef REDIST_HAVE_MILP
#include "redist/exact/ring_optimum.hpp"
#endif
#ifdef REDIST_HAVE_SIMGRID
#include "app/simgrid_experiment_commands.hpp"
#endif

namespace redist::app {

std::vector<ExperimentCommand> experiment_commands(
    std::ostream* progress, report::HetbiExperimentOptions::SmallRingOptimum small_ring_optimum) {
  auto lau = std::make_shared<report::LauExperimentOptions>();
  lau->progress = progress;  // a line per finished block
  auto perm = std::make_shared<report::PermExperimentOptions>();
  perm->progress = progress;
  auto hetbi = std::make_shared<report::HetbiExperimentOptions>();
  hetbi->small_ring_optimum = small_ring_optimum;
  auto ordered = std::make_shared<report::OrderedExperimentOptions>();
  auto latency = std::make_shared<report::LatencyExperimentOptions>();
  latency->small_ring_optimum = std::move(small_ring_optimum);
  return {
      detail::experiment_command(
          "lau", "Document 002's Tables 1-4 (all-port ring), CSV and SVG plots",
          "small samples (seconds instead of minutes)", lau, option_specs(*lau),
          report::lau_experiment_files, report::run_lau_experiment, report::write_lau_experiment,
          report::format_lau_tables),
      detail::experiment_command("perm",
                                 "Document 003's Figures 1-2, Table 1a and the stencil coupling",
                                 "fewer points and draws (seconds)", perm, option_specs(*perm),
                                 report::perm_experiment_files, report::run_perm_experiment,
                                 report::write_perm_experiment, report::format_perm_experiment),
      detail::experiment_command(
          "hetbi",
          "Heterogeneous bidirectional rings of every shape: makespan against the best lower "
          "bound, tau_int reached, exact optima of small rings (CSV, SVG)",
          "a few rings per shape, n = 4..16 (seconds)", hetbi, option_specs(*hetbi),
          report::hetbi_experiment_files, report::run_hetbi_experiment,
          report::write_hetbi_experiment, report::format_hetbi_summary),
      detail::experiment_command(
          "ordered",
          "Ordered items on heterogeneous bidirectional rings of every shape: the ordered plan "
          "against the linear plan and document 000's plan for interchangeable items (CSV, SVG)",
          "a few rings per shape, n = 8..32 (seconds)", ordered, option_specs(*ordered),
          report::ordered_experiment_files, report::run_ordered_experiment,
          report::write_ordered_experiment, report::format_ordered_summary),
      detail::experiment_command(
          "latency",
          "Rings with start-up costs (docs/latency.md): every framework and shape, start-ups from "
          "none to 100 x an item load's time, the planner against the best bound and the exact "
          "optimum of small rings (CSV, SVG)",
          "n = 4, three ratios, one ring per framework and shape (seconds)", latency,
          option_specs(*latency), report::latency_experiment_files, report::run_latency_experiment,
          report::write_latency_experiment, report::format_latency_summary),
  };
}

std::vector<ExperimentCommand> built_experiment_commands(std::ostream* progress) {
  // hetbi's exact optima of small rings need the exact layer, which is optional and sits beside
  // report.
#ifdef REDIST_HAVE_MILP
  std::vector<ExperimentCommand> commands =
      experiment_commands(progress, exact::proved_ring_optimum);
#else
  std::vector<ExperimentCommand> commands = experiment_commands(progress);
#endif
#ifdef REDIST_HAVE_SIMGRID
  commands.push_back(simgrid_experiment_command(progress));
  commands.push_back(ordered_simgrid_experiment_command());
#endif
  return commands;
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

}  // namespace redist::app
