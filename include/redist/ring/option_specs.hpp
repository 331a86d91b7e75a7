#pragma once
// The ring layer's options described for a front end (core/option_spec.hpp): the planner's
// (`redist plan`) and the generator's (`redist gen ring`, its --seed excepted), with their ranges
// and help texts; and `gen ring` itself (core/generator_command.hpp).

#include <vector>

#include "redist/core/generator_command.hpp"
#include "redist/core/option_spec.hpp"
#include "redist/ring/generator.hpp"
#include "redist/ring/plan.hpp"

namespace redist::ring {

std::vector<OptionSpec> option_specs(RingPlanOptions& options);
/// `redist plan --ordered`: plan for ordered items (ordered_plan.hpp) instead.
std::vector<OptionSpec> ordered_option_specs(bool& ordered);
std::vector<OptionSpec> option_specs(RingGenOptions& options);
/// `redist gen ring`: generate_ring_instance's instance in the ring instance format.
GeneratorCommand generator_command();

}  // namespace redist::ring
