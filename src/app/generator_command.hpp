#pragma once
// A random-instance generator as a front end offers it (`redist gen NAME`): what it draws, its
// --seed, its other options (app/option_spec.hpp) and one call that draws the instance and returns
// its JSON text. The command owns its options object: its specs fill fields of it and `make` reads
// them, so a front end binds and runs a generator without knowing the layer's option type.

#include <functional>
#include <string>
#include <vector>

#include "app/option_spec.hpp"

namespace redist::app {

struct GeneratorCommand {
  std::string name;                 // `redist gen NAME`
  std::string help;                 // what it draws
  OptionSpec seed;                  // --seed
  std::vector<OptionSpec> options;  // the others
  /// The instance drawn from the options as set, as JSON text; InputError for options that do not
  /// go together (e.g. a grid that does not match the processors).
  std::function<std::string()> make;
};

}  // namespace redist::app
