#pragma once
// The adaptive redistribution policy's options described for a front end (app/option_spec.hpp):
// `redist experiment simgrid --margin --patience --initial-slowdown`.

#include <vector>

#include "app/option_spec.hpp"
#include "redist/sim/adaptive_policy.hpp"

namespace redist::app {

std::vector<OptionSpec> option_specs(sim::AdaptiveOptions& options);

}  // namespace redist::app
