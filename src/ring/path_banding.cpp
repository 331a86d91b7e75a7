#include "ring/path_banding.hpp"

#include <algorithm>
#include <limits>

#include "redist/core/error.hpp"

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

// Departures on the reversed path, mapped back to original time and item order:
// original departure = horizon - c - reversed departure, item m <-> item f - m + 1.
DepartureCurve unreverse(const DepartureCurve& reversed, Ticks horizon, Ticks c) {
  DepartureCurve out;
  for (auto it = reversed.rbegin(); it != reversed.rend(); ++it) {
    const Ticks last = it->first + (it->count - 1) * it->spacing;
    out.push_back({horizon - c - last, it->count, it->spacing});
  }
  return out;
}

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
  // Reversed path: link m-1-k is original link k; its sender is the original receiver, whose own
  // items are its target; a deadline d becomes the release horizon - d.
  std::vector<PathLink> rev_links(m);
  std::vector<std::int64_t> rev_loads(m);
  for (std::size_t k = 0; k < m; ++k) {
    const bool end_link = keep_end_times && (k == 0 || k + 1 == m);
    rev_links[m - 1 - k] = {links[k].items, links[k].cost, end_link ? horizon - ends[k] : 0};
    rev_loads[m - 1 - k] = k + 1 == m ? links[k].items : receiver_targets[k];
  }
  const auto alap_reversed = time_path(rev_links, rev_loads, FollowMode::exact);

  std::vector<DepartureCurve> chosen(m);
  std::int64_t budget = max_batches;
  for (std::size_t k = 0; k < m; ++k) {
    const DepartureCurve early =
        time_link(k == 0 ? DepartureCurve{} : chosen[k - 1], k == 0 ? 0 : links[k - 1].cost,
                  loads[k], links[k], FollowMode::exact);
    const DepartureCurve late = unreverse(alap_reversed[m - 1 - k], horizon, links[k].cost);
    // Strict ASAP from the chosen upstream lies inside the band too; keep it where it already needs
    // fewer batches (delaying runs only pays where ASAP would go item by item).
    const std::int64_t early_batches = batch_count(early, links[k].cost, Pacing::back_to_back);
    chosen[k] = early;
    if (early_batches > 1) {
      DepartureCurve runs =
          fewest_runs_between(early, late, links[k].cost, std::min(budget, early_batches));
      if (!runs.empty()) chosen[k] = std::move(runs);
    }
    budget -= batch_count(chosen[k], links[k].cost, Pacing::back_to_back);
    if (budget < 0) return std::nullopt;
  }
  return chosen;
}

}  // namespace redist::ring
