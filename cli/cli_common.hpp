#pragma once
// Shared plumbing of the thin `redist` command: each subcommand lives in its own cmd_<name>.cpp and
// registers itself on the CLI11 app; the action stores its exit status in the Context.

#include <string>

#include <CLI/CLI.hpp>

#include "redist/io/exact_json.hpp"

namespace redist::cli {

/// Exit status contract (docs/design.md section 3).
inline constexpr int kExitOk = 0;
inline constexpr int kExitCheckFailed = 1;
inline constexpr int kExitBadInput = 2;

struct Context {
  int exit_code = kExitOk;
};

/// JSON text for a person or a script: indented when small, one line when large.
/// A member whose value is given as JSON text (a large array written without a DOM).
struct RawMember {
  std::string key;
  std::string text;
};

/// `document` (an object) as text, one key per line; `raw`, when it has a key, goes last.
std::string json_text(const io::Json& document, const RawMember& raw = {});

/// Writes `document` to `path` (atomically) or to standard output when path is empty or "-".
void emit_json(const io::Json& document, const std::string& path, const RawMember& raw = {});

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
void register_perm(CLI::App& app, Context& context);
void register_gen_perm(CLI::App& gen, Context& context);
void register_experiment_perm(CLI::App& experiment, Context& context);
void register_experiment_hetbi(CLI::App& experiment, Context& context);

}  // namespace redist::cli
