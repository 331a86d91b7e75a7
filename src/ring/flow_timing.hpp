#pragma once
// Timing of the net flows F_i = x + S_i on any ring, one-port, as soon as possible (the executor
// behind the unidirectional planners and the general heterogeneous bidirectional planner).
//
// The edges with F > 0 form paths carrying items towards successors, those with F < 0 paths towards
// predecessors. Only two kinds of processor have two streams on one port: a *source* (sends both
// ways) and a *sink* (receives from both sides). The PortOrder says which direction they serve
// first; the other direction's path is then released when the source has finished its first sends
// and when the sink has finished its first receives (document 000 Lemma 9 does exactly this with
// successors first). Relays forward items as soon as they hold them (Algorithm 2). So every path is
// timed independently with path_timing.hpp: O(n + pieces), never O(items).

#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "redist/core/ring_instance.hpp"
#include "redist/core/schedule.hpp"
#include "ring/path_timing.hpp"
#include "ring/port_order.hpp"
#include "ring/ring_prefix.hpp"

namespace redist::ring {

// Where one edge's departure curve lies in FlowTiming::pieces.
struct CurveRange {
  std::size_t begin = 0;
  std::size_t size = 0;
};

struct FlowTiming {
  std::int64_t shift = 0;
  PortOrder order = PortOrder::succ_first;  // as timed
  std::vector<std::int64_t> flows;          // F_i over edge i (P_i <-> P_{i+1})
  // Departures over every edge, in the direction of sign(F_i), in one array (one heap block per
  // edge cost more than the timing itself on large rings): edge i's curve is pieces[ranges[i]].
  std::vector<DeparturePiece> pieces;
  std::vector<CurveRange> ranges;
  std::span<const DeparturePiece> curve(std::size_t edge) const {
    return {pieces.data() + ranges[edge].begin, ranges[edge].size};
  }
  Ticks makespan = 0;
  std::int64_t batches = 0;  // transfers of the schedule under the timing's Pacing
  // Some path's optimal band needed more batches than the budget, so its follow pieces were cut
  // into chunks: valid, but later than the optimum (docs/ring_unidirectional.md, "Limit").
  bool chunked = false;
};

/// Times the flows of `shift`. nullopt when the flows circulate (every edge has the same nonzero
/// sign: such a shift is never useful, lowering |F| everywhere is better) or, on a unidirectional
/// ring, when some F_i < 0.
/// With FollowMode::banded, a path whose band would need too many batches is timed with chunked
/// compression instead (valid, possibly later than strict ASAP).
std::optional<FlowTiming> time_flows(const RingInstance& instance, std::int64_t shift,
                                     PortOrder order, FollowMode mode,
                                     Pacing pacing = Pacing::spaced);
/// The same with the instance's prefix sums already computed (the planners compute them once).
std::optional<FlowTiming> time_flows(const RingInstance& instance, const RingPrefix& prefix,
                                     std::int64_t shift, PortOrder order, FollowMode mode,
                                     Pacing pacing);
/// The same into `timing`, whose arrays are reused (a planner timing many shifts allocates them
/// once); false where time_flows returns nullopt, and as soon as some link ends after
/// give_up_above (a search that cannot use a later timing stops paying for it). After false,
/// `timing` holds no valid timing.
bool time_flows_into(FlowTiming& timing, const RingInstance& instance, const RingPrefix& prefix,
                     std::int64_t shift, PortOrder order, FollowMode mode, Pacing pacing,
                     std::optional<Ticks> give_up_above = std::nullopt);

/// The schedule of a timing (time scale = the instance's cost scale; links named when n = 2): one
/// transfer per departure piece, spaced when the piece follows a slower upstream link; under
/// Pacing::back_to_back such a piece becomes one transfer per item instead.
Schedule flow_timing_schedule(const RingInstance& instance, const FlowTiming& timing,
                              Pacing pacing = Pacing::spaced);

}  // namespace redist::ring
