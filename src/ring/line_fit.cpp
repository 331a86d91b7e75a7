#include "line_fit.hpp"

#include <algorithm>
#include <limits>

#include "redist/core/error.hpp"

namespace redist::ring::detail {

namespace {

// Pairs of constraints examined when the preferred spacing does not fit; beyond, no line is tried
// (the caller falls back to ASAP, which always fits).
constexpr std::size_t kMostPairs = 4096;

// The fit runs in 64 bits first: with times below kLineTimeLimit every value it needs fits there
// on the lines that matter, and in 128 bits fit_line was the largest part of the paced pass's CPU
// at n = 10^6 (it runs once per link). Any step that would leave 64 bits gives up that try, and
// the fit runs again in 128 bits, where nothing overflows (line_fit.hpp). floor and ceil of
// room / slope take slope > 0.
template <class I>
struct Checked {
  bool overflow = false;

  I sub(I x, I y) {
    I r;
    overflow |= __builtin_sub_overflow(x, y, &r);
    return r;
  }
  I mul(I x, I y) {
    I r;
    overflow |= __builtin_mul_overflow(x, y, &r);
    return r;
  }
  I narrow(Ticks x) {
    const auto r = static_cast<I>(x);
    overflow |= Ticks{r} != x;
    return r;
  }
  static I floor(I room, I slope) { return room / slope - (room % slope != 0 && room < 0 ? 1 : 0); }
  static I ceil(I room, I slope) { return room / slope + (room % slope != 0 && room > 0 ? 1 : 0); }
};

// fit_line in the integers I; nullopt (outer) when some value leaves them.
template <class I>
std::optional<std::optional<DeparturePiece>> fit_line_in(std::span<const LineConstraint> lower,
                                                         std::span<const LineConstraint> upper,
                                                         std::int64_t items, I cost, I preferred) {
  Checked<I> ops;
  const auto lowest_start = [&](I p) {
    I s = std::numeric_limits<I>::min();
    for (const LineConstraint& c : lower)
      s = std::max(s, ops.sub(ops.narrow(c.a), ops.mul(c.b, p)));
    return s;
  };
  const auto highest_start = [&](I p) {
    I s = std::numeric_limits<I>::max();
    for (const LineConstraint& c : upper)
      s = std::min(s, ops.sub(ops.narrow(c.a), ops.mul(c.b, p)));
    return s;
  };
  const auto line = [&](I p) -> std::optional<DeparturePiece> {
    const I s = lowest_start(p);
    if (s > highest_start(p)) return std::nullopt;
    return DeparturePiece{s, items, items == 1 ? cost : p};
  };
  using Result = std::optional<std::optional<DeparturePiece>>;
  const auto checked = [&](std::optional<DeparturePiece> fit) {
    return ops.overflow ? Result() : Result(fit);
  };
  // Preferring the cost is preferring the smallest spacing that fits, which the bounds below find
  // anyway; other preferences are tried first, as they often fit and then need no division.
  const bool too_many_pairs = lower.size() * upper.size() > kMostPairs;
  if (preferred > cost || too_many_pairs)
    if (auto fits = line(preferred); fits || ops.overflow || too_many_pairs) return checked(fits);
  // lower_i <= upper_j  <=>  (b_j - b_i) P <= a_j - a_i: each pair bounds P from one side, and
  // the spacings that fit are the interval [lo, hi] the pairs leave. lo comes first: when the
  // preferred spacing is below it (always, with the smallest spacing preferred), the answer is lo
  // if its line fits and none otherwise, so hi's divisions are not needed.
  const auto bound_spacing = [&](bool from_below, I& bound) {
    for (const LineConstraint& l : lower)
      for (const LineConstraint& u : upper) {
        const I slope = ops.sub(u.b, l.b);
        const I room = ops.sub(ops.narrow(u.a), ops.narrow(l.a));
        if (ops.overflow) return false;
        if (from_below && slope < 0) {
          // P >= need / per; a product tells whether that raises the bound, so the division is
          // made only when it does (it was most of the fit's time).
          const I need = ops.sub(0, room), per = ops.sub(0, slope);
          if (need > ops.mul(bound, per)) bound = Checked<I>::ceil(need, per);
        } else if (!from_below && slope > 0)
          bound = std::min(bound, Checked<I>::floor(room, slope));
        else if (slope == 0 && room < 0)
          return false;
      }
    return !ops.overflow;
  };
  I lo = cost;
  if (!bound_spacing(true, lo)) return checked(std::nullopt);
  if (preferred <= lo) return checked(line(lo));
  I hi = std::numeric_limits<I>::max();
  if (!bound_spacing(false, hi) || lo > hi) return checked(std::nullopt);
  return checked(line(std::clamp(preferred, lo, hi)));
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
  if (preferred <= std::numeric_limits<std::int64_t>::max())
    if (auto fit = fit_line_in<std::int64_t>(lower, upper, items, static_cast<std::int64_t>(cost),
                                             static_cast<std::int64_t>(preferred)))
      return *fit;
  // Beyond 128 bits too (callers keep times below 2^62, so never): no line, and the caller's ASAP.
  const auto wide = fit_line_in<Ticks>(lower, upper, items, cost, preferred);
  return wide ? *wide : std::nullopt;
}

void pace_link(const UpstreamCurve& upstream, std::int64_t own_load, const PathLink& link,
               std::span<const LineConstraint> upper, Ticks preferred,
               std::vector<LineConstraint>& lower, DepartureCurve& out) {
  const std::int64_t own = std::min(own_load, link.items);
  lower.assign(1, {link.release, 0});  // nothing leaves before the sender's port is free
  add_arrival_constraints(upstream.pieces(), upstream.cost, own, link.items - own, lower);
  out.clear();
  if (const auto line = fit_line(lower, upper, link.items, link.cost, preferred)) {
    out.push_back(*line);
    return;
  }
  AsapStep{}(0, link, upstream, own_load, out);
}

}  // namespace redist::ring::detail
