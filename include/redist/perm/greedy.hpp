#pragma once
// Greedy relabelling heuristics of the kind widely used partitioning and load-balancing libraries
// ship for "remapping" a new partition onto processors (maximise the data that stays). They are
// fast but not exact; redist reports them next to the exact solvers (CLI, BENCHMARKS.md) so the gap
// is visible on the same instances.
//
// Each returns a full permutation: parts left unpaired go to free processors in increasing order.

#include "redist/perm/solution.hpp"

namespace redist::perm {

/// Sort all (processor, part) overlaps by count, largest first, and pair greedily when both ends
/// are still free. 1/2-approximation of the kept items.
Assignment greedy_sorted_overlaps(const PermInstance& instance);

/// Path growing (Drake and Hougardy): repeatedly extend a path by the heaviest edge to a vertex not
/// yet visited, alternately into two matchings; keep the heavier. Linear time, 1/2-approximation.
Assignment greedy_path_growing(const PermInstance& instance);

/// Parts in index order, each to the free processor that holds most of it (a first-come
/// relabelling).
Assignment greedy_by_part(const PermInstance& instance);

}  // namespace redist::perm
