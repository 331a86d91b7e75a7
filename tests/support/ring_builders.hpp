#pragma once
// Random ring instances for property tests, drawn through the library's own generator (`redist gen
// ring`) so a failing case can be rebuilt from the command line with the same options and seed.

#include <cstdint>
#include <optional>

#include "redist/core/random.hpp"
#include "redist/core/ring_instance.hpp"
#include "redist/ring/generator.hpp"

namespace redist::testing {

/// A generated bidirectional (by default heterogeneous) ring of exactly n processors.
inline RingInstance generated_ring(std::uint64_t seed, std::size_t n, std::int64_t max_load,
                                   std::int64_t max_cost, bool light,
                                   RingKind kind = RingKind::bidirectional,
                                   bool heterogeneous = true) {
  ring::RingGenOptions opt;
  opt.n = n;
  opt.kind = kind;
  opt.heterogeneous = heterogeneous;
  opt.max_load = max_load;
  opt.max_cost = max_cost;
  opt.light = light;
  opt.seed = seed;
  return ring::generate_ring_instance(opt);
}

/// A ring whose size (1..max_n), costs (1..12), load range (1..max_load) and seed come from `rng`.
/// Without `heterogeneous`, the costs are heterogeneous three times in four (drawn after the size).
inline RingInstance random_ring(Rng& rng, RingKind kind, std::optional<bool> heterogeneous,
                                std::size_t max_n, std::int64_t max_load, bool light = false) {
  ring::RingGenOptions opt;
  opt.n = static_cast<std::size_t>(rng.uniform(1, static_cast<std::int64_t>(max_n)));
  opt.kind = kind;
  opt.heterogeneous = heterogeneous ? *heterogeneous : rng.uniform(0, 3) != 0;
  opt.max_cost = rng.uniform(1, 12);
  opt.max_load = rng.uniform(1, max_load);
  opt.light = light;
  opt.seed = rng.next();
  return ring::generate_ring_instance(opt);
}

}  // namespace redist::testing
