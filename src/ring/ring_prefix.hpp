#pragma once
// The prefix sums of a ring's imbalances, computed once per plan and passed down.
//
// Every ring planner and bound works on S_i = delta_0 + ... + delta_i (core/flow.hpp: the net flow
// over edge i is F_i = x + S_i, document 000 Lemma 10) and most of them on its range too (shifts
// outside [-max S, -min S] make every flow one sign). Computing them costs a pass and an n-element
// array; plan_ring builds one RingPrefix and hands it to the bounds, System 6 and the planners
// instead of each of them recomputing it (issue 15: "work done once").

#include <cstdint>
#include <vector>

#include "redist/core/ring_instance.hpp"

namespace redist::ring {

struct RingPrefix {
  std::vector<std::int64_t> sums;  // S_i, i = 0..n-1 (S_{n-1} = 0)
  std::int64_t lo = 0;             // min S (0 when n = 0)
  std::int64_t hi = 0;             // max S

  /// O(n).
  static RingPrefix of(const RingInstance& instance);

  std::size_t size() const { return sums.size(); }
  /// The shifts worth considering on a bidirectional ring: beyond [-max S, -min S] every flow has
  /// one sign and every port time only grows.
  std::int64_t lowest_shift() const { return -hi; }
  std::int64_t highest_shift() const { return -lo; }
};

}  // namespace redist::ring
