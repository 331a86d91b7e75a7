#pragma once
// The perm layer's options described for a front end (app/option_spec.hpp): the objective of
// `redist perm` and the generator's (`redist gen perm`, its --seed excepted); and `gen perm` itself
// (app/generator_command.hpp).

#include <vector>

#include "app/generator_command.hpp"
#include "app/option_spec.hpp"
#include "redist/perm/generated_instance.hpp"
#include "redist/perm/plan.hpp"

namespace redist::app {

OptionSpec objective_option(perm::PermObjective& objective);
/// The generator's options, --grid and --form (generated_instance.hpp), --seed excepted.
std::vector<OptionSpec> option_specs(perm::PermGenRequest& request);
/// `redist gen perm`: generated_instance_text of the options as set.
GeneratorCommand perm_generator_command();

}  // namespace redist::app
