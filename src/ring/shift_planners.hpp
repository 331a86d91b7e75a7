#pragma once
// Planners built on the flow shift and the ASAP flow timing (flow_timing.hpp).
//
// Unidirectional rings (document 000 Algorithms 1 and 2): the only sensible shift moves the fewest
// items, x = -min S (every F_i >= 0, one F_i = 0 at P_start's incoming edge). Timing it ASAP gives
// the Lemma 5 value max_i c_i F_i whenever loads and targets are >= 1 (Lemma 5: "no forwarding
// delay"). Strict ASAP can follow a slower upstream link item by item, one batch per item; so the
// planner batches within the band between ASAP and ALAP (path_banding.hpp), which keeps the optimal
// time, and only when even that needs too many batches cuts follow pieces into chunks (later,
// valid).
//
// Heterogeneous bidirectional rings, general case (open in document 000): candidates are the
// integer shifts around System 6's optimum (and the nearest light shift, System 12), each timed
// with both port orders (strict ASAP when spaced; both batchings when back to back); the best
// makespan wins. Shifts whose System 6 time cannot beat the best makespan found are not timed at
// all.

#include <cstdint>
#include <string>

#include "redist/core/ring_instance.hpp"
#include "redist/core/schedule.hpp"
#include "redist/ring/plan_machinery.hpp"
#include "ring/path_timing.hpp"
#include "ring/ring_prefix.hpp"

namespace redist::ring {

/// Planners give up strict ASAP when it would need more batches than this: 64 per processor, and
/// never less than 4 million.
std::int64_t max_schedule_batches(std::size_t ring_size);

struct ShiftPlan {
  Schedule schedule;           // makespan and flow_shift set
  std::string method;          // how it was obtained, for people
  bool batch_limited = false;  // FlowTiming::chunked of the chosen timing
};

ShiftPlan plan_unidirectional(const RingInstance& instance, Pacing pacing = Pacing::spaced);
/// `machinery` serves the paced planners (redist/ring/plan_machinery.hpp); the plan is the same
/// whatever it does.
ShiftPlan plan_unidirectional(const RingInstance& instance, const RingPrefix& prefix, Pacing pacing,
                              const PlanMachinery& machinery = PlanMachinery::plain());

/// `center` is the shift to search around (System 6's integer argmin); `radius` shifts each side.
ShiftPlan plan_bidirectional_by_shifts(const RingInstance& instance, std::int64_t center,
                                       std::int64_t radius, Pacing pacing = Pacing::spaced);
/// The same with the prefix sums computed once per plan and the best proved lower bound: shifts are
/// timed by increasing tau(x) (System 6's time of x, a lower bound for that shift), and the search
/// stops when a timing reaches `bound` or no shift left has tau below the best makespan found. The
/// makespan is that of timing every shift; among equal makespans the one found first wins.
ShiftPlan plan_bidirectional_by_shifts(const RingInstance& instance, const RingPrefix& prefix,
                                       std::int64_t center, std::int64_t radius, Pacing pacing,
                                       Ticks bound,
                                       const PlanMachinery& machinery = PlanMachinery::plain());

}  // namespace redist::ring
