#pragma once
// The exact layer's options described for a front end (app/option_spec.hpp): `redist exact`.

#include <vector>

#include "app/option_spec.hpp"
#include "redist/exact/ring_optimum.hpp"

namespace redist::app {

/// --solver offers the solvers built in (available_milp_solvers()).
std::vector<OptionSpec> option_specs(exact::RingOptimumOptions& options);

}  // namespace redist::app
