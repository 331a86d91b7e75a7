// `redist experiment simgrid [--quick] [--out DIR]`: document 000 section 8 (Figures 13-14) in
// SimGrid, with the adaptive policy and the planner-against-simulator check (docs/simgrid.md).
// Compiled only when the simgrid layer is built (REDIST_HAVE_SIMGRID).

#include <cmath>
#include <iostream>
#include <sstream>

#include "cli_common.hpp"
#include "redist/core/error.hpp"
#include "redist/report/simgrid_study_report.hpp"
#include "redist/simgrid/simgrid_study.hpp"

namespace redist::cli {

namespace {

struct ExperimentSimgridOptions {
  simgrid::SimgridStudyOptions run;
  std::string out = "results/simgrid";
  std::string ratios;      // comma-separated; empty: kDefaultRatios (1..300)
  std::string ring_sizes;  // comma-separated; empty: 8,32
  std::string speed_changes = "iterations";
};

std::vector<double> parse_list(const std::string& text, const char* option) {
  std::vector<double> out;
  std::stringstream in(text);
  for (std::string item; std::getline(in, item, ',');) {
    const auto v = parse_real(item);
    if (!v) throw InputError("", option, "'" + item + "' is not a number");
    out.push_back(*v);
  }
  return out;
}

int run_experiment_simgrid(ExperimentSimgridOptions& opt) {
  check_output_folder(opt.out, "--out");
  opt.run.progress = &std::cerr;
  opt.run.speed_changes = opt.speed_changes == "trace" ? simgrid::SpeedChanges::timed_trace
                                                       : simgrid::SpeedChanges::at_iterations;
  if (!opt.ratios.empty()) opt.run.ratios = parse_list(opt.ratios, "--ratios");
  if (!opt.ring_sizes.empty()) {
    opt.run.ring_sizes.clear();
    for (double p : parse_list(opt.ring_sizes, "--ring-sizes")) {
      // Checked before the cast: a double beyond int (1e30, -1e30) has no int value at all.
      if (p != std::floor(p) || p < 3 || p > 69)
        throw InputError("", "--ring-sizes",
                         "each must be a whole number in [3, 69] (the platform's hosts)");
      opt.run.ring_sizes.push_back(static_cast<int>(p));
    }
  }
  const simgrid::SimgridStudyResult result = run_simgrid_study(opt.run);
  const auto files = report::write_simgrid_study(result, opt.out);
  std::cout << report::format_simgrid_study(result) << "\nwrote:\n";
  for (const auto& f : files) std::cout << "  " << f << "\n";
  return kExitOk;
}

}  // namespace

void register_experiment_simgrid(CLI::App& experiment, Context& context) {
  auto opt = std::make_shared<ExperimentSimgridOptions>();
  CLI::App* cmd = experiment.add_subcommand(
      "simgrid",
      "Document 000's SimGrid study (Figures 13-14): when do redistributions pay off? CSV and SVG");
  cmd->add_flag("--quick", opt->run.quick, "4 seeds instead of 30 (well under a minute)");
  cmd->add_option("--out", opt->out, "output directory (default results/simgrid)")
      ->check(output_path());
  cmd->add_option("--seeds", opt->run.seeds, "seeds per ring size (default 30, quick 4)")
      ->check(whole_number(1, 10'000));
  cmd->add_option("--first-seed", opt->run.first_seed,
                  "first seed (seeds are consecutive; first + seeds <= 2^64-1)")
      ->check(whole_number(0, UINT64_MAX - 10'000));
  cmd->add_option("--jobs", opt->run.jobs, "simulations run at once (default: hardware threads)")
      ->check(whole_number(1, 256));
  cmd->add_option("--ratios", opt->ratios,
                  "comma-separated computation-to-communication ratios (default "
                  "1,2,3,5,10,20,30,50,100,200,300)");
  cmd->add_option("--ring-sizes", opt->ring_sizes, "comma-separated ring sizes (default 8,32)");
  cmd->add_option(
         "--speed-changes", opt->speed_changes,
         "iterations: at the drawn iterations (default); trace: time-based SimGrid speed profile")
      ->check(CLI::IsMember({"iterations", "trace"}));
  cmd->add_option("--margin", opt->run.adaptive.margin,
                  "adaptive policy: required saving / expected cost")
      ->check(real_number(0.0, 1000.0));
  cmd->add_option("--patience", opt->run.adaptive.patience,
                  "adaptive policy: imbalance loss to accept first / expected cost")
      ->check(real_number(0.0, 1000.0));
  cmd->add_option(
         "--initial-slowdown", opt->run.adaptive.initial_slowdown,
         "adaptive policy: measured / predicted redistribution time assumed before the first one")
      ->check(real_number(1.0, 1000.0));
  cmd->callback([opt, &context] { context.exit_code = run_experiment_simgrid(*opt); });
}

}  // namespace redist::cli
