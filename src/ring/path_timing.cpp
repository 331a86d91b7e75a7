#include "ring/path_timing.hpp"

#include <algorithm>
#include <limits>
#include <string>

#include "redist/core/error.hpp"
#include "ring/path_walk.hpp"

namespace redist::ring {

namespace {

// Appends a piece to the curve that starts at out[curve_start], merging it into the curve's last
// piece when it continues it at the same spacing.
void append(std::vector<DeparturePiece>& out, std::size_t curve_start, DeparturePiece piece,
            Ticks cost) {
  if (piece.count <= 0) return;
  if (piece.count == 1) piece.spacing = cost;
  if (out.size() > curve_start) {
    DeparturePiece& last = out.back();
    const Ticks next = last.first + last.count * last.spacing;
    if (last.spacing == piece.spacing && next == piece.first) {
      last.count += piece.count;
      return;
    }
  }
  out.push_back(piece);
}

// Items arriving at a_j = a0 + j * gap (j = 0..count-1) forwarded over a link of cost c by a sender
// whose port is free from `free_at`: back to back while the sender lags behind the arrivals, item
// by item (a follow piece) once it has caught up with a slower upstream.
void forward_arrivals(std::vector<DeparturePiece>& out, std::size_t curve_start, Ticks& free_at,
                      Ticks a0, std::int64_t count, Ticks gap, Ticks c, FollowMode mode,
                      std::int64_t chunk) {
  if (count <= 0) return;
  if (gap <= c || count == 1) {
    const Ticks start = std::max(free_at, a0);
    append(out, curve_start, {start, count, c}, c);
    free_at = start + count * c;
    return;
  }
  std::int64_t caught_up = 0;  // items sent back to back before the sender waits for arrivals
  if (free_at > a0)
    caught_up = static_cast<std::int64_t>(std::min<Ticks>(count, (free_at - a0) / (gap - c) + 1));
  if (caught_up > 0) {
    append(out, curve_start, {free_at, caught_up, c}, c);
    free_at += caught_up * c;
  }
  const std::int64_t rest = count - caught_up;
  if (rest <= 0) return;
  const Ticks first = a0 + caught_up * gap;  // >= free_at by the choice of caught_up
  const Ticks last = first + (rest - 1) * gap;
  if (mode == FollowMode::compress) {
    // Chunks of `chunk` items, each one batch ending when its last item would leave under ASAP.
    for (std::int64_t done = 0; done < rest;) {
      const std::int64_t size = std::min(chunk, rest - done);
      const Ticks chunk_last = first + (done + size - 1) * gap;
      append(out, curve_start, {chunk_last - (size - 1) * c, size, c}, c);
      done += size;
    }
  } else {
    append(out, curve_start, {first, rest, gap}, c);
  }
  free_at = last + c;
}

}  // namespace

void append_link_timing(const std::vector<DeparturePiece>& source, std::size_t upstream_begin,
                        std::size_t upstream_end, Ticks upstream_cost, std::int64_t own_items,
                        const PathLink& link, FollowMode mode, std::vector<DeparturePiece>& out) {
  const std::size_t curve_start = out.size();
  const Ticks c = link.cost;
  Ticks free_at = link.release;
  const std::int64_t own = std::min(own_items, link.items);
  append(out, curve_start, {free_at, own, c}, c);
  free_at += own * c;
  std::int64_t needed = link.items - own;  // items to forward, taken from the arrivals in order
  const std::int64_t chunk = std::max<std::int64_t>(1, link.follow_chunk);
  for (std::size_t u = upstream_begin; u < upstream_end && needed > 0; ++u) {
    const DeparturePiece p = source[u];  // a copy: `source` may be `out`, which grows below
    const std::int64_t take = std::min(needed, p.count);
    forward_arrivals(out, curve_start, free_at, p.first + upstream_cost, take, p.spacing, c, mode,
                     chunk);
    needed -= take;
  }
  REDIST_ASSERT(needed == 0);  // the flows guarantee enough arrivals
}

void throw_too_many_pieces(std::size_t path_links, std::int64_t max_pieces) {
  throw InputError("", "costs",
                   "the optimal timing of a path of " + std::to_string(path_links) +
                       " links needs more than " + std::to_string(max_pieces) +
                       " transfers (relays paced by ever faster links); not planned");
}

std::int64_t max_path_pieces(std::size_t ring_size) {
  return std::max<std::int64_t>(std::int64_t{1} << 24, 64 * static_cast<std::int64_t>(ring_size));
}

std::vector<DepartureCurve> time_path(const std::vector<PathLink>& links,
                                      const std::vector<std::int64_t>& loads, FollowMode mode,
                                      std::int64_t max_pieces) {
  REDIST_ASSERT(links.size() == loads.size());
  std::vector<DepartureCurve> curves(links.size());
  CurvePerLink kept(curves);
  std::int64_t pieces = 0;
  walk_path(LinkList{&links, &loads}, kept, AsapStep{mode},
            [&](std::size_t, const PathLink&, std::span<const DeparturePiece> curve) {
              pieces += static_cast<std::int64_t>(curve.size());
              if (pieces > max_pieces) throw_too_many_pieces(links.size(), max_pieces);
              return true;
            });
  return curves;
}

Ticks last_departure(std::span<const DeparturePiece> curve) {
  REDIST_ASSERT(!curve.empty());
  const DeparturePiece& p = curve.back();
  return p.first + (p.count - 1) * p.spacing;
}

std::int64_t batch_count(std::span<const DeparturePiece> curve, Ticks cost, Pacing pacing) {
  if (pacing == Pacing::spaced) return static_cast<std::int64_t>(curve.size());
  std::int64_t batches = 0;
  for (const auto& p : curve) batches = add_batches(batches, p.spacing == cost ? 1 : p.count);
  return batches;
}

std::int64_t add_batches(std::int64_t a, std::int64_t b) {
  return a > std::numeric_limits<std::int64_t>::max() - b ? std::numeric_limits<std::int64_t>::max()
                                                          : a + b;
}

}  // namespace redist::ring
