#include "app/adaptive_option_specs.hpp"

namespace redist::app {

std::vector<OptionSpec> option_specs(sim::AdaptiveOptions& options) {
  return {
      real_option("--margin", options.margin, 0, 1000, "adaptive: required saving / expected cost"),
      real_option("--patience", options.patience, 0, 1000,
                  "adaptive: imbalance loss to accept first / expected cost"),
      real_option("--initial-slowdown", options.initial_slowdown, 1, 1000,
                  "adaptive: measured / predicted redistribution time before the first one"),
  };
}

}  // namespace redist::app
