#pragma once
// The lau layer's options described for a front end (app/option_spec.hpp): the planner's
// (`redist lau`) and the generator's (`redist gen lau`, its --seed excepted); and `gen lau` itself
// (app/generator_command.hpp).

#include <vector>

#include "app/generator_command.hpp"
#include "app/option_spec.hpp"
#include "redist/lau/generator.hpp"
#include "redist/lau/planner.hpp"

namespace redist::app {

std::vector<OptionSpec> option_specs(lau::LauOptions& options);
std::vector<OptionSpec> option_specs(lau::LauGenOptions& options);
/// `redist gen lau`: generate_lau_instance's instance in the all-port format (allport_io.hpp).
GeneratorCommand lau_generator_command();

}  // namespace redist::app
