#include "usage_errors.hpp"

#include <algorithm>
#include <vector>

namespace redist::cli {

namespace {

std::size_t edit_distance(const std::string& a, const std::string& b) {
  std::vector<std::size_t> row(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    std::size_t diagonal = row[0];
    row[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const std::size_t above = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] == b[j - 1] ? 0 : 1)});
      diagonal = above;
    }
  }
  return row[b.size()];
}

// The closest command within two edits (or a command the word begins), else the list.
std::string suggestion(const std::vector<std::string>& names, const std::string& word) {
  std::string best;
  std::size_t best_distance = 3;
  for (const std::string& name : names) {
    const std::size_t d = name.rfind(word, 0) == 0 ? 0 : edit_distance(word, name);
    if (d < best_distance) best_distance = d, best = name;
  }
  if (!best.empty()) return "did you mean '" + best + "'?";
  std::string list;
  for (const std::string& name : names) list += (list.empty() ? "" : ", ") + name;
  return "commands: " + list;
}

}  // namespace

std::optional<std::string> unknown_command(CLI::App& app, int argc, const char* const* argv) {
  CLI::App* level = &app;
  std::string prefix;  // "gen " at the second level
  for (int i = 1; i < argc; ++i) {
    const std::string word = argv[i];
    const auto commands = level->get_subcommands([](const CLI::App*) { return true; });
    if (word.empty() || word[0] == '-' || commands.empty()) return std::nullopt;
    std::vector<std::string> names;
    CLI::App* next = nullptr;
    for (CLI::App* c : commands) {
      names.push_back(c->get_name());
      if (c->get_name() == word) next = c;
    }
    if (!next)
      return "unknown subcommand '" + prefix + word + "' (" + suggestion(names, word) + ")";
    level = next;
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
