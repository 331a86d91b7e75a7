// redist: plan, check, simulate and execute data redistributions (see README.md).
// This file only assembles the subcommands and maps errors to the exit status contract.

#include <iostream>
#include <string>

#include "cli_common.hpp"
#include "redist/core/error.hpp"
#include "redist/version.hpp"
#include "usage_errors.hpp"

int main(int argc, char** argv) {
  using namespace redist::cli;
  CLI::App app{"redist: data redistribution after load balancing (plan, check, bound, generate)"};
  app.require_subcommand(1);
  // Handled before the subcommand requirement: `redist --version` prints the version and exits 0.
  app.set_version_flag("--version", std::string("redist ") + REDIST_VERSION_STRING);
  Context context;
  register_plan(app, context);
  register_check(app, context);
  register_bounds(app, context);
  register_lau(app, context);
  register_perm(app, context);
#ifdef REDIST_HAVE_MILP
  register_exact(app, context);
#endif
  CLI::App& gen = *app.add_subcommand("gen", "Write a random instance (reproducible with --seed)");
  gen.require_subcommand(1);
  register_gen_ring(gen, context);
  register_gen_lau(gen, context);
  register_gen_perm(gen, context);
  CLI::App& experiment =
      *app.add_subcommand("experiment", "Reproduce a document's tables or figures");
  experiment.require_subcommand(1);
  register_experiment_lau(experiment, context);
#ifdef REDIST_HAVE_SIMGRID
  register_experiment_simgrid(experiment, context);
#endif
  register_experiment_perm(experiment, context);
  register_experiment_hetbi(experiment, context);
  if (const auto unknown = unknown_command(app, argc, argv)) {
    std::cerr << "redist: " << *unknown << "\n";
    return kExitBadInput;
  }
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    if (e.get_exit_code() == 0) return app.exit(e);  // --help
    std::cerr << "redist: " << one_line_usage_error(e) << "\n";
    return kExitBadInput;
  } catch (const redist::InputError& e) {
    std::cerr << "redist: " << e.what() << "\n";
    return kExitBadInput;
  } catch (const redist::InternalError&
               e) {  // one policy in every command (docs/architecture.md "Errors")
    std::cerr << "redist: internal error: " << e.what() << " (please report this)\n";
    return kExitInternalError;
  } catch (const std::bad_alloc&) {
    std::cerr << "redist: out of memory (input too large)\n";
    return kExitBadInput;
  }
  // A summary that could not be written (stdout on a full disk, a closed pipe) is not a success.
  if (!(std::cout << std::flush)) {
    std::cerr << "redist: standard output: write failed\n";
    return kExitBadInput;
  }
  return context.exit_code;
}
