// redist: plan, check, simulate and execute data redistributions (see README.md).
// This file only assembles the subcommands and maps errors to the exit status contract.

#include <algorithm>
#include <iostream>
#include <optional>
#include <string>

#include "cli_common.hpp"
#include "redist/core/closest_name.hpp"
#include "redist/io/output_files.hpp"
#include "redist/version.hpp"

namespace redist::cli {
namespace {

// Usage errors are one line with the `redist:` prefix like every other error (docs/design.md
// section 3): CLI11's own report is two lines, and says nothing useful about a mistyped command.
// "unknown subcommand 'pln' (did you mean 'plan'?)" when argv names a command that does not exist
// at a level that has commands (redist, redist gen, redist experiment); nullopt otherwise.
std::optional<std::string> unknown_command(CLI::App& app, int argc, const char* const* argv) {
  CLI::App* level = &app;
  std::string prefix;  // "gen " at the second level
  for (int i = 1; i < argc; ++i) {
    const std::string word = argv[i];
    const auto commands = level->get_subcommands([](const CLI::App*) { return true; });
    if (word.empty() || word[0] == '-' || commands.empty()) return std::nullopt;
    std::vector<std::string> names;
    for (const CLI::App* c : commands) names.push_back(c->get_name());
    if (std::find(names.begin(), names.end(), word) == names.end())
      return unknown_subcommand_message(names, prefix, word);
    level = level->get_subcommand(word);
    prefix += word + " ";
  }
  return std::nullopt;
}

// CLI11's message on one line, with a pointer to --help.
std::string one_line_usage_error(const CLI::ParseError& error) {
  std::string message = error.what();
  std::replace(message.begin(), message.end(), '\n', ' ');
  while (!message.empty() && message.back() == ' ') message.pop_back();
  return message + " (see redist --help)";
}

}  // namespace
}  // namespace redist::cli

int main(int argc, char** argv) {
  using namespace redist::cli;
  // The program, not the library, decides what signals do: here an interrupted command removes the
  // temporaries of its outputs, then dies of the signal (io/output_files.hpp).
  redist::io::remove_temporaries_on_signals();
  CLI::App app{"redist: data redistribution after load balancing (plan, check, bound, generate)"};
  app.require_subcommand(1);
  // Handled before the subcommand requirement: `redist --version` prints the version and exits 0.
  app.set_version_flag("--version", std::string("redist ") + REDIST_VERSION_STRING);
  int exit_code = kExitOk;
  // Added after the commands they follow in --help; each family registers into them.
  auto gen =
      std::make_shared<CLI::App>("Write a random instance (reproducible with --seed)", "gen");
  auto experiment =
      std::make_shared<CLI::App>("Reproduce a document's tables or figures", "experiment");
  register_ring(app, exit_code);
  register_lau(app);
  register_perm(app);
  register_generators(*gen);
  register_experiments(*experiment);
  for (const auto& family : {gen, experiment}) app.add_subcommand(family)->require_subcommand(1);
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
  } catch (const redist::InternalError& e) {  // one policy (docs/architecture.md "Errors")
    std::cerr << "redist: internal error: " << e.what() << " (please report this)\n";
    return kExitInternalError;
  } catch (const std::bad_alloc&) {
    // Every command: nothing holds a document that would need memory to be freed
    // (io/json_release.hpp), and the outputs' temporaries are gone (io/output_files.hpp).
    std::cerr << "redist: out of memory (the input or the output asked for is too large for the "
                 "memory this process may use)\n";
    return kExitBadInput;
  }
  // A summary that could not be written (stdout on a full disk, a closed pipe) is not a success.
  if (!(std::cout << std::flush)) {
    std::cerr << "redist: standard output: write failed\n";
    return kExitBadInput;
  }
  return exit_code;
}
