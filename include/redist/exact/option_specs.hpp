#pragma once
// The exact layer's options described for a front end (core/option_spec.hpp): `redist exact`.

#include <vector>

#include "redist/core/option_spec.hpp"
#include "redist/exact/ring_optimum.hpp"

namespace redist::exact {

/// --solver offers the solvers built in (available_milp_solvers()).
std::vector<OptionSpec> option_specs(RingOptimumOptions& options);

}  // namespace redist::exact
