#pragma once
// An experiment as a front end offers it (`redist experiment NAME`): what it reproduces, what
// --quick means for it, its options (core/option_spec.hpp) and one call that runs it, writes its
// files into a folder and returns what to print. The command owns its options object: its specs
// fill fields of it and its `run` reads them, so a front end binds and runs an experiment without
// knowing the experiment's option and report types.

#include <functional>
#include <iosfwd>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "redist/core/error.hpp"
#include "redist/core/option_spec.hpp"
#include "redist/report/hetbi_experiment.hpp"
#include "redist/report/report_files.hpp"

namespace redist::report {

struct ExperimentCommand {
  std::string name;  // `redist experiment NAME`; the default output folder is results/NAME
  std::string help;  // what it reproduces
  OptionSpec quick;  // --quick, with what it means for this experiment
  std::vector<OptionSpec> options;  // the others
  /// Refuses a `dir` that exists and is not a folder (before minutes are spent), runs, writes the
  /// files into `dir`, and returns the summary followed by "wrote:" and the files written.
  std::function<std::string(const std::string& dir)> run;
};

/// lau (document 002's Tables 1-4), perm (document 003's figures), hetbi (document 000 section
/// 6) and ordered (ordered items, docs/ordered.md), in that order. Progress lines, where an
/// experiment reports them, go to `progress` (null: none). `small_ring_optimum` is hetbi's hook for
/// exact optima of small rings (empty: none).
std::vector<ExperimentCommand> experiment_commands(
    std::ostream* progress, HetbiExperimentOptions::SmallRingOptimum small_ring_optimum = {});

/// "SUMMARY\nwrote:\n  FILE\n..." : what `redist experiment` prints once the files are written.
std::string written_text(const std::string& summary, const std::vector<std::string>& files);

namespace detail {
/// The file names of `paths`, in order.
std::vector<std::string> file_names(const std::vector<std::string>& paths);

/// The command of one experiment: `run`, `write` and `format` are its report functions (run the
/// experiment, write its files into a folder, summarise it), `files(const Options&)` the names
/// `write` will give them (checked before the run, so that a file that cannot be replaced costs no
/// minutes), `specs(Options&)` its option specs.
template <class Options, class Files, class Run, class Write, class Format>
ExperimentCommand experiment_command(std::string name, std::string help, std::string quick_help,
                                     std::shared_ptr<Options> options,
                                     std::vector<OptionSpec> specs, Files files, Run run,
                                     Write write, Format format) {
  OptionSpec quick = flag_option("--quick", options->quick, std::move(quick_help));
  ExperimentCommand command{
      std::move(name), std::move(help), std::move(quick), std::move(specs), {}};
  command.run = [=](const std::string& dir) {
    const std::vector<std::string> names = files(*options);
    require_report_files(dir, names);
    const auto report = run(*options);
    const std::vector<std::string> written = write(report, dir);
    REDIST_ASSERT(file_names(written) == names);  // what was checked is what was written
    return written_text(format(report), written);
  };
  return command;
}
}  // namespace detail

}  // namespace redist::report
