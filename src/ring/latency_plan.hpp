#pragma once
// Private to the ring layer: the planner for rings with start-up costs (docs/latency.md,
// "Planners"), which plan_ring calls when the instance has start-ups. Without start-ups plan_ring
// never comes here: document 000's planners, and their plans, are unchanged.

#include "redist/core/ring_instance.hpp"
#include "redist/ring/bounds.hpp"
#include "redist/ring/plan.hpp"
#include "ring/ring_prefix.hpp"
#include "ring/shift_planners.hpp"

namespace redist::ring::detail {

/// The framework name of an instance with start-ups: homogeneous when every cost and every
/// start-up are equal.
std::string latency_framework(const RingInstance& instance);

/// The best plan found: flow shifts (the fewest items on a unidirectional ring; System 6's with
/// start-ups and its neighbours on a bidirectional one), each with the message sizes of
/// latency_search.hpp. `bounds` are latency_lower_bounds' (the search stops at bounds.best).
ShiftPlan plan_with_latency(const RingInstance& instance, const RingPrefix& prefix,
                            const RingBounds& bounds, const RingPlanOptions& options);

}  // namespace redist::ring::detail
