#pragma once
// A lower bound for heterogeneous bidirectional rings that adds forwarding delays to System 6
// (docs/ring_bidirectional_heterogeneous.md, "A stronger bound: forwarding delays").
//
// For a shift x, P_p must send s_p(x) = max(F_p, 0) + max(-F_{p-1}, 0) items (net; a schedule's gross
// sends only add). Before the first item reaches P_p - at the earliest a_p, the cheaper of its two
// incoming links' costs - it can only send from its own load L_p, so at least s_p(x) - L_p of its sends
// start at or after a_p, one after the other on its send port, each taking at least the cheaper of
// its two outgoing links' costs. Hence any schedule with shift x lasts at least
//   beta(x) = max(tau(x), max over p with s_p(x) > L_p of a_p + (s_p(x) - L_p) min(succ_cost_p, pred_cost_p))
// and min over integer x of beta(x) bounds every schedule. It is >= tau_int and equals it when some
// integer optimum of System 6 is light (no processor forwards more than it holds).

#include "redist/core/ring_instance.hpp"

namespace redist {

/// Requires a bidirectional ring. Walks the integer shifts outwards from System 6's integer argmin
/// until tau alone exceeds the best beta found (tau is convex, so nothing further can be lower), at
/// most max(2, 4 10^6 / n) shifts each way; where it stops early the bound falls back to the tau of
/// the last shift visited, which stays valid. O(n) per shift.
Ticks forwarding_bound(const RingInstance& instance);


}  // namespace redist
