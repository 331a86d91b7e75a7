#pragma once
// The SimGrid experiments as `redist experiment` offers them (app/experiment_command.hpp): built
// only with the simgrid layer.

#include <iosfwd>

#include "app/experiment_command.hpp"

namespace redist::app {

/// `redist experiment simgrid`: document 000's SimGrid study; a progress line every few percent
/// goes to `progress` (null: none).
ExperimentCommand simgrid_experiment_command(std::ostream* progress);

/// `redist experiment ordered-simgrid`: ordered plans on SimGrid rings (docs/ordered.md).
ExperimentCommand ordered_simgrid_experiment_command();

}  // namespace redist::app
