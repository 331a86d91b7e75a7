#pragma once
// Shared plumbing of the thin `redist` command. Each cmd_<family>.cpp binds the options its
// library layers describe (option_specs next to each option type, core/option_spec.hpp), calls one
// facade and prints what one library writer returns; main.cpp maps errors to the exit status
// contract (docs/architecture.md "Errors").

#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "app/option_spec.hpp"
#include "redist/core/error.hpp"
#include "redist/io/output_files.hpp"

namespace redist::cli {

using app::OptionSpec;

inline constexpr int kExitOk = 0;
inline constexpr int kExitCheckFailed = 1;    // `check`: the schedule is invalid
inline constexpr int kExitBadInput = 2;       // bad input or usage: one line, nothing written
inline constexpr int kExitInternalError = 3;  // one of redist's own checks failed (InternalError)

/// Each spec (a library component's description of its options) as a CLI11 option: the same
/// checks and messages for every command (core/option_spec.hpp).
void bind_options(CLI::App* cmd, const std::vector<OptionSpec>& specs);

/// A command's files: its input, `-o` and `--svg` (empty: not asked for), and `--json`.
struct Files {
  std::string input, output, svg;
  bool json = false;
  /// Declared before any work, so that a path that cannot be written costs nothing.
  void declare(io::OutputFiles& outputs) const;
};
/// `redist NAME INSTANCE [--json]`, with `-o FILE` and `--svg FILE` when their help is given.
CLI::App* add_command(CLI::App& app, const std::string& name, const std::string& help, Files& files,
                      const std::string& input_help, const std::string& output_help = "",
                      const std::string& svg_help = "");
/// An output path option (`-o ''` is a mistake, not "no output").
CLI::Option* add_output(CLI::App* cmd, const std::string& names, std::string& path,
                        const std::string& help);
/// Runs `step`; an InputError it throws is thrown again naming `file` (and `field` when given): the
/// library says what is wrong, the CLI knows which file or option it came from.
template <class Step>
auto blaming(const std::string& file, Step&& step, const std::string& field = "") {
  try {
    return step();
  } catch (const InputError& e) {
    throw InputError(file, field.empty() ? e.field() : field, e.reason());
  }
}

// Each command family registers its subcommands (cmd_<family>.cpp; `gen`'s in cli_common.cpp).
void register_ring(CLI::App& app, int& exit_code);
void register_lau(CLI::App& app);
void register_perm(CLI::App& app);
void register_experiments(CLI::App& experiment);
void register_generators(CLI::App& gen);

}  // namespace redist::cli
