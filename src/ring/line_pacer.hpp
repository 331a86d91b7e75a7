#pragma once
// Private to the ring layer: the one pacer. A path is walked from its source (path_walk.hpp) and
// each link sends its items as one line inside its band (line_fit.hpp's pace_link): above the
// earliest departures its upstream link's chosen curve allows, below the band's upper side, ASAP
// where no line fits (docs/ring_unidirectional.md, "Paced lines"). Its two users differ only in
// the band and in what they do with each link's curve:
//
// |                | path_pacing.cpp (a bidirectional path)   | paced_unidirectional.cpp (a run) |
// |----------------|------------------------------------------|----------------------------------|
// | upper side     | ALAP                                     | late fluid line, the reversed    |
// |                |                                          | run's own paced lines, or ALAP   |
// | deadlines      | each end link's ASAP end, else the path's| the makespan on every link       |
// | spacing        | the window over the items                | smallest (fluid) or fluid pace   |
// |                |                                          | (ALAP)                           |
// | gives up       | never (ALAP over budget: not paced)      | past 1.5 transfers per link      |
//
// A band is a callable band(k, link, upper) that appends link k's upper constraints to `upper` and
// returns the spacing its line prefers; ALAP's is LatestCurves::add_upper (path_latest.hpp), the
// late fluid line's add_late_fluid_upper.

#include <cstdint>
#include <utility>
#include <vector>

#include "line_fit.hpp"
#include "ring/path_walk.hpp"

namespace redist::ring::detail {

class LinePacer {
 public:
  /// The walk's step that paces link k inside `band` (which must outlive the step).
  template <class Band>
  auto step(Band& band) {
    return [this, &band](std::size_t k, const PathLink& link, const UpstreamCurve& up,
                         std::int64_t own, std::vector<DeparturePiece>& out) {
      upper_.clear();
      const Ticks preferred = band(k, link, upper_);
      pace_link(up, own, link, upper_, preferred, lower_, out);
    };
  }

  /// Paces the whole path; hook(k, link, curve) as in walk_path.
  template <class Path, class Band, class Hook>
  bool pace(const Path& path, Band& band, Hook&& hook) {
    return walk_path(path, curves_, step(band), std::forward<Hook>(hook));
  }

 private:
  SwappedCurves curves_;
  std::vector<LineConstraint> lower_, upper_;
};

/// The late fluid schedule's upper side on a unidirectional ring of makespan M (valid when every
/// load and target is at least 1, paced_unidirectional.hpp): item m of a link carrying F items
/// leaves by m M / F - c, linear in m, so its two ends bound every item. pace = floor(M / F).
inline void add_late_fluid_upper(Ticks makespan, Ticks pace, const PathLink& link,
                                 std::vector<LineConstraint>& upper) {
  upper.push_back({pace - link.cost, 0});
  upper.push_back({makespan - link.cost, link.items - 1});
}

}  // namespace redist::ring::detail
