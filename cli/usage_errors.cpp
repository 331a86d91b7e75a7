// Usage errors as one line with the `redist:` prefix (docs/design.md section 3), like every other
// error: CLI11's own report is two lines without it, and says nothing useful about a mistyped
// command.

#include <algorithm>

#include "cli_common.hpp"
#include "redist/core/closest_name.hpp"

namespace redist::cli {

std::optional<std::string> unknown_command(CLI::App& app, int argc, const char* const* argv) {
  CLI::App* level = &app;
  std::string prefix;  // "gen " at the second level
  for (int i = 1; i < argc; ++i) {
    const std::string word = argv[i];
    const auto commands = level->get_subcommands([](const CLI::App*) { return true; });
    if (word.empty() || word[0] == '-' || commands.empty()) return std::nullopt;
    std::vector<std::string> names;
    for (const CLI::App* c : commands) names.push_back(c->get_name());
    if (std::find(names.begin(), names.end(), word) == names.end()) {
      const std::string best = closest_name(names, word);
      return "unknown subcommand '" + prefix + word + "' (" +
             (best.empty() ? "commands: " + CLI::detail::join(names, ", ")
                           : "did you mean '" + best + "'?") +
             ")";
    }
    level = level->get_subcommand(word);
    prefix += word + " ";
  }
  return std::nullopt;
}

std::string one_line_usage_error(const CLI::ParseError& error) {
  std::string message = error.what();
  std::replace(message.begin(), message.end(), '\n', ' ');
  while (!message.empty() && message.back() == ' ') message.pop_back();
  return message + " (see redist --help)";
}

}  // namespace redist::cli
