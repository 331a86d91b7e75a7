#pragma once
// Shared plumbing of the thin `redist` command. Each cmd_<family>.cpp binds the options the app
// layer describes (app/option_spec.hpp) and calls one app command (app/commands.hpp) that prints
// to standard output; main.cpp maps errors to the exit status contract (docs/architecture.md
// "Errors").

#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "app/commands.hpp"
#include "app/option_spec.hpp"
#include "redist/io/output_files.hpp"

namespace redist::cli {

using app::OptionSpec;

inline constexpr int kExitOk = 0;
inline constexpr int kExitCheckFailed = 1;    // `check`: the schedule is invalid
inline constexpr int kExitBadInput = 2;       // bad input or usage: one line, nothing written
inline constexpr int kExitInternalError = 3;  // one of redist's own checks failed (InternalError)

/// Each spec (a library component's description of its options) as a CLI11 option: the same
/// checks and messages for every command (app/option_spec.hpp).
void bind_options(CLI::App* cmd, const std::vector<OptionSpec>& specs);

/// `redist NAME INSTANCE [--json]`, with `-o FILE` and `--svg FILE` when their help is given.
CLI::App* add_command(CLI::App& app, const std::string& name, const std::string& help,
                      app::CommandFiles& files, const std::string& input_help,
                      const std::string& output_help = "", const std::string& svg_help = "");
/// An output path option (`-o ''` is a mistake, not "no output").
CLI::Option* add_output(CLI::App* cmd, const std::string& names, std::string& path,
                        const std::string& help);
// Each command family registers its subcommands (cmd_<family>.cpp; `gen`'s in cli_common.cpp).
void register_ring(CLI::App& app, int& exit_code);
void register_lau(CLI::App& app);
void register_perm(CLI::App& app);
void register_experiments(CLI::App& experiment);
void register_generators(CLI::App& gen);

}  // namespace redist::cli
