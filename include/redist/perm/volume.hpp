#pragma once
// VolumeRedistrib (document 003 Definition 4, Algorithm 1): the permutation of parts onto
// processors that moves the fewest items, found as a maximum-weight perfect matching on the counts
// (see weighted_matching.hpp for the solvers and their optimality certificate).
//
// Several permutations often reach the minimum volume. With prefer_min_steps the solver returns,
// among all of them, one with the fewest one-port steps: the optimal duals say exactly which pairs
// can appear in a minimum-volume permutation (the tight pairs), and a bottleneck matching
// restricted to those pairs (bottleneck.hpp) picks the best for steps. The result is
// lexicographically optimal for (volume, steps).
//
//   PermSolution s = solve_min_volume(instance);  // s.volume is optimal, s.steps minimal among
//   those

#include "redist/perm/solution.hpp"
#include "redist/perm/weighted_matching.hpp"

namespace redist::perm {

struct VolumeOptions {
  MatchingMethod method = MatchingMethod::automatic;
  bool prefer_min_steps = true;
};

PermSolution solve_min_volume(const PermInstance& instance, const VolumeOptions& options = {});

}  // namespace redist::perm
