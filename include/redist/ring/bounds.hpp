#pragma once
// Lower bounds on the optimal redistribution time of a ring (document 000; docs/errata.md items
// 2-3).
//
//   lemma1      homogeneous unidirectional (Lemma 1): c * max |delta(k..l)| = c * (max S - min S)
//   lemma5      unidirectional, any costs (Theorem 2 / Lemma 5): max_i c_i * F_i with
//               F_i = S_i - min S, the optimal time. (The bound printed in Theorem 2's proof
//               charges negative slices to their outgoing link and is not valid: docs/errata.md
//               item 2. Positive slices only.)
//   lemma6      homogeneous bidirectional (Lemma 6):
//               c * max(max |delta_i|, ceil(max |delta(k..l)| / 2))
//   lemma12     bidirectional, any costs (Lemma 12): single processors on their fastest port;
//               every slice of 2..n-1 processors splits its excess between its two boundary links
//   system6_integer, forwarding
//               bidirectional: System 6's integer optimum (docs/errata.md item 3), and the same
//               with relays' forwarding delays (forwarding_bound.hpp) when it is not light
// Each is a valid lower bound for every schedule of an instance of its framework.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "redist/core/ring_instance.hpp"
#include "redist/ring/system6_solution.hpp"

namespace redist::ring {

struct BoundTerm {
  std::string name;    // "lemma1", "lemma5", "lemma6", "lemma12", "system6_integer", "forwarding"
  std::string source;  // where it comes from, for people
  Ticks value = 0;     // ticks of the instance's cost_scale
};

struct RingBounds {
  std::vector<BoundTerm> terms;  // the bounds that apply to this instance's framework
  Ticks best = 0;                // the largest of them
  // Bidirectional rings: the System 6 solution behind system6_integer, which the planner reuses
  // instead of solving System 6 again.
  std::optional<System6Solution> system6;
  // Bidirectional rings with start-ups: a shift attaining System 6's bound with start-ups (exact
  // case) or System 6's integer shift (docs/latency.md), which the start-up planner starts from.
  std::optional<std::int64_t> latency_shift;
};

Ticks lemma1_bound(const RingInstance& instance);  // requires: unidirectional, homogeneous
Ticks lemma5_bound(const RingInstance& instance);  // requires: unidirectional
Ticks lemma6_bound(const RingInstance& instance);  // requires: bidirectional, homogeneous
/// Requires a bidirectional ring. O(n log(max time)): a threshold test decides every slice at once
/// in O(n) (no loop over slices' splits i, nor over all O(n^2) slices), and a binary search on the
/// threshold finds the exact value.
Ticks lemma12_bound(const RingInstance& instance);

/// min over integers 0 <= i <= d of max(i * a, (d - i) * b): the best split of d items between two
/// links of per-item costs a and b (the inner minimum of Lemma 12), in O(1).
Ticks best_two_link_split(std::int64_t d, std::int64_t a, std::int64_t b);

RingBounds ring_lower_bounds(const RingInstance& instance);

}  // namespace redist::ring
