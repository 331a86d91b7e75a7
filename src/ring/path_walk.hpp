#pragma once
// The one walk along a directed path of the ring: link after link from the source, each link's
// departure curve made from its upstream link's. Strict ASAP (document 000 Algorithm 2, the step
// append_link_timing of path_timing.hpp), ALAP (the same on the time-reversed path,
// path_latest.hpp) and the paced lines (line_fit.hpp's pace_link) are all this walk; they differ in
//
// - the path: anything with size(), link(k) (items, cost, release), own_load(k) (what link k's
//   sender holds of its own; the source: all of link 0) and cost(k): RingPath (flow_paths.hpp),
//   RunPath (flow_runs.hpp), LinkList (below), ReversedPath (path_latest.hpp);
// - where the curves live (Curves): SwappedCurves, two curves in hand (the upstream one and the
//   new one); CurvePerLink, one vector per link; flow_timing.cpp's RingCurves, every link of the
//   ring in one array with each upstream curve read in place, so that a whole ring's timing holds
//   one copy of each curve;
// - the step, which writes link k's curve from its upstream one: step(k, link, upstream, own,
//   out);
// - the hook, called with each link's curve as soon as it is made: hook(k, link, curve) counts
//   pieces, records ends, emits transfers, and stops the walk by returning false.

#include <cstdint>
#include <span>
#include <utility>
#include <vector>

#include "ring/path_timing.hpp"

namespace redist::ring {

/// The curve a link is timed from: source[begin, end), departures over a link of cost `cost`.
/// `source` may be the vector the new curve is appended to (append_link_timing allows it).
struct UpstreamCurve {
  const std::vector<DeparturePiece>* source = nullptr;
  std::size_t begin = 0;
  std::size_t end = 0;
  Ticks cost = 0;

  std::span<const DeparturePiece> pieces() const { return {source->data() + begin, end - begin}; }
};

/// Two curves in hand: the upstream link's and the one being made, swapped after each link.
class SwappedCurves {
 public:
  void clear_upstream() { up_.clear(); }
  /// Resuming a path in the middle: the curve of the link before the first one walked.
  void set_upstream(std::span<const DeparturePiece> curve) {
    up_.assign(curve.begin(), curve.end());
  }
  UpstreamCurve upstream(std::size_t, Ticks cost) const { return {&up_, 0, up_.size(), cost}; }
  std::vector<DeparturePiece>& start(std::size_t) {
    cur_.clear();
    return cur_;
  }
  std::span<const DeparturePiece> finished(std::size_t) const { return cur_; }
  void advance() { std::swap(up_, cur_); }

 private:
  DepartureCurve up_, cur_;
};

/// One curve per link, all kept: curves[k] is link k's.
class CurvePerLink {
 public:
  explicit CurvePerLink(std::vector<DepartureCurve>& curves) : curves_(curves) {}
  void clear_upstream() {}
  UpstreamCurve upstream(std::size_t k, Ticks cost) const {
    const DepartureCurve& up = k == 0 ? none_ : curves_[k - 1];
    return {&up, 0, up.size(), cost};
  }
  std::vector<DeparturePiece>& start(std::size_t k) {
    curves_[k].clear();
    return curves_[k];
  }
  std::span<const DeparturePiece> finished(std::size_t k) const { return curves_[k]; }
  void advance() {}

 private:
  std::vector<DepartureCurve>& curves_;
  DepartureCurve none_;
};

/// A path given as arrays: links[k] and the own load loads[k] of link k's sender (path_timing.hpp's
/// time_path); receiver_targets[k], when given, the target of link k's receiver (for ALAP).
struct LinkList {
  const std::vector<PathLink>* links = nullptr;
  const std::vector<std::int64_t>* loads = nullptr;
  const std::vector<std::int64_t>* receiver_targets = nullptr;

  std::size_t size() const { return links->size(); }
  PathLink link(std::size_t k) const { return (*links)[k]; }
  std::int64_t items(std::size_t k) const { return (*links)[k].items; }
  Ticks cost(std::size_t k) const { return (*links)[k].cost; }
  std::int64_t own_load(std::size_t k) const { return (*loads)[k]; }
  std::int64_t receiver_target(std::size_t k) const { return (*receiver_targets)[k]; }
};

/// The strict ASAP step (document 000 Algorithm 2): each relay forwards as soon as it holds an
/// item and its port is free.
struct AsapStep {
  FollowMode mode = FollowMode::exact;
  void operator()(std::size_t, const PathLink& link, const UpstreamCurve& up, std::int64_t own,
                  std::vector<DeparturePiece>& out) const {
    append_link_timing(*up.source, up.begin, up.end, up.cost, own, link, mode, out);
  }
};

/// Walks links from .. to - 1 of `path`: step(k, link, upstream, own, out) writes link k's curve
/// from the upstream one, then hook(k, link, curve) sees it; false from the hook stops the walk
/// (false returned). The upstream curve of link `from` must already be in `curves` (none when
/// from = 0: see walk_path).
template <class Path, class Curves, class Step, class Hook>
bool walk_links(const Path& path, std::size_t from, std::size_t to, Curves& curves, Step&& step,
                Hook&& hook) {
  Ticks up_cost = from == 0 ? Ticks{0} : path.cost(from - 1);
  for (std::size_t k = from; k < to; ++k) {
    const PathLink link = path.link(k);
    const UpstreamCurve up = curves.upstream(k, up_cost);
    std::vector<DeparturePiece>& out = curves.start(k);
    step(k, link, up, path.own_load(k), out);
    if (!hook(k, link, curves.finished(k))) return false;
    curves.advance();
    up_cost = link.cost;
  }
  return true;
}

/// The whole path from its source.
template <class Path, class Curves, class Step, class Hook>
bool walk_path(const Path& path, Curves& curves, Step&& step, Hook&& hook) {
  curves.clear_upstream();
  return walk_links(path, 0, path.size(), curves, std::forward<Step>(step),
                    std::forward<Hook>(hook));
}

/// The hook of a walk that only needs the curves: goes on to the end.
struct KeepWalking {
  bool operator()(std::size_t, const PathLink&, std::span<const DeparturePiece>) const {
    return true;
  }
};

}  // namespace redist::ring
