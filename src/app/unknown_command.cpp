#include "app/unknown_command.hpp"

#include "io/closest_name.hpp"

namespace redist::app {

std::string unknown_subcommand_message(const std::vector<std::string>& names,
                                       const std::string& path, const std::string& word) {
  std::string message = "unknown subcommand '" + path + word + "' (";
  const std::string best = io::closest_name(names, word);
  if (!best.empty()) return message + "did you mean '" + best + "'?)";
  message += "commands: ";
  for (std::size_t i = 0; i < names.size(); ++i) message += (i > 0 ? ", " : "") + names[i];
  return message + ")";
}

}  // namespace redist::app
