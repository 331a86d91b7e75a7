#pragma once
// Exhaustive search for the optimal schedule of a tiny ring with start-up costs (docs/latency.md):
// a test oracle for the bounds, the planners and the exact layer's MILP, independent of all of
// them. Time advances tick by tick (every cost and start-up is a whole number of ticks, and some
// optimal schedule starts every message at a sum of them, so at a whole tick); at each tick every
// processor whose send port is free may start one message to a neighbour whose receive port is
// free, holding any number of items it holds. A breadth-first walk over (tick, holdings, messages
// in flight) finds the first tick at which every processor holds its target and nothing is in
// flight. Affordable for about 4 processors and 6 items with times under 60 ticks.

#include <optional>

#include "redist/core/ring_instance.hpp"
#include "redist/core/schedule.hpp"

namespace redist::testing {

struct LatencyOptimum {
  Ticks makespan = 0;  // ticks of the instance's cost_scale
  Schedule schedule;   // one transfer per message (message_items = its items), optimal
};

/// The optimum, or nullopt when no schedule ends within `max_ticks` or the search would visit more
/// than `max_states` states at one tick.
std::optional<LatencyOptimum> latency_brute_force(const RingInstance& instance,
                                                  std::int64_t max_ticks = 60,
                                                  std::size_t max_states = 400'000);

}  // namespace redist::testing
