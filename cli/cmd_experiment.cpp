// `redist experiment lau|perm|hetbi|simgrid [--quick] [--out DIR] ...`: the documents' tables and
// figures, run, written and summarised by the report layer; the options bind to the experiments'
// option types. simgrid (document 000 section 8, docs/simgrid.md) needs the simgrid layer.

#include "cli_common.hpp"
#include "redist/report/hetbi_experiment.hpp"
#include "redist/report/lau_experiment_report.hpp"
#include "redist/report/perm_experiment.hpp"
#ifdef REDIST_HAVE_MILP
#include "redist/exact/ring_optimum.hpp"
#endif
#ifdef REDIST_HAVE_SIMGRID
#include "redist/report/simgrid_study_report.hpp"
#include "redist/simgrid/simgrid_study.hpp"
#endif

namespace redist::cli {

namespace {

void register_lau(CLI::App& experiment) {
  auto run = std::make_shared<report::LauExperimentOptions>();
  CLI::App* cmd = add_experiment(
      experiment, "lau", "Document 002's Tables 1-4 (all-port ring), CSV and SVG plots",
      "small samples (seconds instead of minutes)", run, report::run_lau_experiment,
      report::write_lau_experiment, report::format_lau_tables);
  add_seed(cmd, run->seed);
  add_number(cmd, "--instances", run->instances, 1, 10'000'000,
             "instances per ring size for Tables 1-3");
}

void register_perm(CLI::App& experiment) {
  auto run = std::make_shared<report::PermExperimentOptions>();
  CLI::App* cmd = add_experiment(
      experiment, "perm", "Document 003's Figures 1-2, Table 1a and the stencil coupling",
      "fewer points and draws (seconds)", run, report::run_perm_experiment,
      report::write_perm_experiment, report::format_perm_experiment);
  add_seed(cmd, run->seed);
  add_number(cmd, "--draws", run->draws, 1, 100000,
             "random draws per point (default 50; quick 10)");
}

void register_hetbi(CLI::App& experiment) {
  auto run = std::make_shared<report::HetbiExperimentOptions>();
  CLI::App* cmd = add_experiment(
      experiment, "hetbi",
      "Heterogeneous bidirectional rings of every shape: makespan against the best lower bound, "
      "tau_int reached, exact optima of small rings (CSV, SVG)",
      "a few rings per shape, n = 4..16 (seconds)", run, report::run_hetbi_experiment,
      report::write_hetbi_experiment, report::format_hetbi_summary);
  add_number(cmd, "--max-n", run->max_n, 2, 2000, "skip sizes above this (full run: n = 4..2000)");
  add_seed(cmd, run->seed, "seed of the instance set (0 .. 2^64-1)");
  add_number(cmd, "--effort", run->effort, 0, 1000, "planner effort (as plan --effort)");
#ifdef REDIST_HAVE_MILP
  run->small_ring_optimum = [](const RingInstance& instance, const ring::RingPlan& plan) {
    return exact::proved_ring_optimum(instance, plan, 20'000);
  };
#endif
}

#ifdef REDIST_HAVE_SIMGRID
void register_simgrid(CLI::App& experiment) {
  auto run = std::make_shared<simgrid::SimgridStudyOptions>();
  CLI::App* cmd = add_experiment(
      experiment, "simgrid",
      "Document 000's SimGrid study (Figures 13-14): when do redistributions pay off? CSV and SVG",
      "4 seeds instead of 30 (well under a minute)", run, simgrid::run_simgrid_study,
      report::write_simgrid_study, report::format_simgrid_study);
  add_number(cmd, "--seeds", run->seeds, 1, 10'000, "seeds per ring size (default 30, quick 4)");
  add_number(cmd, "--first-seed", run->first_seed, 0, UINT64_MAX - 10'000,
             "first seed (seeds are consecutive)");
  add_number(cmd, "--jobs", run->jobs, 1, 256,
             "simulations run at once (default: hardware threads)");
  cmd->add_option("--ratios", run->ratios, "computation-to-communication ratios (default 1..300)")
      ->delimiter(',')
      ->check(real_number(0, 1e6));
  const auto hosts = [](std::string& size) -> std::string {
    if (whole_number(3, 69)(size).empty()) return "";
    return "each must be a whole number in [3, 69] (the platform's hosts)";
  };
  cmd->add_option("--ring-sizes", run->ring_sizes, "comma-separated ring sizes (default 8,32)")
      ->delimiter(',')
      ->check(CLI::Validator(hosts, "SIZE"));
  add_choice(cmd, "--speed-changes", run->speed_changes,
             {{"iterations", simgrid::SpeedChanges::at_iterations},
              {"trace", simgrid::SpeedChanges::timed_trace}},
             "at the drawn iterations (default) or a time-based SimGrid speed trace");
  cmd->add_option("--margin", run->adaptive.margin, "adaptive: required saving / expected cost")
      ->check(real_number(0, 1000));
  cmd->add_option("--patience", run->adaptive.patience,
                  "adaptive: imbalance loss to accept first / expected cost")
      ->check(real_number(0, 1000));
  cmd->add_option("--initial-slowdown", run->adaptive.initial_slowdown,
                  "adaptive: measured / predicted redistribution time before the first one")
      ->check(real_number(1, 1000));
}
#endif

}  // namespace

void register_experiments(CLI::App& experiment) {
  register_lau(experiment);
  register_perm(experiment);
  register_hetbi(experiment);
#ifdef REDIST_HAVE_SIMGRID
  register_simgrid(experiment);
#endif
}

}  // namespace redist::cli
