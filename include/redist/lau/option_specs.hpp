#pragma once
// The lau layer's options described for a front end (core/option_spec.hpp): the planner's
// (`redist lau`) and the generator's (`redist gen lau`, its --seed excepted).

#include <vector>

#include "redist/core/option_spec.hpp"
#include "redist/lau/generator.hpp"
#include "redist/lau/planner.hpp"

namespace redist::lau {

std::vector<OptionSpec> option_specs(LauOptions& options);
std::vector<OptionSpec> option_specs(LauGenOptions& options);

}  // namespace redist::lau
