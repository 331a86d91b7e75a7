#pragma once
// Private to the ring layer: document 000 Algorithm 2's strict ASAP timing of a unidirectional
// ring, emitted straight into a schedule of spaced transfers (shift_planners.cpp).

#include <cstddef>
#include <cstdint>

#include "redist/core/ring_instance.hpp"
#include "redist/core/schedule.hpp"
#include "ring/ring_prefix.hpp"

namespace redist::ring::detail {

/// The schedule flow_timing_schedule(time_flows(instance, prefix, shift, succ_first,
/// FollowMode::exact, Pacing::spaced), Pacing::spaced) returns, transfer for transfer, without the
/// timing's array of departure pieces: each link is timed from its upstream link's curve alone, so
/// the planner holds two curves and the schedule (one piece is 48 bytes and a transfer 64; at
/// 2.7 transfers per processor the pieces were a third of the peak). The ring is timed twice,
/// once to count the transfers (the schedule is allocated once, at its size) and once to emit them
/// in link order. Requires every F_i = shift + S_i >= 0 with some F_i = 0 (the minimal flows of
/// Lemma 5, shift = -min S): a ring whose flows are all positive would circulate items.
Schedule spaced_unidirectional_schedule(const RingInstance& instance, const RingPrefix& prefix,
                                        std::int64_t shift);
struct StrictAsapTotals {
  Ticks makespan = 0;
  std::size_t transfers = 0;
};
/// That schedule's makespan and size, timed without emitting it (two curves held): the band's
/// end for the paced plan of a ring with a load or target of 0 (paced_unidirectional.hpp). Throws
/// as it does on a path that needs more than max_path_pieces(n) transfers.
StrictAsapTotals strict_asap_totals(const RingInstance& instance, const RingPrefix& prefix,
                                    std::int64_t shift);

}  // namespace redist::ring::detail
