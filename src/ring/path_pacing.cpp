#include "path_pacing.hpp"

#include <algorithm>
#include <vector>

#include "line_fit.hpp"
#include "page_release.hpp"
#include "redist/core/error.hpp"

namespace redist::ring::detail {

namespace {

// Held: the piece type of the held ALAP curves, HeldPiece while the path ends below
// kLineTimeLimit, WideHeldPiece beyond (pace_path chooses).
template <class Held>
class PathPacer {
 public:
  // The path as paced is released at its end links' ASAP first departures (the source holds all
  // it sends; the last link starts no earlier than under ASAP), which the other paths saw.
  PathPacer(const RingPath& path, const StrictPathTiming& asap, const PlanMachinery& machinery)
      : path_(path), asap_(asap), m_(path.size()), machinery_(machinery) {
    path_.release_first = asap.first_start;
    path_.release_last = asap.last_start;
  }

  // The deadline of link k: its ASAP end at the path's ends, the path's end elsewhere.
  Ticks deadline(std::size_t k) const {
    if (k == 0) return asap_.first_end;
    if (k + 1 == m_) return asap_.last_end;
    return asap_.end;
  }

  // ALAP: the strict ASAP timing of the time-reversed path, whose link m-1-k is link k, sent by
  // its receiver (own items: its target; the sink: everything), released at end - deadline.
  // False when it needs more than max_pieces.
  bool time_latest(std::int64_t max_pieces) {
    reversed_.reserve(3 * m_);  // about 2.6 per link; capacity never used is never touched
    reversed_sizes_.assign(m_, 0);
    DepartureCurve up, cur;
    Ticks up_cost = 0;
    for (std::size_t r = 0; r < m_; ++r) {
      const std::size_t k = m_ - 1 - r;
      const PathLink link{path_.items(k), path_.cost(k), asap_.end - deadline(k)};
      const std::int64_t own = k + 1 == m_ ? link.items : path_.receiver_target(k);
      cur.clear();
      append_link_timing(up, 0, up.size(), up_cost, own, link, FollowMode::exact, cur);
      for (const DeparturePiece& p : cur) reversed_.push_back(held_piece<Held>(p));
      reversed_sizes_[k] = static_cast<std::uint32_t>(cur.size());
      if (static_cast<std::int64_t>(reversed_.size()) > max_pieces) return false;
      std::swap(up, cur);
      up_cost = link.cost;
    }
    released_from_ = reversed_.size();
    return true;
  }

  // Link by link from the source, each between what its upstream sends and ALAP.
  void pace(const LinkCurveVisitor& emit) {
    DepartureCurve up, cur, latest;
    std::vector<LineConstraint> lower, upper;
    for (std::size_t k = 0; k < m_; ++k) {
      const PathLink link = path_.link(k);
      // Link k's pieces are the last ones held. Reversed item j is item F - j + 1, a reversed
      // departure d the departure end - c - d.
      latest.clear();
      for (std::uint32_t i = 0; i < reversed_sizes_[k]; ++i) {
        const Held p = reversed_.back();
        reversed_.pop_back();
        const Ticks last =
            static_cast<Ticks>(p.first) + static_cast<Ticks>(p.count - 1) * p.spacing;
        latest.push_back({asap_.end - link.cost - last, p.count, p.spacing});
      }
      // Offered to the machinery: ALAP and the transfers then need not add up.
      release_consumed_tail(reversed_, released_from_, machinery_);
      upper.clear();
      add_deadline_constraints(latest, upper);
      const Ticks window = deadline(k) - link.cost - link.release;  // first to last departure
      const Ticks preferred = link.items > 1 ? window / (link.items - 1) : link.cost;
      pace_link(up, k == 0 ? 0 : path_.cost(k - 1), path_.own_load(k), link, upper, preferred,
                lower, cur);
      REDIST_ASSERT(last_departure(cur) + link.cost <= deadline(k));
      emit(k, cur);
      std::swap(up, cur);
    }
  }

 private:
  RingPath path_;  // released as paced
  const StrictPathTiming& asap_;
  std::size_t m_;
  const PlanMachinery& machinery_;
  std::vector<Held> reversed_;  // the reversed path's curves, link m-1's first
  std::vector<std::uint32_t> reversed_sizes_;
  std::size_t released_from_ = 0;  // reversed_ from this element on was offered, handed back
};

}  // namespace

bool pace_path(const RingPath& path, const StrictPathTiming& asap, std::int64_t max_pieces,
               const LinkCurveVisitor& emit, const PlanMachinery& machinery) {
  if (asap.pieces <= static_cast<std::int64_t>(path.size())) return false;  // one per link already
  if (asap.end >= kWideLineTimeLimit) return false;
  const auto paced = [&](auto pacer) {
    if (!pacer.time_latest(max_pieces)) return false;
    pacer.pace(emit);
    return true;
  };
  if (asap.end < kLineTimeLimit) return paced(PathPacer<HeldPiece>(path, asap, machinery));
  return paced(PathPacer<WideHeldPiece>(path, asap, machinery));
}

}  // namespace redist::ring::detail
