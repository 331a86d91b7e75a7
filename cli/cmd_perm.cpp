// Permutations of parts onto processors, document 003 (library: perm/):
//   redist perm INSTANCE [--objective volume|steps] [-o STEPS.json] [--json]: the best permutation
//     for one cost model with its one-port step schedule (perm::plan_perm checks it), beside the
//     canonical labelling and greedy relabellings.
//   redist gen perm --dist NAME [-P N] [-D N] [--grid PxQ] ... --seed S [-o FILE]

#include <iostream>

#include "cli_common.hpp"
#include "redist/io/output_files.hpp"
#include "redist/perm/generator.hpp"
#include "redist/perm/perm_io.hpp"
#include "redist/perm/plan_output.hpp"

namespace redist::cli {

namespace {

struct PermOptions {
  Files files;
  perm::PermObjective objective = perm::PermObjective::volume;
  perm::PermGenOptions gen;
  std::string grid, form;
};

void run_perm(const PermOptions& opt) {
  const Files& f = opt.files;
  io::OutputFiles outputs({f.input});
  f.declare(outputs);
  const perm::PermResult result = perm::plan_perm(perm::read_perm_instance(f.input), opt.objective);
  if (!f.output.empty()) outputs.set_text(f.output, perm::perm_result_text(result));
  outputs.commit();
  // With -o the file has the schedule: stdout stays short.
  std::cout << (f.json ? perm::perm_result_text(result, f.output.empty())
                       : perm::perm_summary_text(result, f.output));
}

std::string generate_perm(PermOptions& opt) {
  perm::set_processor_grid(opt.gen, opt.grid, "--grid");
  const bool items = opt.form.empty() ? opt.gen.distribution == perm::PermDistribution::block1d
                                      : opt.form == "items";
  if (!items && opt.gen.processors > 4096)
    throw InputError(
        "", "--form",
        "the counts form has P^2 numbers; use --form items for more than 4096 processors");
  const perm::ItemLayout layout = perm::generate_items(opt.gen);
  return items ? perm::perm_items_text(layout)
               : perm::perm_counts_text(perm::PermInstance::from_items(
                     layout.processors, layout.initial, layout.partition));
}

}  // namespace

void register_perm(CLI::App& app, CLI::App& gen) {
  auto opt = std::make_shared<PermOptions>();
  CLI::App* cmd = add_command(
      app, "perm", "Best permutation of parts onto processors, with its one-port step schedule",
      opt->files, "permutation instance JSON (counts, or initial + partition)",
      "write the result with its step schedule to this file");
  add_choice(cmd, "--objective", opt->objective,
             named({perm::PermObjective::volume, perm::PermObjective::steps}),
             "volume (default) or steps");
  cmd->callback([opt] { run_perm(*opt); });

  perm::PermGenOptions& g = opt->gen;
  CLI::App* gen_perm =
      add_generator(gen, "perm", "Random permutation instance (document 003 distributions)", g.seed,
                    [opt] { return generate_perm(*opt); });
  using D = perm::PermDistribution;
  add_choice(
      gen_perm, "--dist", g.distribution,
      named({D::random, D::skewed, D::block_cyclic, D::skewed_set, D::chunk_set, D::block1d}),
      "random, skewed, block-cyclic, skewed-set, chunk-set or block1d");
  add_number(gen_perm, "-P,--processors", g.processors, 1, perm::kMaxProcessors,
             "number of processors (tile distributions: see --grid)");
  add_number(gen_perm, "-D,--items-per-part", g.items_per_part, 0, perm::kMaxGeneratedItems,
             "items per part (random, skewed; P * D <= 10^9)");
  gen_perm->add_option("--alpha", g.alpha, "skew in [0, 1] (skewed)")->check(real_number(0, 1));
  gen_perm->add_option("--grid", opt->grid,
                       "PxQ processor grid (block-cyclic, skewed-set, chunk-set)");
  add_number(gen_perm, "--tiles", g.tiles, 1, perm::kMaxTiles,
             "the matrix has n x n tiles (tile distributions)");
  add_number(gen_perm, "--chunk", g.chunk, 1, perm::kMaxTiles,
             "chunk side in tiles (chunk-set; default n/8)");
  add_number(gen_perm, "-N,--items", g.items, 0, perm::kMaxGeneratedItems,
             "number of items (block1d)");
  gen_perm->add_option("--form", opt->form, "counts (default) or items (default for block1d)")
      ->check(CLI::IsMember({"counts", "items"}));
}

}  // namespace redist::cli
