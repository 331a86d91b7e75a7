#include "app/perm_option_specs.hpp"

#include <memory>

namespace redist::app {

OptionSpec objective_option(perm::PermObjective& objective) {
  return choice_option("--objective", objective,
                       named({perm::PermObjective::volume, perm::PermObjective::steps}),
                       "volume (default) or steps");
}

std::vector<OptionSpec> option_specs(perm::PermGenRequest& request) {
  using D = perm::PermDistribution;
  perm::PermGenOptions& options = request.options;
  return {
      choice_option(
          "--dist", options.distribution,
          named({D::random, D::skewed, D::block_cyclic, D::skewed_set, D::chunk_set, D::block1d}),
          "random, skewed, block-cyclic, skewed-set, chunk-set or block1d"),
      whole_option("-P,--processors", options.processors, 1, perm::kMaxProcessors,
                   "number of processors (tile distributions: see --grid)"),
      whole_option("-D,--items-per-part", options.items_per_part, 0, perm::kMaxGeneratedItems,
                   "items per part (random, skewed; P * D <= 10^9)"),
      real_option("--alpha", options.alpha, 0, 1, "skew in [0, 1] (skewed)"),
      text_option("--grid", request.grid,
                  "PxQ processor grid (block-cyclic, skewed-set, chunk-set)"),
      whole_option("--tiles", options.tiles, 1, perm::kMaxTiles,
                   "the matrix has n x n tiles (tile distributions)"),
      whole_option("--chunk", options.chunk, 1, perm::kMaxTiles,
                   "chunk side in tiles (chunk-set; default n/8)"),
      whole_option("-N,--items", options.items, 0, perm::kMaxGeneratedItems,
                   "number of items (block1d)"),
      choice_option("--form", request.form,
                    std::map<std::string, std::string>{{"counts", "counts"}, {"items", "items"}},
                    "counts (default) or items (default for block1d)"),
  };
}

GeneratorCommand perm_generator_command() {
  auto request = std::make_shared<perm::PermGenRequest>();
  return {"perm", "Random permutation instance (document 003 distributions)",
          seed_option(request->options.seed), option_specs(*request),
          [request] { return perm::generated_instance_text(*request); }};
}

}  // namespace redist::app
