#pragma once
// The actual one-port steps of a redistribution (document 003 section 4.2): a proper edge colouring
// of the bipartite transfer multigraph (senders x receivers, one edge per item) with exactly Delta
// colours, Delta = max over processors of max(sent, received), which König's theorem guarantees.
// Each colour is one step.
//
// The multigraph is handled as distinct (src, dst) pairs with multiplicities, so the cost depends
// on the pairs, not on the items (N = 10^7 items on P = 1024 in a few seconds): pack each side's
// processors into groups of total degree <= Delta (a colouring of the merged graph is one of the
// original), pad the groups with dummy pairs to a Delta-regular multigraph, then recursively
//   - odd Delta: take one perfect matching (Hopcroft-Karp on the pairs), r times at once where r is
//     the smallest odd multiplicity bound along it, leaving an even degree;
//   - even Delta: halve every multiplicity; the pairs of odd multiplicity form an Euler graph whose
//     closed trails are split alternately, so both halves are exactly Delta/2-regular. When no
//     multiplicity is odd the halves are identical and are coloured once with a doubled repeat.
// This is where the compressed `repeat` form of docs/design.md comes from. Dummy pairs are dropped
// from the output; every step still holds a pair of a vertex of real degree Delta, so none is
// empty.

#include <vector>

#include "redist/perm/step_schedule.hpp"

namespace redist::perm {

/// A schedule of exactly max_port_degree(processors, demand) steps; demand pairs must be distinct,
/// with src != dst and items > 0.
StepSchedule colour_transfers(std::size_t processors, const std::vector<PairDemand>& demand);

}  // namespace redist::perm
