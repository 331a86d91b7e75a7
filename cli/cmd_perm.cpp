// Permutations of parts onto processors, document 003 (library: perm/):
//   redist perm INSTANCE [--objective volume|steps] [-o STEPS.json] [--json]: the best permutation
//     for one cost model with its one-port step schedule (perm::plan_perm checks it), beside the
//     canonical labelling and greedy relabellings.

#include <iostream>

#include "cli_common.hpp"
#include "redist/io/output_files.hpp"
#include "redist/perm/option_specs.hpp"
#include "redist/perm/plan_file.hpp"
#include "redist/perm/plan_output.hpp"

namespace redist::cli {

namespace {

struct PermOptions {
  Files files;
  perm::PermObjective objective = perm::PermObjective::volume;
};

void run_perm(const PermOptions& opt) {
  const Files& f = opt.files;
  io::OutputFiles outputs({f.input});
  f.declare(outputs);
  const perm::PermResult result = perm::plan_perm_file(f.input, opt.objective);
  if (!f.output.empty()) outputs.set_text(f.output, perm::perm_result_text(result));
  outputs.commit();
  // With -o the file has the schedule: stdout stays short.
  std::cout << (f.json ? perm::perm_result_text(result, f.output.empty())
                       : perm::perm_summary_text(result, f.output));
}

}  // namespace

void register_perm(CLI::App& app) {
  auto opt = std::make_shared<PermOptions>();
  CLI::App* cmd = add_command(
      app, "perm", "Best permutation of parts onto processors, with its one-port step schedule",
      opt->files, "permutation instance JSON (counts, or initial + partition)",
      "write the result with its step schedule to this file");
  bind_options(cmd, {perm::objective_option(opt->objective)});
  cmd->callback([opt] { run_perm(*opt); });
}

}  // namespace redist::cli
