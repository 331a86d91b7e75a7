#pragma once
// Private to the ring layer: a path's links re-timed as one paced line each where it fits, keeping
// the path's strict ASAP end times (flow_pacing.cpp).
//
// The bidirectional planners time each path of the flows with strict ASAP; paths interact only at
// their ends (a source serving both directions, a sink receiving from both sides), through when
// their first and last links end. So, as path_banding.hpp does for back-to-back batches, every
// link may move between the earliest departures from what its upstream link sends and ALAP with
// the first and last links ending no later than under strict ASAP and the others by the path's
// end: the other paths see the same or earlier ends, and the plan's makespan does not grow. Inside
// that band each link becomes one spaced transfer where a line fits (line_fit.hpp), ASAP elsewhere
// (docs/ring_unidirectional.md, "Paced lines").

#include <cstdint>

#include "flow_paths.hpp"
#include "redist/ring/plan_machinery.hpp"

namespace redist::ring::detail {

/// Re-times one path whose strict ASAP timing (from the same releases) is `asap`, handing each
/// link's new curve to emit(k, curve), link 0 first. The first and last links end no later than
/// under ASAP (a bidirectional ring's other paths wait for them), the others by the path's end.
/// ALAP is held while the path is paced (24 bytes a piece), its pages handed back as they are
/// consumed. False, with nothing emitted, when ALAP would hold more than max_pieces pieces, when
/// the path ends too late for line_fit's products, or when nothing can improve (one piece per
/// link).
bool pace_path(const RingPath& path, const StrictPathTiming& asap, std::int64_t max_pieces,
               const LinkCurveVisitor& emit, const PlanMachinery& machinery);

}  // namespace redist::ring::detail
