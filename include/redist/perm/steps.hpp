#pragma once
// StepRedistrib (document 003 Definition 5, Algorithm 2): the permutation that needs the fewest
// one-port parallel steps, i.e. the bottleneck perfect matching on
// weight(i, j) = max(load_i, size_j) - count(i, j) (section 4.2; König makes the steps of a fixed
// permutation equal to its largest max(sent, received)).
//
// solve_min_steps uses the warm-started threshold search of bottleneck.hpp. With prefer_min_volume
// (the default) it then returns, among all step-optimal permutations, one that moves the fewest
// items: a maximum-weight matching on the pairs allowed at the optimal threshold T, each weighing
// count(i, j) + B * (number of its endpoints whose load or part size exceeds T), B = N + 1. The
// bonus forces every such "heavy" vertex onto a listed pair (as some step-optimal permutation
// does), and below that priority the weight is exactly the items kept, so the result is
// lexicographically optimal for (steps, volume).
//
// solve_min_steps_pruning is the document's Algorithm 2 as printed, kept as the baseline: on the
// complete P x P graph, delete every edge of the current maximum weight and recompute a maximum
// matching from scratch with Hopcroft-Karp, as long as a perfect matching survives.

#include "redist/perm/solution.hpp"

namespace redist::perm {

struct StepsOptions {
  bool prefer_min_volume = true;
};

PermSolution solve_min_steps(const PermInstance& instance, const StepsOptions& options = {});

/// Document 003 Algorithm 2 (baseline). O(P^2) memory and O(P^2) work per deletion round.
PermSolution solve_min_steps_pruning(const PermInstance& instance);

}  // namespace redist::perm
