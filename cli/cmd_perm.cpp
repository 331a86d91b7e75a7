// `redist perm INSTANCE [--objective volume|steps] [-o STEPS.json] [--json]`: the best permutation
// of parts onto processors for one cost model, its one-port step schedule (checked before it is
// written), and the costs of the canonical labelling and of greedy relabellings beside the optima.
// `redist gen perm --dist NAME ...`: document 003's distributions (reproducible with --seed).
// `redist experiment perm [--quick] [--out DIR]`: document 003's Figures 1-2, Table 1a, section 5.

#include <iostream>

#include "cli_common.hpp"
#include "redist/core/error.hpp"
#include "redist/perm/generator.hpp"
#include "redist/perm/perm_io.hpp"
#include "redist/perm/plan.hpp"
#include "redist/perm/plan_output.hpp"
#include "redist/report/perm_experiment.hpp"

namespace redist::cli {

namespace {

struct PermOptions {
  std::string instance;
  std::string objective = "volume";
  std::string output;
  bool json = false;
};

int run_perm(const PermOptions& opt) {
  io::OutputFiles outputs({opt.instance});
  if (!opt.output.empty()) outputs.declare(opt.output, "-o");
  const perm::PermInstance instance = perm::read_perm_instance(opt.instance);
  const perm::PermResult result =
      perm::plan_perm(instance, *perm::parse_perm_objective(opt.objective));
  if (!opt.output.empty()) outputs.set_text(opt.output, perm::perm_result_text(result));
  outputs.commit();
  if (opt.json) {
    std::cout << perm::perm_result_text(
        result, opt.output.empty());  // the file has the schedule: keep stdout short
  } else {
    std::cout << perm::perm_summary_text(result, opt.output);
  }
  return kExitOk;
}

struct GenPermOptions {
  perm::PermGenOptions gen;
  std::string dist = "random";
  std::string grid;
  std::string form;
  std::string output;
};

void run_gen_perm(GenPermOptions& opt) {
  if (!perm::parse_distribution(opt.dist, opt.gen.distribution))
    throw InputError("", "--dist", "unknown distribution '" + opt.dist + "'");
  perm::set_processor_grid(opt.gen, opt.grid, "--grid");
  const std::string form = !opt.form.empty()                                         ? opt.form
                           : opt.gen.distribution == perm::PermDistribution::block1d ? "items"
                                                                                     : "counts";
  if (form == "counts" && opt.gen.processors > 4096)
    throw InputError(
        "", "--form",
        "the counts form has P^2 numbers; use --form items for more than 4096 processors");
  write_generated(opt.output, [&] {
    const perm::ItemLayout layout = perm::generate_items(opt.gen);
    return form == "items" ? perm::perm_items_text(layout)
                           : perm::perm_counts_text(perm::PermInstance::from_items(
                                 layout.processors, layout.initial, layout.partition));
  });
}

struct ExperimentPermOptions {
  report::PermExperimentOptions run;
  std::string out = "results/perm";
};

int run_experiment(ExperimentPermOptions& opt) {
  check_output_folder(opt.out, "--out");
  opt.run.progress = &std::cerr;
  const report::PermExperimentReport report = report::run_perm_experiment(opt.run);
  const auto files = report::write_perm_experiment(report, opt.out);
  std::cout << report::format_perm_experiment(report) << "\nwrote:\n";
  for (const auto& f : files) std::cout << "  " << f << "\n";
  return kExitOk;
}

}  // namespace

void register_perm(CLI::App& app, Context& context) {
  auto opt = std::make_shared<PermOptions>();
  CLI::App* cmd = app.add_subcommand(
      "perm", "Best permutation of parts onto processors, with its one-port step schedule");
  cmd->add_option("instance", opt->instance,
                  "permutation instance JSON (counts, or initial + partition)")
      ->required();
  cmd->add_option("--objective", opt->objective, "volume (default) or steps")
      ->check(CLI::IsMember({"volume", "steps"}));
  cmd->add_option("-o,--output", opt->output,
                  "write the result with its step schedule to this file")
      ->check(output_path());
  cmd->add_flag("--json", opt->json, "machine-readable output");
  cmd->callback([opt, &context] { context.exit_code = run_perm(*opt); });
}

void register_gen_perm(CLI::App& gen, Context& context) {
  auto opt = std::make_shared<GenPermOptions>();
  CLI::App* cmd =
      gen.add_subcommand("perm", "Random permutation instance (document 003 distributions)");
  cmd->add_option("--dist", opt->dist,
                  "random, skewed, block-cyclic, skewed-set, chunk-set or block1d");
  cmd->add_option("-P,--processors", opt->gen.processors,
                  "number of processors (tile distributions: see --grid)")
      ->check(whole_number(1, perm::kMaxProcessors));
  cmd->add_option("-D,--items-per-part", opt->gen.items_per_part,
                  "items per part (random, skewed; P * D <= 10^9)")
      ->check(whole_number(0, perm::kMaxGeneratedItems));
  cmd->add_option("--alpha", opt->gen.alpha, "skew in [0, 1] (skewed)")
      ->check(real_number(0.0, 1.0));
  cmd->add_option("--grid", opt->grid, "PxQ processor grid (block-cyclic, skewed-set, chunk-set)");
  cmd->add_option("--tiles", opt->gen.tiles, "the matrix has n x n tiles (tile distributions)")
      ->check(whole_number(1, perm::kMaxTiles));
  cmd->add_option("--chunk", opt->gen.chunk, "chunk side in tiles (chunk-set; default n/8)")
      ->check(whole_number(1, perm::kMaxTiles));
  cmd->add_option("-N,--items", opt->gen.items, "number of items (block1d)")
      ->check(whole_number(0, perm::kMaxGeneratedItems));
  cmd->add_option("--form", opt->form, "counts (default) or items (default for block1d)")
      ->check(CLI::IsMember({"counts", "items"}));
  cmd->add_option("--seed", opt->gen.seed, "random seed (0 .. 2^64-1)")
      ->check(whole_number(0, UINT64_MAX));
  cmd->add_option("-o,--output", opt->output, "output file (default: standard output)")
      ->check(output_path());
  cmd->callback([opt, &context] {
    run_gen_perm(*opt);
    context.exit_code = kExitOk;
  });
}

void register_experiment_perm(CLI::App& experiment, Context& context) {
  auto opt = std::make_shared<ExperimentPermOptions>();
  CLI::App* cmd = experiment.add_subcommand(
      "perm", "Document 003's Figures 1-2, Table 1a (SkewedSet) and the stencil coupling");
  cmd->add_flag("--quick", opt->run.quick, "fewer points and draws (seconds)");
  cmd->add_option("--out", opt->out, "output directory (default results/perm)")
      ->check(output_path());
  cmd->add_option("--seed", opt->run.seed, "random seed (0 .. 2^64-1)")
      ->check(whole_number(0, UINT64_MAX));
  cmd->add_option("--draws", opt->run.draws, "random draws per point (default 50; quick 10)")
      ->check(whole_number(1, 100000));
  cmd->callback([opt, &context] { context.exit_code = run_experiment(*opt); });
}

}  // namespace redist::cli
