#pragma once
// The list-scheduling planner for general heterogeneous bidirectional rings: the event-driven list
// scheduler (list_scheduler.hpp) over the shifts near System 6's integer optimum and every priority
// rule, then local search on the best one.
//
// Local search moves (deterministic, seeded): scale the weight of a contested link (a source's two
// directions, a sink's two senders) up or down, change the granularity of contested decisions, or
// step the shift by one; a move is kept when the makespan does not grow (equal moves let the search
// drift across plateaus). `effort` multiplies the number of moves; effort 0 skips the search.
// It stops as soon as a schedule reaches the proved lower bound.

#include <cstdint>
#include <optional>

#include "redist/core/ring_instance.hpp"
#include "ring/list_scheduler.hpp"

namespace redist::ring {

struct ListPlanResult {
  ListSchedule best;
  std::string method;
  std::int64_t evaluations = 0;  // list schedules built
};

/// `center`: System 6's integer argmin; `bound`: the best proved lower bound (stop when reached).
/// nullopt when no candidate fits the event budget (huge item counts on many contested links).
/// `spaced` false: back-to-back transfers only (ListSchedulerOptions::spaced).
/// `prefix`: the instance's prefix sums, built once per plan by the caller (RingPrefix::of).
std::optional<ListPlanResult> plan_by_list_scheduling(const RingInstance& instance,
                                                      const RingPrefix& prefix, std::int64_t center,
                                                      Ticks bound, int effort, bool spaced = true);

/// The first seeds alone (earliest deadline first at `center`, four tolerances, two late-batch
/// modes; stops at `bound`): at most eight list schedules, each O(events log n), which the planner
/// tries before the full search (they reach the bound on most rings).
std::optional<ListPlanResult> first_list_seeds(const RingInstance& instance,
                                               const RingPrefix& prefix, std::int64_t center,
                                               Ticks bound, bool spaced = true);

}  // namespace redist::ring
