#pragma once
// The perm layer's options described for a front end (core/option_spec.hpp): the objective of
// `redist perm` and the generator's options (`redist gen perm`, its --seed excepted).

#include <string>
#include <vector>

#include "redist/core/option_spec.hpp"
#include "redist/perm/generator.hpp"
#include "redist/perm/plan.hpp"

namespace redist::perm {

OptionSpec objective_option(PermObjective& objective);
/// `grid` receives --grid's text, for set_processor_grid once every option is known (an empty grid
/// depends on the processor count).
std::vector<OptionSpec> option_specs(PermGenOptions& options, std::string& grid);

}  // namespace redist::perm
