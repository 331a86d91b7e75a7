#pragma once
// Lower bounds on the redistribution time of a ring with start-up costs (docs/latency.md, "Lower
// bounds", which proves each one). A message of q items over a link of start-up L and cost c takes
// L + q c (docs/design.md "Latency-bandwidth model"); with every start-up 0 each bound below is the
// document 000 bound of the same name.
//
//   lemma5    unidirectional: every link with flow F_i > 0 carries one message at least:
//             max_i L_i + c_i F_i over the flows of the fewest items (F_i = S_i - min S), which some
//             optimal schedule uses (docs/latency.md)
//   relay     unidirectional: a processor that sends more than it holds must first receive; the
//             earliest time each link can have delivered all its items, computed upstream link by
//             link (document 004's store and forward along a chain)
//   reach     unidirectional: an item from k links upstream reaches a link after k messages at
//             least; the items a link cannot find nearer arrive late and leave in one message at
//             least (ring/latency_reach.cpp)
//   lemma12   bidirectional: single processors through their cheaper port, slices splitting their
//             excess between their two boundary links, each link used paying its start-up
//   slice_reach  bidirectional: the reach bound of the slice with the largest excess (sent out
//             through its two boundary links, fed from inside it) and of the one with the largest
//             deficit (received, fed from outside)
//   system6_integer   bidirectional: min over integer shifts x of the largest port time, a port's
//             time being the sum over its links with flow of L + c |F| (document 000's System 6
//             with start-ups); exact when few shifts and ports can matter, else tau_int (without
//             start-ups) plus the smallest start-up, a weaker valid bound
//
// Each is valid for every schedule of the instance (tests check them against an exhaustive search).

#include <cstdint>
#include <optional>

#include "redist/core/ring_instance.hpp"
#include "redist/ring/bounds.hpp"
#include "ring/ring_prefix.hpp"

namespace redist::ring {

/// The time one processor's ports need for shift x with start-ups: max over P_i of its send time
/// (sum over its out-links with flow of L + c F) and its receive time. Requires a bidirectional
/// ring. O(n).
Ticks latency_port_time(const RingInstance& instance, const RingPrefix& prefix, std::int64_t shift);

/// min over integer shifts of latency_port_time, where it can be found exactly.
struct LatencyShift {
  Ticks value = 0;         // the bound (ticks)
  std::int64_t shift = 0;  // a shift attaining it when exact; System 6's integer shift otherwise
  bool exact = false;      // value is the minimum over every shift (else a weaker valid bound)
};

/// Requires a bidirectional ring with start-ups. `system6` is the solution without start-ups
/// (RingBounds::system6). Exact when the shifts within 2 x (largest start-up) of tau_int's and the
/// ports that may exceed tau_int there are few enough (at most `budget` port evaluations).
LatencyShift latency_system6(const RingInstance& instance, const RingPrefix& prefix,
                             const System6Solution& system6, std::int64_t budget = 100'000'000);

Ticks latency_lemma5_bound(const RingInstance& instance, const RingPrefix& prefix);
Ticks latency_relay_bound(const RingInstance& instance, const RingPrefix& prefix);
/// O(n); exact on rings whose per-item costs are all equal, a weaker valid value otherwise.
Ticks latency_reach_bound(const RingInstance& instance, const RingPrefix& prefix);
/// Slices are looked for only above `known` (a bound already proved): the value is Lemma 12's
/// exactly when that exceeds `known`, else a valid value at most `known`.
Ticks latency_lemma12_bound(const RingInstance& instance, const RingPrefix& prefix,
                            Ticks known = 0);
/// O(n) at most (the feeders within reach of the two slices' items).
Ticks latency_slice_reach_bound(const RingInstance& instance, const RingPrefix& prefix);

/// min over 0 <= i <= d of max(f_a(i), f_b(d - i)), f(0) = 0 and f(k) = L + k c otherwise: the best
/// split of d items between two links that work in parallel. O(1).
Ticks best_two_link_split(std::int64_t d, std::int64_t a, std::int64_t latency_a, std::int64_t b,
                          std::int64_t latency_b);

/// Every bound above that applies (what ring_lower_bounds returns for an instance with start-ups).
RingBounds latency_lower_bounds(const RingInstance& instance, const RingPrefix& prefix);

}  // namespace redist::ring
