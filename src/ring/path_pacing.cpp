#include "path_pacing.hpp"

#include <algorithm>

#include "line_fit.hpp"
#include "redist/core/error.hpp"

namespace redist::ring::detail {

namespace {

class PathPacer {
 public:
  PathPacer(const std::vector<PathLink>& links, const std::vector<std::int64_t>& loads,
            const std::vector<std::int64_t>& receiver_targets,
            std::span<const DeparturePiece> asap_pieces, std::span<const CurveRange> asap_ranges)
      : links_(links),
        loads_(loads),
        targets_(receiver_targets),
        asap_pieces_(asap_pieces),
        asap_ranges_(asap_ranges),
        m_(links.size()) {}

  std::span<const DeparturePiece> asap(std::size_t k) const {
    return asap_pieces_.subspan(asap_ranges_[k].begin, asap_ranges_[k].size);
  }

  // Deadlines from the ASAP curves: the path's end, and for the end links their own ends. False
  // when the path ends too late for line_fit's 128-bit products.
  bool set_deadlines(bool keep_end_times) {
    ends_.assign(m_, 0);
    horizon_ = 0;
    for (std::size_t k = 0; k < m_; ++k) {
      const auto curve = asap(k);
      ends_[k] = curve.empty() ? links_[k].release : last_departure(curve) + links_[k].cost;
      horizon_ = std::max(horizon_, ends_[k]);
    }
    for (std::size_t k = 0; k < m_; ++k)
      if (!keep_end_times || (k != 0 && k + 1 != m_)) ends_[k] = horizon_;
    return horizon_ < kLineTimeLimit;
  }

  // ALAP: the strict ASAP timing of the time-reversed path, whose link m-1-k is link k, sent by
  // its receiver (own items: its target; the sink: everything), released at horizon - deadline.
  // False when it needs more than max_pieces.
  bool time_latest(std::int64_t max_pieces) {
    reversed_.clear();
    reversed_sizes_.assign(m_, 0);
    DepartureCurve up, cur;
    Ticks up_cost = 0;
    for (std::size_t r = 0; r < m_; ++r) {
      const std::size_t k = m_ - 1 - r;
      const PathLink link{links_[k].items, links_[k].cost, horizon_ - ends_[k]};
      const std::int64_t own = k + 1 == m_ ? link.items : targets_[k];
      cur.clear();
      append_link_timing(up, 0, up.size(), up_cost, own, link, FollowMode::exact, cur);
      for (const DeparturePiece& p : cur)
        reversed_.push_back(
            {static_cast<std::int64_t>(p.first), p.count, static_cast<std::int64_t>(p.spacing)});
      reversed_sizes_[k] = cur.size();
      if (static_cast<std::int64_t>(reversed_.size()) > max_pieces) return false;
      std::swap(up, cur);
      up_cost = link.cost;
    }
    return true;
  }

  // Link by link from the source, each between what its upstream sends and ALAP.
  void pace(std::vector<DeparturePiece>& out_pieces, std::vector<std::size_t>& out_sizes) {
    out_sizes.assign(m_, 0);
    DepartureCurve up, cur, latest;
    std::vector<LineConstraint> lower, upper;
    std::size_t end = reversed_.size();  // link k's reversed pieces end here, for k = 0, 1, ...
    for (std::size_t k = 0; k < m_; ++k) {
      const PathLink& link = links_[k];
      // Reversed item j is item F - j + 1, a reversed departure d the departure horizon - c - d.
      latest.clear();
      for (std::size_t i = end; i-- > end - reversed_sizes_[k];) {
        const HeldPiece& p = reversed_[i];
        const Ticks last =
            static_cast<Ticks>(p.first) + static_cast<Ticks>(p.count - 1) * p.spacing;
        latest.push_back({horizon_ - link.cost - last, p.count, p.spacing});
      }
      end -= reversed_sizes_[k];
      upper.clear();
      add_deadline_constraints(latest, upper);
      const Ticks window = ends_[k] - link.cost - link.release;  // first to last departure
      const Ticks preferred = link.items > 1 ? window / (link.items - 1) : link.cost;
      pace_link(up, k == 0 ? 0 : links_[k - 1].cost, loads_[k], link, upper, preferred, lower, cur);
      REDIST_ASSERT(last_departure(cur) + link.cost <= ends_[k]);
      out_pieces.insert(out_pieces.end(), cur.begin(), cur.end());
      out_sizes[k] = cur.size();
      std::swap(up, cur);
    }
  }

 private:
  const std::vector<PathLink>& links_;
  const std::vector<std::int64_t>& loads_;
  const std::vector<std::int64_t>& targets_;
  std::span<const DeparturePiece> asap_pieces_;
  std::span<const CurveRange> asap_ranges_;
  std::size_t m_;
  std::vector<Ticks> ends_;
  Ticks horizon_ = 0;
  std::vector<HeldPiece> reversed_;  // the reversed path's curves, link m-1 first
  std::vector<std::size_t> reversed_sizes_;
};

}  // namespace

bool pace_path(const std::vector<PathLink>& links, const std::vector<std::int64_t>& loads,
               const std::vector<std::int64_t>& receiver_targets,
               std::span<const DeparturePiece> asap_pieces, std::span<const CurveRange> asap_ranges,
               bool keep_end_times, std::int64_t max_pieces,
               std::vector<DeparturePiece>& out_pieces, std::vector<std::size_t>& out_sizes) {
  REDIST_ASSERT(links.size() == loads.size() && links.size() == asap_ranges.size());
  std::size_t pieces = 0;
  for (const CurveRange& r : asap_ranges) pieces += r.size;
  if (pieces <= links.size()) return false;  // one transfer per link already
  PathPacer pacer(links, loads, receiver_targets, asap_pieces, asap_ranges);
  if (!pacer.set_deadlines(keep_end_times) || !pacer.time_latest(max_pieces)) return false;
  pacer.pace(out_pieces, out_sizes);
  return true;
}

}  // namespace redist::ring::detail
