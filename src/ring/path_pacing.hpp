#pragma once
// Private to the ring layer: a path's links re-timed as one paced line each where it fits, keeping
// the path's strict ASAP end times (flow_timing.cpp, FollowMode::paced).
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
#include <span>
#include <vector>

#include "redist/ring/flow_timing.hpp"
#include "redist/ring/path_timing.hpp"

namespace redist::ring::detail {

/// Re-times one path. links[k], loads[k] and receiver_targets[k] as in time_path_banded; the strict
/// ASAP curve of link k (time_path, FollowMode::exact, from the links' releases) is
/// asap_pieces[asap_ranges[k]]. keep_end_times: the first and last links end no later than under
/// ASAP (a bidirectional ring's other paths wait for them), the others by the path's end. Writes
/// the new curves to out_pieces, link after link, and their sizes to out_sizes; false (nothing
/// written) when ALAP would hold more than max_pieces pieces or nothing can improve (one piece per
/// link).
bool pace_path(const std::vector<PathLink>& links, const std::vector<std::int64_t>& loads,
               const std::vector<std::int64_t>& receiver_targets,
               std::span<const DeparturePiece> asap_pieces, std::span<const CurveRange> asap_ranges,
               bool keep_end_times, std::int64_t max_pieces,
               std::vector<DeparturePiece>& out_pieces, std::vector<std::size_t>& out_sizes);

}  // namespace redist::ring::detail
