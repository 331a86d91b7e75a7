#pragma once
// Private to the ring layer: how the start-up planners choose message sizes for one flow shift
// (docs/latency.md, "Planners"). Every candidate is a MessagePlan timed by the list scheduler
// (latency_engine.hpp); the best makespan wins.
//
//   one message per link            light flows: optimal with the right shift (Lemma 9's argument)
//   own items first, then the rest  a relay sends what it holds at once, then what it receives
//   pieces of g items               document 004's pipelining; g from its r* on each run of relays
//   local search                    small rings: split, merge and shift items between messages,
//                                   swap a processor's port order, until no move shortens the plan

#include <cstdint>
#include <string>
#include <vector>

#include "latency_engine.hpp"
#include "redist/core/ring_instance.hpp"

namespace redist::ring::detail {

struct SearchedPlan {
  MessagePlan plan;
  Ticks makespan = kNoMakespan;
  std::string method;
};

/// Flow over each edge for the shift (F_i = x + S_i): the demand of each directed link.
std::vector<std::int64_t> link_demands(const RingInstance& instance,
                                       const std::vector<std::int64_t>& flows);

/// The best of the constructions above for these flows. `evaluations` bounds the local search (0:
/// constructions only); the search stops early once a plan reaches `bound`.
SearchedPlan best_message_plan(const RingInstance& instance, const std::vector<std::int64_t>& flows,
                               std::int64_t evaluations, Ticks bound);

}  // namespace redist::ring::detail
