// `redist perm INSTANCE [--objective volume|steps] [-o STEPS.json] [--json]`: the best permutation of
// parts onto processors for one cost model, its one-port step schedule (checked before it is
// written), and the costs of the canonical labelling and of greedy relabellings beside the optima.
// `redist gen perm --dist NAME ...`: document 003's distributions (reproducible with --seed).
// `redist experiment perm [--quick] [--out DIR]`: document 003's Figures 1-2, Table 1a, section 5.

#include <cctype>
#include <iomanip>
#include <iostream>

#include "cli_common.hpp"
#include "redist/core/error.hpp"
#include "redist/io/perm_io.hpp"
#include "redist/perm/edge_colouring.hpp"
#include "redist/report/perm_experiment.hpp"
#include "redist/perm/generator.hpp"
#include "redist/perm/greedy.hpp"
#include "redist/perm/steps.hpp"
#include "redist/perm/volume.hpp"

namespace redist::cli {

namespace {

struct PermOptions {
  std::string instance;
  std::string objective = "volume";
  std::string output;
  bool json = false;
};

io::PermResult solve(const perm::PermInstance& inst, const std::string& objective) {
  io::PermResult r;
  r.objective = objective;
  r.processors = inst.processors();
  r.items = inst.total_items();
  r.min_volume = perm::solve_min_volume(inst);
  r.min_steps = perm::solve_min_steps(inst);
  r.chosen = objective == "steps" ? r.min_steps : r.min_volume;
  r.canonical = perm::evaluate(inst, perm::canonical_assignment(inst.processors()));
  r.heuristics = {{"greedy-sorted", perm::evaluate(inst, perm::greedy_sorted_overlaps(inst))},
                  {"path-growing", perm::evaluate(inst, perm::greedy_path_growing(inst))},
                  {"greedy-by-part", perm::evaluate(inst, perm::greedy_by_part(inst))}};
  return r;
}

// Column widths that fit 2^60 items (19 digits): a space always separates the numbers.
constexpr int kVolumeWidth = 20;
constexpr int kStepsWidth = 20;

void print_row(const std::string& name, const perm::PermSolution& s, const char* note) {
  std::cout << "  " << std::left << std::setw(16) << name << std::right << std::setw(kVolumeWidth) << s.volume
            << std::setw(kStepsWidth) << s.steps << "  " << note << "\n";
}

void print_summary(const io::PermResult& r, const perm::StepSchedule& schedule, const std::string& output) {
  std::cout << "perm: P = " << r.processors << " processors, N = " << r.items << " items\n";
  std::cout << "  " << std::left << std::setw(16) << "assignment" << std::right << std::setw(kVolumeWidth) << "volume"
            << std::setw(kStepsWidth) << "steps" << "\n";
  print_row("canonical", r.canonical, "(part j -> processor j)");
  for (const auto& [name, s] : r.heuristics) print_row(name, s, "(greedy heuristic)");
  print_row("min-volume", r.min_volume, "(optimal volume; fewest steps among those)");
  print_row("min-steps", r.min_steps, "(optimal steps; fewest items among those)");
  std::cout << "objective " << r.objective << ": volume " << r.chosen.volume << " (optimal " << r.min_volume.volume
            << "), steps " << r.chosen.steps << " (optimal " << r.min_steps.steps << ")\n";
  std::cout << "schedule: " << schedule.steps() << " one-port steps in " << schedule.groups.size()
            << " groups, checked (distinct senders and receivers in every step, every pair's demand met)\n";
  if (!output.empty()) std::cout << "written: " << output << "\n";
}

int run_perm(const PermOptions& opt) {
  io::OutputFiles outputs({opt.instance});
  if (!opt.output.empty()) outputs.declare(opt.output, "-o");
  const perm::PermInstance inst = io::read_perm_instance(opt.instance);
  io::PermResult result = solve(inst, opt.objective);
  const auto demand = perm::transfer_demand(inst, result.chosen.assignment);
  const perm::StepSchedule schedule = perm::colour_transfers(inst.processors(), demand);
  const perm::StepCheck check = perm::check_step_schedule(inst.processors(), demand, schedule);
  if (!check.valid || check.steps != result.chosen.steps) {
    std::cerr << "redist: internal check failed: the step schedule is invalid"
              << (check.violation ? " (" + check.violation->rule + ": " + check.violation->message + ")" : "") << "\n";
    return kExitCheckFailed;
  }
  result.schedule = &schedule;
  if (!opt.output.empty()) outputs.set_text(opt.output, io::perm_result_text(result));
  outputs.commit();
  if (opt.json) {
    if (!opt.output.empty()) result.schedule = nullptr;  // the file has it; keep stdout short
    std::cout << io::perm_result_text(result);
  } else {
    print_summary(result, schedule, opt.output);
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

// "4x8" -> p = 4, q = 8.
void parse_grid(const std::string& text, perm::PermGenOptions& gen) {
  const auto x = text.find('x');
  std::size_t used_p = 0, used_q = 0;
  try {
    if (x == std::string::npos) throw std::invalid_argument("no x");
    gen.grid_rows = std::stoul(text.substr(0, x), &used_p);
    gen.grid_cols = std::stoul(text.substr(x + 1), &used_q);
  } catch (const std::exception&) {
    throw InputError("", "--grid", "must look like PxQ, e.g. 4x8, got '" + text + "'");
  }
  if (used_p != x || used_q != text.size() - x - 1 || !std::isdigit(static_cast<unsigned char>(text[0])) ||
      !std::isdigit(static_cast<unsigned char>(text[x + 1])))
    throw InputError("", "--grid", "must look like PxQ with P, Q >= 1, got '" + text + "'");
  // Each side first, so that the product cannot wrap.
  if (gen.grid_rows == 0 || gen.grid_cols == 0 || gen.grid_rows > perm::kMaxProcessors || gen.grid_cols > perm::kMaxProcessors ||
      gen.grid_rows * gen.grid_cols > perm::kMaxProcessors)
    throw InputError("", "--grid", "must be PxQ with P, Q >= 1 and P * Q <= 2^23, got '" + text + "'");
  gen.processors = gen.grid_rows * gen.grid_cols;
}

// Without --grid, tile distributions use the squarest p x q = P.
void default_grid(perm::PermGenOptions& gen) {
  std::size_t p = 1;
  for (std::size_t d = 1; d * d <= gen.processors; ++d)
    if (gen.processors % d == 0) p = d;
  gen.grid_rows = p;
  gen.grid_cols = gen.processors / p;
}

void run_gen_perm(GenPermOptions& opt) {
  if (!perm::parse_distribution(opt.dist, opt.gen.distribution))
    throw InputError("", "--dist", "unknown distribution '" + opt.dist + "'");
  if (!opt.grid.empty()) {
    parse_grid(opt.grid, opt.gen);
  } else {
    default_grid(opt.gen);
  }
  const std::string form = !opt.form.empty() ? opt.form : opt.gen.distribution == perm::PermDistribution::block1d ? "items" : "counts";
  if (form == "counts" && opt.gen.processors > 4096)
    throw InputError("", "--form", "the counts form has P^2 numbers; use --form items for more than 4096 processors");
  write_generated(opt.output, [&] {
    const perm::ItemLayout layout = perm::generate_items(opt.gen);
    return form == "items" ? io::perm_items_text(layout)
                           : io::perm_counts_text(perm::PermInstance::from_items(layout.processors, layout.initial, layout.partition));
  });
}

struct ExperimentPermOptions {
  perm::PermExperimentOptions run;
  std::string out = "results/perm";
};

int run_experiment(ExperimentPermOptions& opt) {
  check_output_folder(opt.out, "--out");
  opt.run.progress = &std::cerr;
  const perm::PermExperimentReport report = perm::run_perm_experiment(opt.run);
  const auto files = perm::write_perm_experiment(report, opt.out);
  std::cout << perm::format_perm_experiment(report) << "\nwrote:\n";
  for (const auto& f : files) std::cout << "  " << f << "\n";
  return kExitOk;
}

}  // namespace

void register_perm(CLI::App& app, Context& context) {
  auto opt = std::make_shared<PermOptions>();
  CLI::App* cmd = app.add_subcommand("perm", "Best permutation of parts onto processors, with its one-port step schedule");
  cmd->add_option("instance", opt->instance, "permutation instance JSON (counts, or initial + partition)")->required();
  cmd->add_option("--objective", opt->objective, "volume (default) or steps")->check(CLI::IsMember({"volume", "steps"}));
  cmd->add_option("-o,--output", opt->output, "write the result with its step schedule to this file")->check(output_path());
  cmd->add_flag("--json", opt->json, "machine-readable output");
  cmd->callback([opt, &context] { context.exit_code = run_perm(*opt); });
}

void register_gen_perm(CLI::App& gen, Context& context) {
  auto opt = std::make_shared<GenPermOptions>();
  CLI::App* cmd = gen.add_subcommand("perm", "Random permutation instance (document 003 distributions)");
  cmd->add_option("--dist", opt->dist, "random, skewed, block-cyclic, skewed-set, chunk-set or block1d");
  cmd->add_option("-P,--processors", opt->gen.processors, "number of processors (tile distributions: see --grid)")
      ->check(whole_number(1, perm::kMaxProcessors));
  cmd->add_option("-D,--items-per-part", opt->gen.items_per_part, "items per part (random, skewed; P * D <= 10^9)")
      ->check(whole_number(0, perm::kMaxGeneratedItems));
  cmd->add_option("--alpha", opt->gen.alpha, "skew in [0, 1] (skewed)")->check(real_number(0.0, 1.0));
  cmd->add_option("--grid", opt->grid, "PxQ processor grid (block-cyclic, skewed-set, chunk-set)");
  cmd->add_option("--tiles", opt->gen.tiles, "the matrix has n x n tiles (tile distributions)")->check(whole_number(1, perm::kMaxTiles));
  cmd->add_option("--chunk", opt->gen.chunk, "chunk side in tiles (chunk-set; default n/8)")->check(whole_number(1, perm::kMaxTiles));
  cmd->add_option("-N,--items", opt->gen.items, "number of items (block1d)")->check(whole_number(0, perm::kMaxGeneratedItems));
  cmd->add_option("--form", opt->form, "counts (default) or items (default for block1d)")->check(CLI::IsMember({"counts", "items"}));
  cmd->add_option("--seed", opt->gen.seed, "random seed (0 .. 2^64-1)")->check(whole_number(0, UINT64_MAX));
  cmd->add_option("-o,--output", opt->output, "output file (default: standard output)")->check(output_path());
  cmd->callback([opt, &context] {
    run_gen_perm(*opt);
    context.exit_code = kExitOk;
  });
}

void register_experiment_perm(CLI::App& experiment, Context& context) {
  auto opt = std::make_shared<ExperimentPermOptions>();
  CLI::App* cmd = experiment.add_subcommand("perm", "Document 003's Figures 1-2, Table 1a (SkewedSet) and the stencil coupling");
  cmd->add_flag("--quick", opt->run.quick, "fewer points and draws (seconds)");
  cmd->add_option("--out", opt->out, "output directory (default results/perm)")->check(output_path());
  cmd->add_option("--seed", opt->run.seed, "random seed (0 .. 2^64-1)")->check(whole_number(0, UINT64_MAX));
  cmd->add_option("--draws", opt->run.draws, "random draws per point (default 50; quick 10)")->check(whole_number(1, 100000));
  cmd->callback([opt, &context] { context.exit_code = run_experiment(*opt); });
}

}  // namespace redist::cli
