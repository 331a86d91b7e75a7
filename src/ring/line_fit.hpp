#pragma once
// Private to the ring layer: one spaced transfer that sends a whole link's items between an
// earliest and a latest departure curve (paced_unidirectional.cpp).
//
// A line is item m (1-based) leaving at s + (m - 1) P, with P >= the link's cost. Both curves are
// piecewise linear in m with few pieces, so "the line stays above the earliest curve and below the
// latest one" is a handful of linear constraints on (s, P), one at each end of each piece:
//   lower:  s >= a - b P        upper:  s <= a - b P        (b = m - 1 >= 0)
// For a fixed P the best s is the largest lower value; over P the feasible set is an interval
// (each pair lower/upper bounds P on one side), so the spacing closest to a preferred one is found
// exactly, in integers, without search.

#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "redist/core/decimal.hpp"
#include "ring/path_timing.hpp"
#include "ring/path_walk.hpp"

namespace redist::ring::detail {

/// Times and spacings below this keep every product b P of fit_line within 128 bits, and fit in
/// the 64-bit HeldPiece.
inline constexpr std::int64_t kLineTimeLimit = std::int64_t{1} << 62;
/// Paced plans (held curves in WideHeldPiece beyond kLineTimeLimit) are made for times below this:
/// every time, spacing and sum of two then stays within 128 bits, and a product b P that would not
/// is caught by fit_line, whose link then takes ASAP.
inline constexpr Ticks kWideLineTimeLimit = Ticks{1} << 120;

/// A departure piece held between the two passes of a paced plan (the latest curves of a whole
/// path are held at once): times below kLineTimeLimit, so 24 bytes instead of DeparturePiece's 48.
struct HeldPiece {
  std::int64_t first = 0;
  std::int64_t count = 0;
  std::int64_t spacing = 0;
};

/// The same beyond kLineTimeLimit (the unidirectional planner's makespans of 2^62 ticks and more:
/// decimal or very large costs), at DeparturePiece's size.
struct WideHeldPiece {
  Ticks first = 0;
  std::int64_t count = 0;
  Ticks spacing = 0;
};

/// `p` as a held piece of type Held (HeldPiece: its times below kLineTimeLimit).
template <class Held>
Held held_piece(const DeparturePiece& p) {
  using Time = decltype(Held::first);
  return {static_cast<Time>(p.first), p.count, static_cast<Time>(p.spacing)};
}

struct LineConstraint {
  Ticks a = 0;
  std::int64_t b = 0;  // the constrained item's index minus 1
};

/// Constraints s + (m - 1) P >= arrival of relayed item m - own, for the relayed items 1..relayed
/// whose departures upstream are `upstream` (arrival = departure + upstream_cost).
void add_arrival_constraints(std::span<const DeparturePiece> upstream, Ticks upstream_cost,
                             std::int64_t own, std::int64_t relayed,
                             std::vector<LineConstraint>& lower);
/// Constraints s + (m - 1) P <= latest(m) for m = 1..(items of `latest`).
void add_deadline_constraints(std::span<const DeparturePiece> latest,
                              std::vector<LineConstraint>& upper);

/// The line (s, P) with P >= cost, s the smallest allowed by `lower`, and P the integer closest to
/// `preferred` among those for which some s meets both sides; nullopt when no line fits. Every
/// product b P must fit in 128 bits: callers keep times and spacings below 2^62.
std::optional<DeparturePiece> fit_line(std::span<const LineConstraint> lower,
                                       std::span<const LineConstraint> upper, std::int64_t items,
                                       Ticks cost, Ticks preferred);

/// A link's departures inside a band: one line between the earliest departures `upstream` allows
/// (and link.release) and `upper`, at the spacing closest to `preferred`; where none fits, ASAP
/// from `upstream`, which stays inside the band when `upper` is a valid schedule's curve (the
/// band's upper side never precedes ASAP). own_load: the sender's own items (the path's source: all
/// of link.items). `lower` is scratch; the curve is written to `out`, which must not hold the
/// upstream curve (the step of line_pacer.hpp's walk).
void pace_link(const UpstreamCurve& upstream, std::int64_t own_load, const PathLink& link,
               std::span<const LineConstraint> upper, Ticks preferred,
               std::vector<LineConstraint>& lower, DepartureCurve& out);

}  // namespace redist::ring::detail
