// Permutations of parts onto processors, document 003 (library: perm/):
//   redist perm INSTANCE [--objective volume|steps] [-o STEPS.json] [--json]: the best permutation
//     for one cost model with its one-port step schedule (perm::plan_perm checks it), beside the
//     canonical labelling and greedy relabellings.

#include <iostream>

#include "app/commands.hpp"
#include "app/perm_option_specs.hpp"
#include "cli_common.hpp"

namespace redist::cli {

void register_perm(CLI::App& app) {
  struct PermOptions {
    app::CommandFiles files;
    perm::PermObjective objective = perm::PermObjective::volume;
  };
  auto opt = std::make_shared<PermOptions>();
  CLI::App* cmd = add_command(
      app, "perm", "Best permutation of parts onto processors, with its one-port step schedule",
      opt->files, "permutation instance JSON (counts, or initial + partition)",
      "write the result with its step schedule to this file");
  bind_options(cmd, {app::objective_option(opt->objective)});
  cmd->callback([opt] { app::perm_command(opt->files, opt->objective, std::cout); });
}

}  // namespace redist::cli
