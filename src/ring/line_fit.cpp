#include "line_fit.hpp"

#include <algorithm>
#include <limits>

#include "redist/core/error.hpp"

namespace redist::ring::detail {

namespace {

// Pairs of constraints examined when the preferred spacing does not fit; beyond, no line is tried
// (the caller falls back to ASAP, which always fits).
constexpr std::size_t kMostPairs = 4096;

Ticks lowest_start(std::span<const LineConstraint> lower, Ticks p) {
  Ticks s = std::numeric_limits<Ticks>::min();
  for (const LineConstraint& c : lower) s = std::max(s, c.a - c.b * p);
  return s;
}

Ticks highest_start(std::span<const LineConstraint> upper, Ticks p) {
  Ticks s = std::numeric_limits<Ticks>::max();
  for (const LineConstraint& c : upper) s = std::min(s, c.a - c.b * p);
  return s;
}

}  // namespace

void add_arrival_constraints(std::span<const DeparturePiece> upstream, Ticks upstream_cost,
                             std::int64_t own, std::int64_t relayed,
                             std::vector<LineConstraint>& lower) {
  std::int64_t done = 0;  // relayed items constrained so far
  for (const DeparturePiece& p : upstream) {
    if (done >= relayed) break;
    const std::int64_t take = std::min(p.count, relayed - done);
    // Relayed item j leaves as item own + j, so b = own + j - 1; the constraint is linear in j
    // inside a piece, so its two ends bound the whole piece.
    lower.push_back({p.first + upstream_cost, own + done});
    if (take > 1)
      lower.push_back({p.first + (take - 1) * p.spacing + upstream_cost, own + done + take - 1});
    done += take;
  }
  REDIST_ASSERT(done == relayed);
}

void add_deadline_constraints(std::span<const DeparturePiece> latest,
                              std::vector<LineConstraint>& upper) {
  std::int64_t before = 0;  // items of the earlier pieces
  for (const DeparturePiece& p : latest) {
    upper.push_back({p.first, before});
    if (p.count > 1) upper.push_back({p.first + (p.count - 1) * p.spacing, before + p.count - 1});
    before += p.count;
  }
}

std::optional<DeparturePiece> fit_line(std::span<const LineConstraint> lower,
                                       std::span<const LineConstraint> upper, std::int64_t items,
                                       Ticks cost, Ticks preferred) {
  REDIST_ASSERT(items >= 1 && cost >= 1);
  if (items == 1) preferred = cost;  // a single item has no spacing
  preferred = std::max(preferred, cost);
  const auto line = [&](Ticks p) -> std::optional<DeparturePiece> {
    const Ticks s = lowest_start(lower, p);
    if (s > highest_start(upper, p)) return std::nullopt;
    return DeparturePiece{s, items, items == 1 ? cost : p};
  };
  if (auto fits = line(preferred)) return fits;
  if (lower.size() * upper.size() > kMostPairs) return std::nullopt;
  // lower_i <= upper_j  <=>  (b_j - b_i) P <= a_j - a_i: each pair bounds P from one side.
  Ticks lo = cost;
  Ticks hi = std::numeric_limits<Ticks>::max();
  for (const LineConstraint& l : lower)
    for (const LineConstraint& u : upper) {
      const Ticks slope = static_cast<Ticks>(u.b) - l.b;
      const Ticks room = u.a - l.a;
      if (slope > 0)
        hi = std::min(hi, floor_div(room, slope));
      else if (slope < 0)
        lo = std::max(lo, ceil_div(-room, -slope));
      else if (room < 0)
        return std::nullopt;
      if (lo > hi) return std::nullopt;
    }
  return line(std::clamp(preferred, lo, hi));
}

void pace_link(const DepartureCurve& upstream, Ticks upstream_cost, std::int64_t own_load,
               const PathLink& link, std::span<const LineConstraint> upper, Ticks preferred,
               std::vector<LineConstraint>& lower, DepartureCurve& out) {
  const std::int64_t own = std::min(own_load, link.items);
  lower.assign(1, {link.release, 0});  // nothing leaves before the sender's port is free
  add_arrival_constraints(upstream, upstream_cost, own, link.items - own, lower);
  out.clear();
  if (const auto line = fit_line(lower, upper, link.items, link.cost, preferred)) {
    out.push_back(*line);
    return;
  }
  append_link_timing(upstream, 0, upstream.size(), upstream_cost, own_load, link, FollowMode::exact,
                     out);
}

}  // namespace redist::ring::detail
