#pragma once
// The ordered ring planner (`redist plan --ordered`; docs/ordered.md): plans the redistribution
// of ordered items, where P_k must end with exactly the items [B_k, B_{k+1}) of the global order
// (core/ordered_items.hpp). The plan chooses each moving item's way round the ring, hence the
// circulation (document 000's flow shift), and times it; relays forward specific items.
//
//   framework              candidates timed                                   never worse than
//   unidirectional         every item rightward (forced), own items first,     the linear plan
//                          then forwarded in arrival order                      when it exists
//   bidirectional          the linear plan (flow timing of shift 0, as the      the linear plan
//                          executor ran it), the linear routes and the
//                          reroutes with the best proxies (ordered_search),
//                          each port order
//
// Every plan it returns is accepted by validate_ordered_schedule with exactly the reported
// makespan (checked before returning). Its status is "optimal" when the makespan meets the lower
// bound (ordered_bounds.hpp), "feasible" otherwise; the gap is to that bound.
//
// For an executor (docs/ordered.md "For executors"): `routes` lists every moving item once, as
// ranges of one source, one destination and one direction, in the global order; `schedule` lists
// the transfers, each carrying one contiguous block of items over one link (items of one direction;
// a block may hold items of several ranges), one every spacing, the highest item first towards the
// successor, the lowest first towards the predecessor. Executing it: on each link, send the
// transfers in the order of their starts; a transfer's items are the sender's own or items it
// received, and each may leave from the instant it has fully arrived. The plan's size is
// O(transfers + n), whatever the number of items.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "redist/core/ring_instance.hpp"
#include "redist/core/schedule.hpp"
#include "redist/ring/ordered_bounds.hpp"
#include "redist/ring/routed_range.hpp"

namespace redist::ring {

struct OrderedPlanOptions {
  // Search effort: each unit widens the blocks considered for the other way (their other way
  // costing up to 1.5 + 0.5 effort times their linear way) and the points evaluated. Deterministic.
  int effort = 1;
  // Only the linear routes (no item over the closing edge), timed in both port orders: the plan an
  // application that keeps its order had before routes were chosen, for comparisons.
  bool linear_only = false;
};

struct OrderedPlan {
  Schedule schedule;                // names its items; makespan, lower_bound, status, flow_shift
  std::vector<RoutedRange> routes;  // every moving item once, in the global order
  std::string framework;            // "ordered-bidirectional-heterogeneous", ...
  std::string method;               // which candidate won
  OrderedBounds bounds;
  // The linear plan's makespan (no item over the closing edge; the executor's WrapPolicy::forbid),
  // absent on a unidirectional ring that must move items backwards.
  std::optional<Ticks> linear_makespan;
  std::int64_t rerouted_items = 0;  // items not on their linear way (through the closing edge)
};

OrderedPlan plan_ordered(const RingInstance& instance, const OrderedPlanOptions& options = {});

}  // namespace redist::ring
