#pragma once
// The one-line message of a mistyped command (`redist pln`): the command it most likely meant
// (io/closest_name.hpp), or the commands there are.

#include <string>
#include <vector>

namespace redist::app {

/// "unknown subcommand 'gen pln' (did you mean 'plan'?)" for `word`, typed after `path` (the
/// commands before it, each followed by a space: "gen ") where `names` are the commands; when no
/// name is close, the names are listed instead: "(commands: ring, lau, perm)".
std::string unknown_subcommand_message(const std::vector<std::string>& names,
                                       const std::string& path, const std::string& word);

}  // namespace redist::app
