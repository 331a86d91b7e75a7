#include "ring/path_banding.hpp"

#include <algorithm>
#include <limits>
#include <span>

#include "path_latest.hpp"
#include "redist/core/error.hpp"
#include "ring/path_walk.hpp"

namespace redist::ring {

namespace {

// A departure curve with random access by item index (1-based).
class IndexedCurve {
 public:
  explicit IndexedCurve(const DepartureCurve& curve) : curve_(curve), before_(curve.size() + 1, 0) {
    for (std::size_t k = 0; k < curve.size(); ++k) before_[k + 1] = before_[k] + curve[k].count;
  }

  std::int64_t size() const { return before_.back(); }

  Ticks at(std::int64_t m) const {
    const std::size_t k = piece_of(m);
    return curve_[k].first + (m - 1 - before_[k]) * curve_[k].spacing;
  }

  // The largest m with at(m) - m c <= bound (at(m) - m c is non-decreasing), or 0.
  std::int64_t last_with_slack(Ticks bound, Ticks c) const {
    // Pieces: find the last piece whose first item satisfies the bound.
    std::size_t lo = 0, hi = curve_.size();  // answer piece in [lo, hi)
    if (curve_.empty() || curve_[0].first - (before_[0] + 1) * c > bound) return 0;
    while (hi - lo > 1) {
      const std::size_t mid = (lo + hi) / 2;
      (curve_[mid].first - (before_[mid] + 1) * c <= bound ? lo : hi) = mid;
    }
    const DeparturePiece& p = curve_[lo];
    const std::int64_t first_index = before_[lo] + 1;
    const Ticks slope = p.spacing - c;  // growth of at(m) - m c inside the piece
    std::int64_t extra = p.count - 1;
    if (slope > 0)
      extra = static_cast<std::int64_t>(
          std::min<Ticks>(extra, (bound - (p.first - first_index * c)) / slope));
    return first_index + extra;
  }

 private:
  std::size_t piece_of(std::int64_t m) const {
    const auto it = std::upper_bound(before_.begin(), before_.end(), m - 1);
    return static_cast<std::size_t>(it - before_.begin()) - 1;
  }

  const DepartureCurve& curve_;
  std::vector<std::int64_t> before_;
};

std::int64_t batches_of(const std::vector<DepartureCurve>& curves,
                        const std::vector<PathLink>& links) {
  std::int64_t total = 0;
  for (std::size_t k = 0; k < curves.size(); ++k)
    total = add_batches(total, batch_count(curves[k], links[k].cost, Pacing::back_to_back));
  return total;
}

}  // namespace

DepartureCurve fewest_runs_between(const DepartureCurve& early, const DepartureCurve& late, Ticks c,
                                   std::int64_t max_runs) {
  const IndexedCurve lo(early), hi(late);
  REDIST_ASSERT(lo.size() == hi.size());
  DepartureCurve runs;
  Ticks free_at = std::numeric_limits<Ticks>::min() / 4;
  for (std::int64_t a = 1; a <= lo.size();) {
    if (static_cast<std::int64_t>(runs.size()) >= max_runs) return {};
    const Ticks slack = hi.at(a) - a * c;  // h(a)
    const std::int64_t b = std::max(a, lo.last_with_slack(slack, c));
    const Ticks start = std::max(lo.at(b) - (b - a) * c, free_at);
    REDIST_ASSERT(start - a * c <= slack);
    runs.push_back({start, b - a + 1, c});
    free_at = start + (b - a + 1) * c;
    a = b + 1;
  }
  return runs;
}

std::optional<std::vector<DepartureCurve>> time_path_banded(
    const std::vector<PathLink>& links, const std::vector<std::int64_t>& loads,
    const std::vector<std::int64_t>& receiver_targets, bool keep_end_times,
    std::int64_t max_batches) {
  const std::size_t m = links.size();
  auto asap = time_path(links, loads, FollowMode::exact);
  if (batches_of(asap, links) <= static_cast<std::int64_t>(m)) return asap;  // nothing to improve
  // Deadlines: the path's ends finish as under strict ASAP (other paths may depend on them), the
  // middle links by the path's finishing time.
  Ticks horizon = 0;
  std::vector<Ticks> ends(m);
  for (std::size_t k = 0; k < m; ++k) {
    ends[k] = asap[k].empty() ? links[k].release : last_departure(asap[k]) + links[k].cost;
    horizon = std::max(horizon, ends[k]);
  }
  // ALAP under those deadlines (path_latest.hpp), held while the links are chosen in order.
  const LinkList path{&links, &loads, &receiver_targets};
  detail::LatestCurves<DeparturePiece> latest;
  latest.hold_alap(
      path, horizon,
      [&](std::size_t k) { return keep_end_times && (k == 0 || k + 1 == m) ? ends[k] : horizon; },
      [](std::size_t, std::int64_t, const PathLink&, std::span<const DeparturePiece>) {
        return true;
      });

  std::vector<DepartureCurve> chosen(m);
  CurvePerLink kept(chosen);
  DepartureCurve late;
  std::int64_t budget = max_batches;
  const auto choose = [&](std::size_t k, const PathLink& link, const UpstreamCurve& up,
                          std::int64_t own, std::vector<DeparturePiece>& out) {
    // Strict ASAP from the chosen upstream lies inside the band too; keep it where it already
    // needs fewer batches (delaying runs only pays where ASAP would go item by item).
    AsapStep{}(k, link, up, own, out);
    latest.take(k, link.cost, late);
    const std::int64_t early_batches = batch_count(out, link.cost, Pacing::back_to_back);
    if (early_batches <= 1) return;
    DepartureCurve runs =
        fewest_runs_between(out, late, link.cost, std::min(budget, early_batches));
    if (!runs.empty()) out = std::move(runs);
  };
  const bool within =
      walk_path(path, kept, choose,
                [&](std::size_t, const PathLink& link, std::span<const DeparturePiece> curve) {
                  budget -= batch_count(curve, link.cost, Pacing::back_to_back);
                  return budget >= 0;
                });
  if (!within) return std::nullopt;
  return chosen;
}

}  // namespace redist::ring
