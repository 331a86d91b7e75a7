#pragma once
// Random ring instances for tests, benchmarks and `redist gen ring` (reproducible from the seed).
//
// Loads are uniform in [1, max_load]; targets are uniform in [1, max_load] and then nudged to the
// same total, so every processor holds at least one item before and after (the documents' standing
// assumption). Heterogeneous costs are integers uniform in [1, max_cost].
// light = true draws loads in [ceil(M/2), M] and moves at most floor(min load / 2) items in total,
// so that for every flow shift x in [-max S, -min S] each processor sends at most its initial load
// (2 (max S - min S) <= min load): the "light redistribution" of document 000 section 6.

#include <cstdint>

#include "redist/core/ring_instance.hpp"

namespace redist {

struct RingGenOptions {
  std::size_t n = 8;
  RingKind kind = RingKind::unidirectional;
  bool heterogeneous = false;
  std::int64_t max_load = 10;
  std::int64_t max_cost = 10;
  bool light = false;
  std::uint64_t seed = 1;
};

RingInstance generate_ring_instance(const RingGenOptions& options);

}  // namespace redist
