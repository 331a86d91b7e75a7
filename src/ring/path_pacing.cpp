#include "path_pacing.hpp"

#include <span>
#include <vector>

#include "line_fit.hpp"
#include "line_pacer.hpp"
#include "path_latest.hpp"
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

  // ALAP (path_latest.hpp) under these deadlines, the horizon being the path's end. False when
  // it needs more than max_pieces.
  bool time_latest(std::int64_t max_pieces) {
    return latest_.hold_alap(
        path_, asap_.end, [this](std::size_t k) { return deadline(k); },
        [&](std::size_t, std::int64_t held, const PathLink&, std::span<const DeparturePiece>) {
          return held <= max_pieces;
        });
  }

  // Link by link from the source, each between what its upstream sends and ALAP, at the spacing
  // that spreads its items over its window (line_pacer.hpp).
  void pace(const LinkCurveVisitor& emit) {
    const auto band = [&](std::size_t k, const PathLink& link, std::vector<LineConstraint>& upper) {
      latest_.add_upper(k, link.cost, upper, machinery_);
      const Ticks window = deadline(k) - link.cost - link.release;  // first to last departure
      return link.items > 1 ? window / (link.items - 1) : link.cost;
    };
    LinePacer pacer;
    pacer.pace(path_, band,
               [&](std::size_t k, const PathLink& link, std::span<const DeparturePiece> curve) {
                 REDIST_ASSERT(last_departure(curve) + link.cost <= deadline(k));
                 emit(k, curve);
                 return true;
               });
  }

 private:
  RingPath path_;  // released as paced
  const StrictPathTiming& asap_;
  std::size_t m_;
  const PlanMachinery& machinery_;
  LatestCurves<Held> latest_;
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
