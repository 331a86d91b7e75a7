// `redist experiment lau|perm|hetbi|ordered|simgrid|ordered-simgrid [--quick] [--out DIR] ...`: the
// documents' tables and figures. The report layer describes, runs, writes and summarises each one
// (app/experiment_command.hpp); simgrid (document 000 section 8, docs/simgrid.md) needs the
// simgrid layer.

#include <iostream>

#include "app/experiment_command.hpp"
#include "cli_common.hpp"

namespace redist::cli {

namespace {

// `redist experiment NAME [--quick] [--out DIR] ...` (default results/NAME).
void add_experiment(CLI::App& experiment, const app::ExperimentCommand& command) {
  auto dir = std::make_shared<std::string>("results/" + command.name);
  CLI::App* cmd = experiment.add_subcommand(command.name, command.help);
  bind_options(cmd, {command.quick});
  add_output(cmd, "--out", *dir, "output directory (default " + *dir + ")");
  bind_options(cmd, command.options);
  cmd->callback([dir, run = command.run] { std::cout << run(*dir); });
}

}  // namespace

void register_experiments(CLI::App& experiment) {
  // Progress, where an experiment reports it, goes to standard error: a line a step.
  for (const auto& command : app::built_experiment_commands(&std::cerr))
    add_experiment(experiment, command);
}

}  // namespace redist::cli
