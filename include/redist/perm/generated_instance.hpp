#pragma once
// `redist gen perm` as a library call: a random permutation instance (generator.hpp) written in
// the form asked for (perm_io.hpp), the processor grid resolved once every option is known.

#include <string>

#include "redist/perm/generator.hpp"

namespace redist::perm {

struct PermGenRequest {
  PermGenOptions options;
  std::string grid;  // "PxQ" or empty (set_processor_grid)
  std::string form;  // "counts", "items", or empty: items for block1d, counts otherwise
};

/// The instance's JSON text. InputError (field --grid or --form) for a bad grid, or for the counts
/// form (P^2 numbers) beyond 4096 processors.
std::string generated_instance_text(PermGenRequest request);

}  // namespace redist::perm
