#pragma once
// Shared plumbing of the thin `redist` command. Each cmd_<family>.cpp binds CLI11 options to the
// library's option types, calls one facade and prints what one library writer returns; main.cpp
// maps errors to the exit status contract (docs/architecture.md "Errors").

#include <cstdint>
#include <functional>
#include <iostream>
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

/// `--name N`, N a whole number in [lo, hi].
template <class T>
CLI::Option* add_number(CLI::App* cmd, const std::string& name, T& target, std::uint64_t lo,
                        std::uint64_t hi, const std::string& help) {
  return cmd->add_option(name, target, help)->check(whole_number(lo, hi));
}

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
template <class Values>
auto named(const Values& values) {
  std::map<std::string, std::decay_t<decltype(*std::begin(values))>> names;
  for (const auto value : values) names.emplace(to_string(value), value);
  return names;
}
template <class T>
std::map<std::string, T> named(std::initializer_list<T> values) {
  return named<std::initializer_list<T>>(values);
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

/// Refused before the run: `--out DIR` exists and is not a folder.
void check_output_folder(const std::string& dir);
/// An experiment's summary, then the files it wrote.
void print_written(const std::string& summary, const std::vector<std::string>& files);
/// `redist experiment NAME [--quick] [--out DIR]` (default results/NAME): `run(options)`'s report
/// is written into DIR by `write` and summarised by `format` (the report layer's three functions);
/// progress, where the experiment reports it, goes to standard error.
template <class Options, class Run, class Write, class Format>
CLI::App* add_experiment(CLI::App& experiment, const std::string& name, const std::string& help,
                         const std::string& quick, std::shared_ptr<Options> options, Run run,
                         Write write, Format format) {
  if constexpr (requires { options->progress; }) options->progress = &std::cerr;  // a line a step
  auto dir = std::make_shared<std::string>("results/" + name);
  CLI::App* cmd = experiment.add_subcommand(name, help);
  cmd->add_flag("--quick", options->quick, quick);
  add_output(cmd, "--out", *dir, "output directory (default " + *dir + ")");
  cmd->callback([=] {
    check_output_folder(*dir);
    const auto report = run(*options);
    const std::vector<std::string> files = write(report, *dir);
    print_written(format(report), files);
  });
  return cmd;
}

// Each command family registers its subcommands (cmd_<family>.cpp).
void register_ring(CLI::App& app, CLI::App& gen, int& exit_code);
void register_lau(CLI::App& app, CLI::App& gen);
void register_perm(CLI::App& app, CLI::App& gen);
void register_experiments(CLI::App& experiment);

}  // namespace redist::cli
