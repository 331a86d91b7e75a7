// `redist experiment lau|perm|hetbi|ordered|simgrid|ordered-simgrid [--quick] [--out DIR] ...`: the
// documents' tables and figures. The report layer describes, runs, writes and summarises each one
// (report/experiment_command.hpp); simgrid (document 000 section 8, docs/simgrid.md) needs the
// simgrid layer.

#include <iostream>

#include "cli_common.hpp"
#include "redist/report/experiment_command.hpp"
#ifdef REDIST_HAVE_MILP
#include "redist/exact/ring_optimum.hpp"
#endif
#ifdef REDIST_HAVE_SIMGRID
#include "redist/report/ordered_simgrid_report.hpp"
#include "redist/report/simgrid_study_report.hpp"
#endif

namespace redist::cli {

namespace {

// `redist experiment NAME [--quick] [--out DIR] ...` (default results/NAME).
void add_experiment(CLI::App& experiment, const report::ExperimentCommand& command) {
  auto dir = std::make_shared<std::string>("results/" + command.name);
  CLI::App* cmd = experiment.add_subcommand(command.name, command.help);
  bind_options(cmd, {command.quick});
  add_output(cmd, "--out", *dir, "output directory (default " + *dir + ")");
  bind_options(cmd, command.options);
  cmd->callback([dir, run = command.run] { std::cout << run(*dir); });
}

}  // namespace

void register_experiments(CLI::App& experiment) {
  // Progress, where an experiment reports it, goes to standard error: a line a step. hetbi's exact
  // optima of small rings need the exact layer, which is optional and sits beside report.
#ifdef REDIST_HAVE_MILP
  auto commands = report::experiment_commands(&std::cerr, exact::proved_ring_optimum);
#else
  auto commands = report::experiment_commands(&std::cerr);
#endif
#ifdef REDIST_HAVE_SIMGRID
  commands.push_back(report::simgrid_experiment_command(&std::cerr));
  commands.push_back(report::ordered_simgrid_experiment_command());
#endif
  for (const auto& command : commands) add_experiment(experiment, command);
}

}  // namespace redist::cli
