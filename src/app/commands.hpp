#pragma once
// The commands of `redist` as functions of their parsed arguments. Each reads its files within the
// memory budget, calls one library facade, writes its output files all or nothing
// (io::OutputFiles: declared before any work, committed once everything is known) and writes what
// the command prints to `out`. The command line (cli/) only parses into these arguments, calls one
// of them and maps errors to the exit status (docs/architecture.md "The app layer").

#include <iosfwd>
#include <string>

#include "redist/core/error.hpp"
#include "redist/io/output_files.hpp"
#include "redist/lau/planner.hpp"
#include "redist/perm/plan.hpp"
#include "redist/ring/plan.hpp"
#ifdef REDIST_HAVE_MILP
#include "redist/exact/ring_optimum.hpp"
#endif

namespace redist::app {

/// A command's files: its input, `-o` and `--svg` (empty: not asked for), and `--json`.
struct CommandFiles {
  std::string input, output, svg;
  bool json = false;
  /// Declared before any work, so that a path that cannot be written costs nothing.
  void declare(io::OutputFiles& outputs) const;
};

/// Runs `step`; an InputError it throws is thrown again naming `file` (and `field` when given): the
/// library says what is wrong, the command knows which file or option it came from.
template <class Step>
auto blaming(const std::string& file, Step&& step, const std::string& field = "") {
  try {
    return step();
  } catch (const InputError& e) {
    throw InputError(file, field.empty() ? e.field() : field, e.reason());
  }
}

/// `redist plan`: the ring plan (ordered items when `ordered`), its schedule streamed to `-o`
/// while plan_ring validates it, its diagram to `--svg`, its summary or JSON to `out`.
void plan_command(const CommandFiles& files, const ring::RingPlanOptions& options, bool ordered,
                  std::ostream& out);

/// `redist check INSTANCE SCHEDULE`: the exact verdict to `out`, a warning line per field the
/// schedule does not define to `warnings` (refused when `strict`); true when the schedule is valid.
bool check_command(const CommandFiles& files, const std::string& schedule, bool strict,
                   std::ostream& out, std::ostream& warnings);

/// `redist bounds`: the ring's lower bounds, as text or JSON.
void bounds_command(const CommandFiles& files, std::ostream& out);

/// `redist lau`: document 002's all-port plan, its execution drawn to `--svg`.
void lau_command(const CommandFiles& files, const lau::LauOptions& options, std::ostream& out);

/// `redist perm`: the best permutation with its step schedule (to `-o`: stdout stays short).
void perm_command(const CommandFiles& files, perm::PermObjective objective, std::ostream& out);

#ifdef REDIST_HAVE_MILP
/// `redist exact`: the MILP optimum of a small ring (only with the exact layer).
void exact_command(const CommandFiles& files, const exact::RingOptimumOptions& options,
                   std::ostream& out);
#endif

}  // namespace redist::app
