#pragma once
// The ring layer's options described for a front end (app/option_spec.hpp): the planner's
// (`redist plan`) and the generator's (`redist gen ring`, its --seed excepted), with their ranges
// and help texts; and `gen ring` itself (app/generator_command.hpp).

#include <vector>

#include "app/generator_command.hpp"
#include "app/option_spec.hpp"
#include "redist/ring/generator.hpp"
#include "redist/ring/plan.hpp"

namespace redist::app {

std::vector<OptionSpec> option_specs(ring::RingPlanOptions& options);
/// `redist plan --ordered`: plan for ordered items (ordered_plan.hpp) instead.
std::vector<OptionSpec> ordered_option_specs(bool& ordered);
std::vector<OptionSpec> option_specs(ring::RingGenOptions& options);
/// `redist gen ring`: generate_ring_instance's instance in the ring instance format.
GeneratorCommand ring_generator_command();

}  // namespace redist::app
