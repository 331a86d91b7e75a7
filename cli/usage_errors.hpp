#pragma once
// Usage errors as one line with the `redist:` prefix (docs/design.md section 3), like every other
// error: CLI11's own report is two lines without it, and says nothing useful about a mistyped
// command.

#include <optional>
#include <string>

#include <CLI/CLI.hpp>

namespace redist::cli {

/// "unknown subcommand 'pln' (did you mean 'plan'?)" when argv names a command that does not exist
/// at a level that has commands (redist, redist gen, redist experiment); nullopt otherwise.
std::optional<std::string> unknown_command(CLI::App& app, int argc, const char* const* argv);

/// CLI11's message on one line, with a pointer to --help.
std::string one_line_usage_error(const CLI::ParseError& error);

}  // namespace redist::cli
