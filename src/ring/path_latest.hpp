#pragma once
// ALAP, the latest departures of a path that still meet each link's deadline, and holding them
// while the path is walked forwards (path_banding.cpp, path_pacing.cpp, paced_unidirectional.cpp).
//
// ALAP is the time-reversal of ASAP on the reversed path: items flow from the sink back to the
// source, each receiver's target plays its load (the sink sends everything), and a deadline d
// becomes the release horizon - d. Reversed, a departure at d on a link of cost c is the original
// departure horizon - c - d, and reversed item m is item F - m + 1. So ALAP is one walk
// (path_walk.hpp) of the reversed path with the strict ASAP step, and costs what ASAP costs. Any
// other valid schedule of the reversed path that ends by the horizon bounds the forward departures
// from above too (paced_unidirectional.cpp walks it with paced lines): LatestCurves holds whichever
// the caller walks.

#include <cstdint>
#include <span>
#include <utility>
#include <vector>

#include "line_fit.hpp"
#include "page_release.hpp"
#include "redist/ring/plan_machinery.hpp"
#include "ring/path_walk.hpp"

namespace redist::ring::detail {

/// `path` seen from its sink: reversed link r is link original(r) = m - 1 - r, sent by that
/// link's receiver, whose own items are its target (the sink's: all of the link's items), released
/// at horizon - deadline(k). Path: size(), items(k), cost(k), receiver_target(k).
template <class Path, class Deadline>
class ReversedPath {
 public:
  ReversedPath(const Path& path, Ticks horizon, Deadline deadline)
      : path_(path), horizon_(horizon), deadline_(std::move(deadline)) {}

  std::size_t size() const { return path_.size(); }
  std::size_t original(std::size_t r) const { return path_.size() - 1 - r; }
  Ticks cost(std::size_t r) const { return path_.cost(original(r)); }
  PathLink link(std::size_t r) const {
    const std::size_t k = original(r);
    return {path_.items(k), path_.cost(k), horizon_ - deadline_(k)};
  }
  std::int64_t own_load(std::size_t r) const {
    const std::size_t k = original(r);
    return k + 1 == path_.size() ? path_.items(k) : path_.receiver_target(k);
  }

 private:
  const Path& path_;
  Ticks horizon_;
  Deadline deadline_;
};

/// The latest curves of one path, held while the path is walked forwards, link 0 first. Held is
/// the piece type they are held in (HeldPiece: 24 bytes, times below kLineTimeLimit; WideHeldPiece
/// or DeparturePiece beyond).
template <class Held>
class LatestCurves {
 public:
  /// ALAP: the strict ASAP walk of ReversedPath(path, horizon, deadline), held. keeps(r, held,
  /// link, curve), after reversed link r and `held` pieces in all, says whether to go on; false,
  /// with nothing held, when it does not.
  template <class Path, class Deadline, class Keeps>
  bool hold_alap(const Path& path, Ticks horizon, Deadline deadline, Keeps&& keeps) {
    return hold(ReversedPath<Path, Deadline>(path, horizon, std::move(deadline)), horizon,
                AsapStep{}, std::forward<Keeps>(keeps));
  }

  /// The walk of `reversed` (a ReversedPath of horizon `horizon`) with `step`, held; keeps as in
  /// hold_alap.
  template <class Reversed, class Step, class Keeps>
  bool hold(const Reversed& reversed, Ticks horizon, Step&& step, Keeps&& keeps) {
    const std::size_t m = reversed.size();
    horizon_ = horizon;
    held_.clear();
    // About 2.4 pieces per link (ALAP), 1 (paced lines): room for 3 at once rather than copies
    // while growing; capacity never used is never touched.
    held_.reserve(3 * m);
    counts_.assign(m, 0);
    std::int64_t held = 0;
    const bool whole =
        walk_path(reversed, curves_, std::forward<Step>(step),
                  [&](std::size_t r, const PathLink& link, std::span<const DeparturePiece> curve) {
                    held += static_cast<std::int64_t>(curve.size());
                    if (!keeps(r, held, link, curve)) return false;
                    for (const DeparturePiece& p : curve) held_.push_back(held_piece<Held>(p));
                    counts_[reversed.original(r)] = static_cast<std::uint32_t>(curve.size());
                    return true;
                  });
    if (!whole) {
      held_.clear();
      held_.shrink_to_fit();
      return false;
    }
    released_from_ = held_.size();
    return true;
  }

  /// Link k's latest curve into `out`, in original time and item order, no longer held: links
  /// are taken in order 0, 1, ... (link 0's pieces are the last held).
  void take(std::size_t k, Ticks cost, DepartureCurve& out) {
    out.clear();
    for (std::uint32_t i = 0; i < counts_[k]; ++i) {
      const Held p = held_.back();
      held_.pop_back();
      const Ticks last = static_cast<Ticks>(p.first) + static_cast<Ticks>(p.count - 1) * p.spacing;
      out.push_back({horizon_ - cost - last, p.count, p.spacing});
    }
  }

  /// Link k's latest departures as the upper side of its band (line_fit.hpp): taken, the pages
  /// consumed so far offered to the machinery (page_release.hpp: the held curves and the path's
  /// transfers then need not add up), each departure a deadline.
  void add_upper(std::size_t k, Ticks cost, std::vector<LineConstraint>& upper,
                 const PlanMachinery& machinery) {
    take(k, cost, curve_);
    release_consumed_tail(held_, released_from_, machinery);
    add_deadline_constraints(curve_, upper);
  }

 private:
  Ticks horizon_ = 0;
  std::vector<Held> held_;             // the reversed path's curves, link m-1's first
  std::vector<std::uint32_t> counts_;  // pieces of link k
  std::size_t released_from_ = 0;      // held_ from this element on was offered, handed back
  SwappedCurves curves_;               // the reversed walk's two curves
  DepartureCurve curve_;               // a taken curve
};

}  // namespace redist::ring::detail
