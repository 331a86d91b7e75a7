#include "slice_overlap.hpp"

#include <algorithm>

namespace redist::exec {

namespace {

// New slices in unwrapped positions: U_0 = rank 0's new start, U_{k+1} = U_k + target_k; together
// they tile [U_0, U_0 + N). A position p of the old layout sits at u = p (p >= U_0) or p + N.
std::vector<std::int64_t> new_bounds(const RingFlows& ring) {
  std::vector<std::int64_t> bounds(ring.size() + 1);
  bounds[0] = ring.new_start(0);
  for (std::size_t k = 0; k < ring.size(); ++k) bounds[k + 1] = bounds[k] + ring.target(k);
  return bounds;
}

// Splits the unwrapped range [lo, hi) by new owner; `shift` turns an unwrapped position back into
// an old-layout position.
void split_by_new_owner(const std::vector<std::int64_t>& bounds, std::int64_t lo, std::int64_t hi,
                        std::int64_t shift, std::int64_t slice_start, std::vector<Segment>& out) {
  if (lo >= hi) return;
  auto k = static_cast<std::size_t>(std::upper_bound(bounds.begin(), bounds.end(), lo) -
                                    bounds.begin()) -
           1;
  for (std::int64_t u = lo; u < hi; ++k) {
    const std::int64_t end = std::min(hi, bounds[k + 1]);
    if (end > u) out.push_back({static_cast<int>(k), u - shift - slice_start, end - u});
    u = std::max(u, end);
  }
}

}  // namespace

std::vector<Segment> ordered_send_segments(const RingFlows& ring, std::size_t rank) {
  std::vector<Segment> out;
  const std::int64_t total = ring.total();
  if (total == 0) return out;
  const std::vector<std::int64_t> bounds = new_bounds(ring);
  const std::int64_t first = ring.start[rank];
  const std::int64_t last = ring.start[rank + 1];
  const std::int64_t u0 = bounds[0];
  split_by_new_owner(bounds, std::max(first, u0), last, 0, first, out);
  split_by_new_owner(bounds, first + total, std::min(last, u0) + total, total, first, out);
  return out;
}

std::vector<Segment> ordered_recv_segments(const RingFlows& ring, std::size_t rank) {
  std::vector<Segment> out;
  const std::int64_t total = ring.total();
  if (total == 0) return out;
  const std::vector<std::int64_t> bounds = new_bounds(ring);
  for (std::int64_t u = bounds[rank]; u < bounds[rank + 1];) {
    const std::int64_t p = u >= total ? u - total : u;
    const auto owner =
        static_cast<std::size_t>(std::upper_bound(ring.start.begin(), ring.start.end(), p) -
                                 ring.start.begin()) -
        1;
    const std::int64_t end = std::min(bounds[rank + 1], u + (ring.start[owner + 1] - p));
    out.push_back({static_cast<int>(owner), u - bounds[rank], end - u});
    u = end;
  }
  return out;
}

}  // namespace redist::exec
