// `redist experiment lau|perm|hetbi|simgrid [--quick] [--out DIR] ...`: the documents' tables and
// figures, run, written and summarised by the report layer; the options bind to the experiments'
// option types. simgrid (document 000 section 8, docs/simgrid.md) needs the simgrid layer.

#include "cli_common.hpp"
#include "redist/report/hetbi_experiment.hpp"
#include "redist/report/lau_experiment_report.hpp"
#include "redist/report/option_specs.hpp"
#include "redist/report/perm_experiment.hpp"
#ifdef REDIST_HAVE_MILP
#include "redist/exact/ring_optimum.hpp"
#endif
#ifdef REDIST_HAVE_SIMGRID
#include "redist/report/simgrid_study_report.hpp"
#include "redist/simgrid/option_specs.hpp"
#include "redist/simgrid/simgrid_study.hpp"
#endif

namespace redist::cli {

namespace {

void register_lau(CLI::App& experiment) {
  auto run = std::make_shared<report::LauExperimentOptions>();
  add_experiment(experiment, "lau", "Document 002's Tables 1-4 (all-port ring), CSV and SVG plots",
                 "small samples (seconds instead of minutes)", run, report::run_lau_experiment,
                 report::write_lau_experiment, report::format_lau_tables);
}

void register_perm(CLI::App& experiment) {
  auto run = std::make_shared<report::PermExperimentOptions>();
  add_experiment(experiment, "perm",
                 "Document 003's Figures 1-2, Table 1a and the stencil coupling",
                 "fewer points and draws (seconds)", run, report::run_perm_experiment,
                 report::write_perm_experiment, report::format_perm_experiment);
}

void register_hetbi(CLI::App& experiment) {
  auto run = std::make_shared<report::HetbiExperimentOptions>();
  add_experiment(
      experiment, "hetbi",
      "Heterogeneous bidirectional rings of every shape: makespan against the best lower bound, "
      "tau_int reached, exact optima of small rings (CSV, SVG)",
      "a few rings per shape, n = 4..16 (seconds)", run, report::run_hetbi_experiment,
      report::write_hetbi_experiment, report::format_hetbi_summary);
#ifdef REDIST_HAVE_MILP
  run->small_ring_optimum = [](const RingInstance& instance, const ring::RingPlan& plan) {
    return exact::proved_ring_optimum(instance, plan, 20'000);
  };
#endif
}

#ifdef REDIST_HAVE_SIMGRID
void register_simgrid(CLI::App& experiment) {
  auto run = std::make_shared<simgrid::SimgridStudyOptions>();
  add_experiment(
      experiment, "simgrid",
      "Document 000's SimGrid study (Figures 13-14): when do redistributions pay off? CSV and SVG",
      "4 seeds instead of 30 (well under a minute)", run, simgrid::run_simgrid_study,
      report::write_simgrid_study, report::format_simgrid_study);
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
