#pragma once
// Private to the ring layer: the heterogeneous bidirectional planner's spaced timings, path by
// path (bidirectional_shift_search.cpp, best_timing.cpp).
//
// The search over shifts needs only each candidate's makespan and transfers; the winner's
// schedule is its strict ASAP timing (flow_timing.hpp) with every path re-timed as one paced line
// per link where it fits (path_pacing.hpp). Both are made one path at a time (flow_paths.hpp), so
// that neither holds the whole ring's departure curves: a plan of n = 10^6 then peaks at the
// instance, the schedule and the longest path's ALAP.

#include <cstdint>
#include <optional>

#include "redist/core/ring_instance.hpp"
#include "redist/core/schedule.hpp"
#include "redist/ring/plan_machinery.hpp"
#include "ring/flow_timing.hpp"
#include "ring/ring_prefix.hpp"

namespace redist::ring::detail {

/// What a search compares of a strict ASAP timing.
struct FlowTotals {
  Ticks makespan = 0;
  std::int64_t transfers = 0;  // departure pieces: one spaced transfer each
};

/// The totals of time_flows(instance, prefix, shift, order, FollowMode::exact, Pacing::spaced) on
/// a bidirectional ring, the same numbers; nullopt where time_flows_into returns false
/// (circulation, or some link ending after give_up_above).
std::optional<FlowTotals> time_flow_totals(const RingInstance& instance, const RingPrefix& prefix,
                                           std::int64_t shift, PortOrder order,
                                           std::optional<Ticks> give_up_above = std::nullopt);

struct PacedFlowSchedule {
  Schedule schedule;
  bool paced = false;  // some path took fewer transfers than strict ASAP
};

/// The schedule of the same strict ASAP timing with every path re-timed by pace_path where it
/// takes fewer transfers: no link ends later, so the makespan is at most time_flow_totals'.
/// Transfers are listed path after path, the order's direction first, each path from its source.
/// Requires time_flow_totals(instance, prefix, shift, order) to exist.
PacedFlowSchedule paced_flow_schedule(const RingInstance& instance, const RingPrefix& prefix,
                                      std::int64_t shift, PortOrder order,
                                      const PlanMachinery& machinery = PlanMachinery::plain());

}  // namespace redist::ring::detail
