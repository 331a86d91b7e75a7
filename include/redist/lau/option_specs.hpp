#pragma once
// The lau layer's options described for a front end (core/option_spec.hpp): the planner's
// (`redist lau`) and the generator's (`redist gen lau`, its --seed excepted); and `gen lau` itself
// (core/generator_command.hpp).

#include <vector>

#include "redist/core/generator_command.hpp"
#include "redist/core/option_spec.hpp"
#include "redist/lau/generator.hpp"
#include "redist/lau/planner.hpp"

namespace redist::lau {

std::vector<OptionSpec> option_specs(LauOptions& options);
std::vector<OptionSpec> option_specs(LauGenOptions& options);
/// `redist gen lau`: generate_lau_instance's instance in the all-port format (allport_io.hpp).
GeneratorCommand generator_command();

}  // namespace redist::lau
