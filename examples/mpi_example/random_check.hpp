#pragma once
// A random ordered redistribution with a checksum report: reproducible loads and wishes from a seed
// (with empty ranks), items whose bytes are determined by their global index, several successive
// redistributions, and after each one a per-rank table (items, first global index, checksum, wrong
// items) and a global checksum compared with the one expected from the item definitions.

#include <cstdint>

#include "redist/exec/context.hpp"

namespace redist::example {

struct RandomOptions {
  std::uint64_t seed = 1;
  std::int64_t max_items = 1000;  // per rank, before the first redistribution
  std::int64_t item_bytes = 64;
  int rounds = 3;
  bool unidirectional = false;
  bool alltoallv = false;
  bool probe = false;
};

/// Collective. Returns 0 when every item arrived exactly once in order in every round, else 1.
int run_random_check(exec::Context& ctx, const RandomOptions& options);

}  // namespace redist::example
