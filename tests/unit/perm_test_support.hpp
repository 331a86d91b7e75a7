#pragma once
// Test helpers for the perm layer: exact optima by brute force over all P! permutations (P <= 7),
// and random instances with many ties and zeros (the hard cases for tie-breaking).

#include <algorithm>
#include <cstdint>
#include <numeric>
#include <vector>

#include "redist/core/random.hpp"
#include "redist/perm/instance.hpp"

namespace redist::perm::testing {

struct BruteForce {
  std::int64_t min_volume = INT64_MAX;
  std::int64_t min_steps = INT64_MAX;
  std::int64_t steps_at_min_volume = INT64_MAX;  // fewest steps among min-volume permutations
  std::int64_t volume_at_min_steps = INT64_MAX;  // fewest items among min-steps permutations
};

inline BruteForce brute_force(const PermInstance& inst) {
  BruteForce b;
  Assignment a = canonical_assignment(inst.processors());
  do {
    const std::int64_t v = redistribution_volume(inst, a), s = redistribution_steps(inst, a);
    if (v < b.min_volume || (v == b.min_volume && s < b.steps_at_min_volume)) {
      b.min_volume = v;
      b.steps_at_min_volume = s;
    }
    if (s < b.min_steps || (s == b.min_steps && v < b.volume_at_min_steps)) {
      b.min_steps = s;
      b.volume_at_min_steps = v;
    }
  } while (std::next_permutation(a.begin(), a.end()));
  return b;
}

/// P x P counts, each zero with probability `zero_pct` %, else uniform in [1, max_count].
inline PermInstance random_dense(Rng& rng, std::size_t n, std::int64_t max_count, int zero_pct) {
  std::vector<std::int64_t> c(n * n);
  for (auto& x : c) x = rng.uniform(0, 99) < zero_pct ? 0 : rng.uniform(1, max_count);
  return PermInstance::from_dense(n, c);
}

}  // namespace redist::perm::testing
