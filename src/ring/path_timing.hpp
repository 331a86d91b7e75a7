#pragma once
// As-soon-as-possible timing of items relayed along a directed path of the ring, in compressed
// form.
//
//   source --link 0--> relay 1 --link 1--> relay 2 ... --link m-1--> sink
//
// Link k carries items[k] items; relay k holds loads[k] items of its own. A processor sends as soon
// as it holds an item and its port is free (document 000 Algorithm 2: "wait for receiving a data
// item before sending"), from its release time on. The departure times on a link are kept as pieces
// (first departure, count, spacing): a piece whose spacing is the link's cost is one back-to-back
// batch; a piece with a larger spacing follows a slower upstream link item by item. Timing a link
// costs O(pieces of its upstream link), never O(items).

#include <cstdint>
#include <span>
#include <vector>

#include "redist/core/decimal.hpp"
#include "ring/follow_mode.hpp"
#include "ring/pacing.hpp"

namespace redist::ring {

struct DeparturePiece {
  Ticks first = 0;         // departure of the piece's first item
  std::int64_t count = 0;  // items
  Ticks spacing = 0;       // time between consecutive departures (>= the link's cost)
};
using DepartureCurve = std::vector<DeparturePiece>;

struct PathLink {
  std::int64_t items = 0;  // items sent over this link (all of the path's traffic on it)
  Ticks cost = 1;          // per item
  Ticks release = 0;       // no departure before this time (one-port: the port is busy before)
  std::int64_t follow_chunk =
      INT64_MAX;  // FollowMode::compress: batch follow pieces by this many items
};

/// Times every link of the path (the walk of path_walk.hpp, every curve kept). loads[k] is the own
/// load of the processor that sends on link k (loads[0], the source, must cover items[0]). Returns
/// one curve per link. FollowMode::banded is handled by time_path_banded (path_banding.hpp), which
/// needs the receivers' targets too.
/// Pieces can number O(m^2) on a path of m links (docs/ring_unidirectional.md: costs decreasing
/// along the path); beyond max_pieces in all, throws InputError (field "costs") instead of
/// exhausting memory.
std::vector<DepartureCurve> time_path(const std::vector<PathLink>& links,
                                      const std::vector<std::int64_t>& loads, FollowMode mode,
                                      std::int64_t max_pieces = INT64_MAX);

/// The ASAP curve of one link, appended to `out`, given the curve of the link that feeds its
/// sender, source[upstream_begin, upstream_end): the step of every strict ASAP walk
/// (path_walk.hpp). `source` may be `out` itself, so that a whole ring's curves live in one array
/// (flow_timing.hpp) instead of one heap block per link.
void append_link_timing(const std::vector<DeparturePiece>& source, std::size_t upstream_begin,
                        std::size_t upstream_end, Ticks upstream_cost, std::int64_t own_items,
                        const PathLink& link, FollowMode mode, std::vector<DeparturePiece>& out);
/// The InputError time_path throws when a path of `path_links` links needs more than max_pieces.
[[noreturn]] void throw_too_many_pieces(std::size_t path_links, std::int64_t max_pieces);
/// Transfers one path's strict ASAP timing may take on a ring of `ring_size` processors before the
/// planners refuse it: 64 per processor and at least 2^24, i.e. at most a few GB. Random rings need
/// about 3 per link; only adversarial paths approach n^2 / 2 (docs/ring_unidirectional.md).
std::int64_t max_path_pieces(std::size_t ring_size);

/// Departure of the last item (or release - cost when the curve is empty): the sender is busy
/// until last_departure + cost.
Ticks last_departure(std::span<const DeparturePiece> curve);
/// Number of transfers the curve becomes: one per piece when spaced; under back_to_back, pieces at
/// the link's cost count 1 and others one per item.
std::int64_t batch_count(std::span<const DeparturePiece> curve, Ticks cost, Pacing pacing);
/// a + b for batch counts (both >= 0), saturated at INT64_MAX: one link holds at most 2^62 items,
/// but per-item curves on many links add up beyond 64 bits
/// (fuzz/regressions/plan/batch_total_overflow.bin).
std::int64_t add_batches(std::int64_t a, std::int64_t b);

}  // namespace redist::ring
