#include "redist/ring/path_timing.hpp"

#include <algorithm>
#include <limits>
#include <string>

#include "redist/core/error.hpp"

namespace redist {

namespace {

// Appends a piece, merging it into the previous one when it continues it at the same spacing.
void append(DepartureCurve& curve, DeparturePiece piece, Ticks cost) {
  if (piece.count <= 0) return;
  if (piece.count == 1) piece.spacing = cost;
  if (!curve.empty()) {
    DeparturePiece& last = curve.back();
    const Ticks next = last.first + last.count * last.spacing;
    if (last.spacing == piece.spacing && next == piece.first) {
      last.count += piece.count;
      return;
    }
  }
  curve.push_back(piece);
}

// Items arriving at a_j = a0 + j * gap (j = 0..count-1) forwarded over a link of cost c by a sender
// whose port is free from `free_at`: back to back while the sender lags behind the arrivals, item
// by item (a follow piece) once it has caught up with a slower upstream.
void forward_arrivals(DepartureCurve& out, Ticks& free_at, Ticks a0, std::int64_t count, Ticks gap, Ticks c,
                      FollowMode mode, std::int64_t chunk) {
  if (count <= 0) return;
  if (gap <= c || count == 1) {
    const Ticks start = std::max(free_at, a0);
    append(out, {start, count, c}, c);
    free_at = start + count * c;
    return;
  }
  std::int64_t caught_up = 0;  // items sent back to back before the sender waits for arrivals
  if (free_at > a0) caught_up = static_cast<std::int64_t>(std::min<Ticks>(count, (free_at - a0) / (gap - c) + 1));
  if (caught_up > 0) {
    append(out, {free_at, caught_up, c}, c);
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
      append(out, {chunk_last - (size - 1) * c, size, c}, c);
      done += size;
    }
  } else {
    append(out, {first, rest, gap}, c);
  }
  free_at = last + c;
}

}  // namespace

DepartureCurve time_link(const DepartureCurve& upstream, Ticks upstream_cost, std::int64_t own_items,
                         const PathLink& link, FollowMode mode) {
  DepartureCurve out;
  const Ticks c = link.cost;
  Ticks free_at = link.release;
  const std::int64_t own = std::min(own_items, link.items);
  append(out, {free_at, own, c}, c);
  free_at += own * c;
  std::int64_t needed = link.items - own;  // items to forward, taken from the arrivals in order
  for (const DeparturePiece& p : upstream) {
    if (needed <= 0) break;
    const std::int64_t take = std::min(needed, p.count);
    forward_arrivals(out, free_at, p.first + upstream_cost, take, p.spacing, c, mode, std::max<std::int64_t>(1, link.follow_chunk));
    needed -= take;
  }
  REDIST_ASSERT(needed == 0);  // the flows guarantee enough arrivals
  return out;
}

std::vector<DepartureCurve> time_path(const std::vector<PathLink>& links, const std::vector<std::int64_t>& loads,
                                      FollowMode mode, std::int64_t max_pieces) {
  REDIST_ASSERT(links.size() == loads.size());
  std::vector<DepartureCurve> curves(links.size());
  std::int64_t pieces = 0;
  for (std::size_t k = 0; k < links.size(); ++k) {
    static const DepartureCurve none;
    curves[k] = time_link(k == 0 ? none : curves[k - 1], k == 0 ? 0 : links[k - 1].cost, loads[k], links[k], mode);
    pieces += static_cast<std::int64_t>(curves[k].size());
    if (pieces > max_pieces)
      throw InputError("", "costs",
                       "the optimal timing of a path of " + std::to_string(links.size()) + " links needs more than " +
                           std::to_string(max_pieces) + " transfers (relays paced by ever faster links); not planned");
  }
  return curves;
}

Ticks last_departure(const DepartureCurve& curve) {
  REDIST_ASSERT(!curve.empty());
  const DeparturePiece& p = curve.back();
  return p.first + (p.count - 1) * p.spacing;
}

std::int64_t batch_count(const DepartureCurve& curve, Ticks cost, Pacing pacing) {
  if (pacing == Pacing::spaced) return static_cast<std::int64_t>(curve.size());
  std::int64_t batches = 0;
  for (const auto& p : curve) batches = add_batches(batches, p.spacing == cost ? 1 : p.count);
  return batches;
}

std::int64_t add_batches(std::int64_t a, std::int64_t b) {
  return a > std::numeric_limits<std::int64_t>::max() - b ? std::numeric_limits<std::int64_t>::max() : a + b;
}

}  // namespace redist
