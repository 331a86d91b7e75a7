#pragma once
// A lower bound for heterogeneous bidirectional rings that adds forwarding delays to System 6
// (docs/ring_bidirectional_heterogeneous.md, "A stronger bound: forwarding delays", with the
// proof).
//
// For a shift x, P_p must send out_s = max(F_p, 0) items to its successor and out_p = max(-F_{p-1},
// 0) to its predecessor (net; gross sends only add). Before its first receipt ends - at the
// earliest a_p, the cheaper of its two incoming links' costs - it can only send from its own load
// L_p, so all but L_p of those sends start at or after a_p, one after the other on its send port:
// at least a_p + (their cost with L_p items, the costliest first, taken out). Mirrored in time, its
// receives beyond its target T_p end before its last send, which takes at least its cheaper
// outgoing cost. beta(x) = max(tau(x), those terms over every p), and min over integer x of beta(x)
// bounds every schedule. It is >= tau_int and equals it when some integer optimum of System 6 is
// light.

#include "redist/core/ring_instance.hpp"
#include "ring/ring_prefix.hpp"
#include "ring/system6.hpp"

namespace redist::ring {

/// Requires a bidirectional ring. Walks the integer shifts outwards from System 6's integer argmin
/// until tau alone exceeds the best beta found (tau is convex, so nothing further can be lower), at
/// most max(2, 4 10^6 / n) shifts each way; where it stops early the bound falls back to the tau of
/// the last shift visited, which stays valid. O(n) per shift.
Ticks forwarding_bound(const RingInstance& instance);
/// The same from the prefix sums and System 6's solution (ring_lower_bounds has both already).
Ticks forwarding_bound(const RingInstance& instance, const RingPrefix& prefix,
                       const System6Solution& system6);

}  // namespace redist::ring
