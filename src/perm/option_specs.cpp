#include "redist/perm/option_specs.hpp"

#include <memory>

namespace redist::perm {

OptionSpec objective_option(PermObjective& objective) {
  return choice_option("--objective", objective,
                       named({PermObjective::volume, PermObjective::steps}),
                       "volume (default) or steps");
}

std::vector<OptionSpec> option_specs(PermGenRequest& request) {
  using D = PermDistribution;
  PermGenOptions& options = request.options;
  return {
      choice_option(
          "--dist", options.distribution,
          named({D::random, D::skewed, D::block_cyclic, D::skewed_set, D::chunk_set, D::block1d}),
          "random, skewed, block-cyclic, skewed-set, chunk-set or block1d"),
      whole_option("-P,--processors", options.processors, 1, kMaxProcessors,
                   "number of processors (tile distributions: see --grid)"),
      whole_option("-D,--items-per-part", options.items_per_part, 0, kMaxGeneratedItems,
                   "items per part (random, skewed; P * D <= 10^9)"),
      real_option("--alpha", options.alpha, 0, 1, "skew in [0, 1] (skewed)"),
      text_option("--grid", request.grid,
                  "PxQ processor grid (block-cyclic, skewed-set, chunk-set)"),
      whole_option("--tiles", options.tiles, 1, kMaxTiles,
                   "the matrix has n x n tiles (tile distributions)"),
      whole_option("--chunk", options.chunk, 1, kMaxTiles,
                   "chunk side in tiles (chunk-set; default n/8)"),
      whole_option("-N,--items", options.items, 0, kMaxGeneratedItems, "number of items (block1d)"),
      choice_option("--form", request.form,
                    std::map<std::string, std::string>{{"counts", "counts"}, {"items", "items"}},
                    "counts (default) or items (default for block1d)"),
  };
}

GeneratorCommand generator_command() {
  auto request = std::make_shared<PermGenRequest>();
  return {"perm", "Random permutation instance (document 003 distributions)",
          seed_option(request->options.seed), option_specs(*request),
          [request] { return generated_instance_text(*request); }};
}

}  // namespace redist::perm
