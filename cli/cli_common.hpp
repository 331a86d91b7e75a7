#pragma once
// Shared plumbing of the thin `redist` command: each subcommand lives in its own cmd_<name>.cpp and
// registers itself on the CLI11 app; the action stores its exit status in the Context.

#include <cstdint>
#include <functional>
#include <optional>
#include <string>

#include <CLI/CLI.hpp>

#include "redist/io/json_text.hpp"
#include "redist/io/output_files.hpp"

namespace redist::cli {

/// Exit status contract (docs/design.md section 3, docs/architecture.md "Errors").
inline constexpr int kExitOk = 0;
inline constexpr int kExitCheckFailed = 1;    // `check`: the schedule is invalid
inline constexpr int kExitBadInput = 2;       // bad input or usage: one line, nothing written
inline constexpr int kExitInternalError = 3;  // one of redist's own checks failed (InternalError)

struct Context {
  int exit_code = kExitOk;
};

/// An integer option's text must be digits only (no sign, no wrap-around: "-1" is not 2^64-1) and
/// lie in [lo, hi]. CLI11 alone parses "-1" into an unsigned option as 2^64-1.
CLI::Validator whole_number(std::uint64_t lo, std::uint64_t hi);
/// The whole of `text` as a finite number, else nullopt ("1x", "nan", "" are not numbers).
std::optional<double> parse_real(const std::string& text);
/// A real option must be a finite number in [lo, hi] (NaN passes CLI::Range).
CLI::Validator real_number(double lo, double hi);
/// `-o ''` is a mistake, not "no output".
CLI::Validator output_path();

/// A generator's output: `output` (empty: standard output) is declared before `make` runs, so a
/// path that cannot be written costs nothing, and written only when `make` succeeded.
void write_generated(const std::string& output, const std::function<std::string()>& make);

/// `--out DIR` of the experiments: refused before the run when it exists and is not a folder.
void check_output_folder(const std::string& dir, const std::string& option);

void register_plan(CLI::App& app, Context& context);
void register_check(CLI::App& app, Context& context);
void register_bounds(CLI::App& app, Context& context);
void register_gen_ring(CLI::App& gen, Context& context);
void register_lau(CLI::App& app, Context& context);
void register_gen_lau(CLI::App& gen, Context& context);
void register_experiment_lau(CLI::App& experiment, Context& context);
#ifdef REDIST_HAVE_SIMGRID
void register_experiment_simgrid(CLI::App& experiment, Context& context);
#endif
#ifdef REDIST_HAVE_MILP
void register_exact(CLI::App& app, Context& context);
#endif
void register_perm(CLI::App& app, Context& context);
void register_gen_perm(CLI::App& gen, Context& context);
void register_experiment_perm(CLI::App& experiment, Context& context);
void register_experiment_hetbi(CLI::App& experiment, Context& context);

}  // namespace redist::cli
