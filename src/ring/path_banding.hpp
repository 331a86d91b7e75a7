#pragma once
// Few batches without losing time: choose each link's departures between the earliest (ASAP) and
// the latest (ALAP) times that keep the path's ASAP finishing times.
//
// Strict ASAP forwards a stream coming from a slower link item by item, one batch per item: at 10^9
// items that is no plan at all. But a relay with slack may wait and send the same items as one
// back-to-back batch. How long it may wait is exactly the latest schedule: ALAP departures are the
// time-reversal of ASAP on the reversed path (items flow back, loads and targets swap, a deadline
// becomes a release), so ALAP costs what ASAP costs. Along the path, link by link, the earliest
// curve comes from the batches already chosen upstream, and a greedy picks the fewest back-to-back
// runs inside [earliest, latest]: with g(m) = early(m) - m c and h(m) = late(m) - m c (both
// non-decreasing), items a..b fit one run iff g(b) <= h(a); take the longest such run, as early as
// possible. Earliest <= latest holds link after link (the latest curves are a fixed point of the
// constraints), so the result is valid and ends no later than strict ASAP.

#include <cstdint>
#include <optional>
#include <vector>

#include "ring/path_timing.hpp"

namespace redist::ring {

/// As time_path, with receiver_targets[k] = the target of the processor that receives over link k
/// (the sink's entry is ignored). Every link ends by the path's strict-ASAP finishing time; with
/// keep_end_times the first and last links also end no later than under strict ASAP (other paths of
/// a bidirectional ring wait for them). nullopt when the batches would exceed max_batches.
std::optional<std::vector<DepartureCurve>> time_path_banded(
    const std::vector<PathLink>& links, const std::vector<std::int64_t>& loads,
    const std::vector<std::int64_t>& receiver_targets, bool keep_end_times,
    std::int64_t max_batches);

/// The fewest back-to-back runs (spacing c) with early(m) <= D(m) <= late(m) for every item m.
/// Requires early <= late item by item, both with spacing >= c.
DepartureCurve fewest_runs_between(const DepartureCurve& early, const DepartureCurve& late, Ticks c,
                                   std::int64_t max_runs);

}  // namespace redist::ring
