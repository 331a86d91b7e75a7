#pragma once
// The exact validator of ordered schedules (docs/design.md "Ordered data", docs/ordered.md): the
// oracle of the ordered planner (ring/ordered_plan.hpp) and of `redist check` on a schedule whose
// transfers name their items.
//
// An ordered schedule's transfer carries the global items first .. first + items - 1: towards the
// sender's successor the highest first, towards its predecessor the lowest first (the item that
// goes farthest leaves first), one every spacing as in every ring schedule. Rules:
//   the rules of ring_validator.hpp on counts: neighbour, spacing, one-port, holdings, final-load
//   holdings    on identities: P_k sends item g only while it holds g, i.e. from the start when
//               g is one of its own items [A_k, A_{k+1}), or from the instant a transfer carrying g to
//               P_k ends, until it sends g away
//   final-load  on identities: at the end P_k holds exactly the items [B_k, B_{k+1})
// (A and B: the prefix sums of the loads and of the targets, core/ordered_items.hpp.) A block that
// names items beyond the instance's N is bad input (InputError on transfers[i].first).
//
// Cost: O(B log B) for B transfers, whatever the item counts. At one processor, the positions split
// into intervals in which every transfer touching it carries all items or none; within one
// interval the time of each transfer's event is affine in the item, so the order of a processor's
// events for an item changes at most once per pair of events, and checking the interval's two end
// items decides it (bisecting where the order differs at the two ends).

#include "redist/core/ring_instance.hpp"
#include "redist/core/schedule.hpp"
#include "redist/sim/ring_validator.hpp"

namespace redist::sim {

/// Validates an ordered schedule: `schedule` must name its items (names_items), or be empty.
/// Throws InputError when it does not, when a block lies beyond the instance's items, and, as
/// validate_ring_schedule does, when times do not fit 128-bit arithmetic.
ValidationResult validate_ordered_schedule(const RingInstance& instance, const Schedule& schedule);

}  // namespace redist::sim
