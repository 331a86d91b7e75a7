#pragma once
// Private to the ring layer: document 000's plan made without start-ups, run under L + m c the way
// an executor runs it (docs/latency.md, "The plan without start-ups, as executors run it").
//
// The SimGrid layer replays a plan without start-ups so (one_port_exchange.cpp): each processor
// goes through its transfers in start order and sends, as soon as both ports are free, a message of
// the items it holds, up to document 004's pipelined piece (two hops) when the receiver relays
// items, up to all of them otherwise. The messages that replay sends, with their starts, are a plan
// with start-ups. Offered to the start-up planner as one more candidate, it makes the plan with
// start-ups never slower, in the model, than that practice; on the SimGrid study's rings of 32 the
// other constructions lost to it by up to 21% (docs/simgrid.md, "The same redistribution planned
// with start-ups").

#include <optional>

#include "redist/core/ring_instance.hpp"
#include "redist/ring/plan.hpp"
#include "ring/shift_planners.hpp"

namespace redist::ring::detail {

/// The best replay with relay pieces of 1/2, 1 and 2 times the rule's size; nullopt when the ring
/// has no start-up or no replay finishes (a processor waiting for items that never come, or more
/// messages than the budget: 8 per transfer of the plan without start-ups, at least 65,536).
std::optional<ShiftPlan> plan_without_startups_in_pieces(const RingInstance& instance,
                                                         const RingPlanOptions& options);

}  // namespace redist::ring::detail
