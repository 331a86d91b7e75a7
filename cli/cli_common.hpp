#pragma once
// Shared plumbing of the thin `redist` command. Each cmd_<family>.cpp binds CLI11 options to the
// library's option types, calls one facade and prints what one library writer returns; main.cpp
// maps errors to the exit status contract (docs/architecture.md "Errors").

#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "redist/core/error.hpp"
#include "redist/io/output_files.hpp"

namespace redist::cli {

inline constexpr int kExitOk = 0;
inline constexpr int kExitCheckFailed = 1;    // `check`: the schedule is invalid
inline constexpr int kExitBadInput = 2;       // bad input or usage: one line, nothing written
inline constexpr int kExitInternalError = 3;  // one of redist's own checks failed (InternalError)

/// Digits only, in [lo, hi] (CLI11 alone reads "-1" into an unsigned option as 2^64-1).
CLI::Validator whole_number(std::uint64_t lo, std::uint64_t hi);
/// A finite number in [lo, hi] (NaN passes CLI::Range).
CLI::Validator real_number(double lo, double hi);

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
void add_seed(CLI::App* cmd, std::uint64_t& seed,
              const std::string& help = "random seed (0 .. 2^64-1)");

/// `--name WORD` where WORD is one of `choices`' names; stores the value it names in `target`.
template <class Target, class T = Target>
CLI::Option* add_choice(CLI::App* cmd, const std::string& name, Target& target,
                        std::map<std::string, T> choices, const std::string& help) {
  std::vector<std::string> names;
  for (const auto& choice : choices) names.push_back(choice.first);
  const auto store = [&target, choices](const std::string& word) { target = choices.at(word); };
  return cmd->add_option_function<std::string>(name, store, help)->check(CLI::IsMember(names));
}
/// The library's names of `values` (their to_string), for add_choice.
template <class T>
std::map<std::string, T> named(std::initializer_list<T> values) {
  std::map<std::string, T> names;
  for (const T value : values) names.emplace(to_string(value), value);
  return names;
}

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

/// `redist gen NAME [--seed S] [-o FILE]`: FILE (default standard output) is declared before
/// `make` runs and written only when it succeeded.
CLI::App* add_generator(CLI::App& gen, const std::string& name, const std::string& help,
                        std::uint64_t& seed, std::function<std::string()> make);

struct ExperimentOutcome {
  std::string summary;
  std::vector<std::string> files;  // written
};
/// `redist experiment NAME [--out DIR]`: DIR (default results/NAME) is refused before the run when
/// it exists and is not a folder; `run` writes into it; the summary and the files are printed.
CLI::App* add_experiment(CLI::App& experiment, const std::string& name, const std::string& help,
                         std::function<ExperimentOutcome(const std::string& dir)> run);

/// "unknown subcommand 'pln' (did you mean 'plan'?)" when argv names a command that does not exist
/// at a level that has commands (redist, redist gen, redist experiment); nullopt otherwise.
std::optional<std::string> unknown_command(CLI::App& app, int argc, const char* const* argv);
/// CLI11's message on one line, with a pointer to --help.
std::string one_line_usage_error(const CLI::ParseError& error);

// Each command family registers its subcommands (cmd_<family>.cpp).
void register_ring(CLI::App& app, CLI::App& gen, int& exit_code);
void register_lau(CLI::App& app, CLI::App& gen);
void register_perm(CLI::App& app, CLI::App& gen);
void register_experiments(CLI::App& experiment);

}  // namespace redist::cli
