// `redist experiment hetbi [--quick] [--out DIR] [--max-n N] [--seed S] [--effort E]`: the general
// heterogeneous bidirectional case measured on every generator shape
// (docs/ring_bidirectional_heterogeneous.md).

#include <iostream>

#include "cli_common.hpp"
#include "redist/report/hetbi_experiment.hpp"
#ifdef REDIST_HAVE_MILP
#include "redist/exact/ring_optimum.hpp"
#endif

namespace redist::cli {

namespace {

struct ExperimentHetbiOptions {
  report::HetbiExperimentOptions run;
  std::string out = "results/hetbi";
};

}  // namespace

void register_experiment_hetbi(CLI::App& experiment, Context& context) {
  auto opt = std::make_shared<ExperimentHetbiOptions>();
  CLI::App* cmd = experiment.add_subcommand("hetbi",
                                            "Heterogeneous bidirectional rings of every shape: "
                                            "makespan against the best lower bound, tau_int "
                                            "reached, exact optima of small rings (CSV, SVG)");
  cmd->add_flag("--quick", opt->run.quick, "a few rings per shape, n = 4..16 (seconds)");
  cmd->add_option("--out", opt->out, "output directory (default results/hetbi)")
      ->check(output_path());
  cmd->add_option("--max-n", opt->run.max_n, "skip sizes above this (full run: n = 4..2000)")
      ->check(whole_number(2, 2000));
  cmd->add_option("--seed", opt->run.seed, "seed of the instance set (0 .. 2^64-1)")
      ->check(whole_number(0, UINT64_MAX));
  cmd->add_option("--effort", opt->run.effort, "planner effort (as plan --effort)")
      ->check(whole_number(0, 1000));
#ifdef REDIST_HAVE_MILP
  // The small rings' MILP optimum; a node limit, not a time limit, keeps the table reproducible.
  opt->run.small_ring_optimum = [](const RingInstance& inst,
                                   const ring::RingPlan& plan) -> std::optional<Ticks> {
    exact::RingOptimumOptions options;
    options.node_limit = 20'000;
    const exact::RingOptimum r = exact_ring_optimum(inst, plan, options);
    if (r.status == exact::RingOptimum::Status::optimal) return r.upper;
    return std::nullopt;
  };
#endif
  cmd->callback([opt, &context] {
    const report::HetbiReport report = run_hetbi_experiment(opt->run);
    const auto files = report::write_hetbi_experiment(report, opt->out);
    std::cout << report::format_hetbi_summary(report) << "\nwrote:\n";
    for (const auto& f : files) std::cout << "  " << f << "\n";
    context.exit_code = kExitOk;
  });
}

}  // namespace redist::cli
