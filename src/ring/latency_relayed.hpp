#pragma once
// Private to the ring layer: document 000's plan made without start-ups, sent in messages sized
// by the one pipelining rule (ring/pipeline.hpp), timed under L + m c (docs/latency.md, "The plan
// without start-ups, in pieces").
//
// This is what an executor does with a plan that ignores start-ups (the SimGrid layer's and the MPI
// executor's chunk grid): every transfer whose receiver relays items is cut into document 004's
// pipelined pieces over two hops, the others go whole. Offered to the start-up planner as one more
// candidate, it makes the plan with start-ups never slower, in the model, than that practice; on
// rings of 32 of the SimGrid study it was up to 17% faster than the other constructions
// (BENCHMARKS.md "Start-up costs").

#include <optional>

#include "redist/core/ring_instance.hpp"
#include "redist/ring/plan.hpp"
#include "ring/shift_planners.hpp"

namespace redist::ring::detail {

/// The best of the pieces at 1/2, 1 and 2 times the rule's size; nullopt when none of them can be
/// timed (the list scheduler found the sizes deadlocked) or the ring has no start-up.
std::optional<ShiftPlan> plan_without_startups_in_pieces(const RingInstance& instance,
                                                         const RingPlanOptions& options);

}  // namespace redist::ring::detail
