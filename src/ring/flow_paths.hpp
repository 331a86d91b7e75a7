#pragma once
// Private to the ring layer: the paths of the flows F_i = x + S_i timed one at a time with strict
// ASAP (document 000 Algorithm 2), never the whole ring at once (bidirectional_shift_search.cpp,
// flow_pacing.cpp).
//
// flow_timing.hpp keeps every link's departure curve of the whole ring in one array: 48-byte
// pieces, 2.6 per link on random rings, 125 MB at n = 10^6. The heterogeneous bidirectional
// planner needs much less of a timing: the search needs its makespan and its transfers, and the
// pacing of a path needs when the path ends and when its end links start and end. Paths meet only
// at their ends (flow_timing.hpp: a source serving both directions, a sink receiving from both
// sides), so each path is timed with two curves in hand (the link's and its upstream link's), and
// only the end links' ends of the first direction are kept for the second.

#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <utility>
#include <vector>

#include "redist/core/ring_instance.hpp"
#include "ring/flow_timing.hpp"
#include "ring/path_timing.hpp"
#include "ring/path_walk.hpp"
#include "ring/ring_prefix.hpp"

namespace redist::ring::detail {

/// One path of the flows: edges first .. first + length - 1 (mod n) whose flows have the sign dir,
/// in travel order (link 0 leaves the source). Its links are read from the instance when asked
/// for, so that a path of 5 x 10^5 links holds no per-link array.
struct RingPath {
  const RingInstance* instance = nullptr;
  const RingPrefix* prefix = nullptr;
  std::int64_t shift = 0;
  std::size_t first = 0;
  std::size_t length = 0;
  int dir = 0;              // +1: items move P_i -> P_{i+1}; -1: P_{i+1} -> P_i
  Ticks release_first = 0;  // no departure on link 0 before this (its sender's other port use)
  Ticks release_last = 0;   // nor on link length-1 (its receiver's)

  std::size_t size() const { return length; }
  std::size_t edge(std::size_t k) const;
  std::size_t sender(std::size_t k) const;
  std::size_t receiver(std::size_t k) const;
  std::int64_t items(std::size_t k) const;  // |F| over link k
  Ticks cost(std::size_t k) const;
  /// What link k's sender holds of its own: the source sends all of link 0 from the start.
  std::int64_t own_load(std::size_t k) const;
  std::int64_t receiver_target(std::size_t k) const;
  /// Link k with its release (link 0's and link length-1's; both when the path has one link).
  PathLink link(std::size_t k) const;
  /// Where the source sends the other way and the sink receives from the other side, if they do
  /// (flow_timing.hpp: the only ports with two streams): the edge next to each, away from the path.
  std::size_t source_other_edge() const;
  std::size_t sink_other_edge() const;
};

/// Calls visit(path) for every path of direction `dir` of the flows F_i = shift + S_i, by first
/// edge, on any ring; stops, returning false, when visit returns false.
bool for_each_path(const RingInstance& instance, const RingPrefix& prefix, std::int64_t shift,
                   int dir, const std::function<bool(RingPath&)>& visit);

/// What a path's strict ASAP timing tells its pacing and the other direction's paths.
struct StrictPathTiming {
  std::int64_t pieces = 0;  // departure pieces: the path's transfers, spaced
  Ticks end = 0;            // when its last transfer ends
  Ticks first_start = 0;    // link 0's first departure and the end of its last transfer
  Ticks first_end = 0;
  Ticks last_start = 0;  // the same for link length-1
  Ticks last_end = 0;
};

using LinkCurveVisitor =
    std::function<void(std::size_t link, std::span<const DeparturePiece> curve)>;

/// The flows of one shift, path after path.
class FlowPaths {
 public:
  FlowPaths(const RingInstance& instance, const RingPrefix& prefix, std::int64_t shift,
            PortOrder order);

  /// False when the flows circulate (every edge has one nonzero sign: never useful).
  bool usable() const { return usable_; }

  /// Times every path with strict ASAP, the order's direction first; the other direction's paths
  /// are released when their source has finished its first sends and their sink its first
  /// receives (flow_timing.hpp). Calls visit(path, timing) after each path; stops, returning
  /// false, when it returns false or when some link ends after give_up_above. Throws InputError
  /// when a path needs more than max_path_pieces(n) pieces.
  bool walk(const std::function<bool(const RingPath&, const StrictPathTiming&)>& visit,
            std::optional<Ticks> give_up_above = std::nullopt);

  /// The strict ASAP timing of one path (each link's curve to on_link when given); stops after
  /// the link that ends after give_up_above (nullopt then).
  std::optional<StrictPathTiming> time(const RingPath& path, const LinkCurveVisitor& on_link = {},
                                       std::optional<Ticks> give_up_above = std::nullopt);

 private:
  // Times every path of direction dir; false when one of them says stop.
  bool walk_direction(int dir, bool second,
                      const std::function<bool(const RingPath&, const StrictPathTiming&)>& visit,
                      std::optional<Ticks> give_up_above);
  // When the first direction's traffic over `edge` is over (0 if it has none there).
  Ticks first_direction_done(std::size_t edge, int first_dir) const;

  const RingInstance& inst_;
  const RingPrefix& prefix_;
  std::int64_t shift_;
  PortOrder order_;
  std::size_t n_;
  bool usable_ = false;
  std::int64_t max_pieces_ = 0;
  // (edge, end) of the first direction's end links, by edge: all the second direction needs.
  std::vector<std::pair<std::size_t, Ticks>> first_ends_;
  SwappedCurves curves_;
};

}  // namespace redist::ring::detail
