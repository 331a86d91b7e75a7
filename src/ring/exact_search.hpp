#pragma once
// Exact optimum of tiny ring instances by exhaustive search over one-port schedules.
//
// With integer costs (in ticks) some optimal schedule starts every transfer at an integer tick:
// shift each transfer left to the latest of its constraints (an arrival, a port becoming free, or
// 0), all of which are sums of costs. So a breadth-first search over ticks, where each state holds
// every processor's items and what its send port is doing, finds the optimum and a schedule for it.
// Used by the planner when the instance is tiny and its best plan is above the lower bound: the
// search either closes the gap or proves the bound unreachable (then the optimum is the bound).

#include <cstdint>

#include "redist/core/ring_instance.hpp"
#include "redist/core/schedule.hpp"

namespace redist::ring {

struct ExactSearchLimits {
  std::size_t max_processors = 6;
  std::int64_t max_items_moved = 24;  // sum of positive imbalances
  // Both caps keep a give-up under ~0.2 s (a planner must not stall on a 5-processor ring).
  std::size_t max_states = 50'000;         // distinct (tick, state) pairs explored
  std::size_t max_expansions = 1'000'000;  // start combinations tried (up to 3^n per state)
};

struct ExactSearchResult {
  enum class Outcome {
    found,            // `schedule` is optimal (makespan = the fewest ticks of any schedule)
    none_by_horizon,  // every schedule ends after the horizon: the optimum is above it
    gave_up,          // too large, or the state limit was hit: nothing is known
  };
  Outcome outcome = Outcome::gave_up;
  Schedule schedule;
};

/// Searches schedules ending by `horizon` ticks (costs must be small integers of ticks).
ExactSearchResult exact_optimal_schedule(const RingInstance& instance, Ticks horizon,
                                         const ExactSearchLimits& limits = {});

/// Whether the instance is small enough for exact_optimal_schedule to be worth trying.
bool exact_search_applies(const RingInstance& instance, const ExactSearchLimits& limits = {});

}  // namespace redist::ring
