#pragma once
// Optimal redistribution on a homogeneous bidirectional ring (document 000 section 5).
//
// Target: the Lemma 6 bound c * max(max |delta_i|, ceil(max |delta(k..l)| / 2)) on every instance
// with loads and targets >= 1 (Theorem 3's value, which brute force confirms), by a construction
// that respects holdings; the printed Algorithm 3 does not (docs/errata.md item 1).
//
// The construction (docs/ring_bidirectional_homogeneous.md has the proof):
//   1. choose a flow shift x with every |F_i| = |x + S_i| <= tau (tau = Lemma 6 in steps) and flows
//      of both signs; the ring then splits into runs of same-signed edges, each going from a source
//      (a processor that only sends) through relays (which receive on one side, send on the other)
//      to a sink (which only receives);
//   2. every source serves its `first_side` run first, then the other one; relays forward as soon
//      as they hold an item; a sink takes an item from its first-side run whenever one is offered,
//      otherwise from the other run.
// Per link the sends form at most a few back-to-back batches, computed in closed form: O(n) for
// the whole schedule, whatever the item counts or tau.

#include <cstdint>

#include "redist/core/ring_instance.hpp"
#include "redist/core/schedule.hpp"
#include "ring/ring_prefix.hpp"

namespace redist::ring {

/// Requires a homogeneous bidirectional ring. Always returns a valid schedule (also with zero
/// loads or targets); its makespan equals lemma6_bound whenever all loads and targets are >= 1.
/// The schedule's flow_shift, makespan, lower_bound (Lemma 6) and status are set. Cost: O(n),
/// never per item or step (a few candidate shifts are tried when some load or target is zero).
///
///   RingInstance ring{RingKind::bidirectional, {1, 1, 1, 4}, {1, 1, 4, 1},
///                     {1, 1, 1, 1}, {1, 1, 1, 1}};
///   Schedule s = plan_homogeneous_bidirectional(ring);  // P3 -> P2 three times; *s.makespan == 3
Schedule plan_homogeneous_bidirectional(const RingInstance& instance);
/// The same with the prefix sums already computed (plan_ring computes them once per plan).
Schedule plan_homogeneous_bidirectional(const RingInstance& instance, const RingPrefix& prefix);

/// Which neighbour every source serves first; runs flowing that way are fed from step 1.
enum class FirstSide { succ, pred };

/// The flow shifts x in [lo, hi] for which every |x + S_i| <= tau (Lemma 6 in steps) and the flows
/// have both signs (min F <= 0 <= max F). Never empty on a homogeneous bidirectional ring.
struct ShiftWindow {
  std::int64_t lo = 0;
  std::int64_t hi = 0;
};
ShiftWindow lemma6_shift_window(const RingInstance& instance);

/// The construction for one shift and one orientation. Requires a homogeneous bidirectional ring
/// and flows x + S_i of both signs. Always valid. Its makespan is exactly lemma6_bound when x lies
/// in lemma6_shift_window and every relay holds an item at the start if its run flows towards
/// `first_side`, and keeps one at the end otherwise (in particular: all loads and targets >= 1).
/// Sets flow_shift and makespan (not lower_bound / status).
Schedule schedule_homogeneous_bidirectional(const RingInstance& instance, std::int64_t flow_shift,
                                            FirstSide first_side);

}  // namespace redist::ring
