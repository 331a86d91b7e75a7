#pragma once
// Private to the ring layer: offering the consumed part of a buffer to the plan's machinery, which
// may hand its pages back to the system (redist/ring/plan_machinery.hpp).
//
// The paced planners hold a long path's ALAP curve (24-byte pieces, about 2.4 per link) and
// consume it from the back while the path's transfers grow. Popping elements frees nothing, and a
// deque's freed blocks stay in the allocator's heap, so the curve and the transfers used to add up
// at peak (blocks of n = 10^6: 209 bytes per processor) unless the consumed pages go back.

#include <cstddef>
#include <vector>

#include "redist/ring/plan_machinery.hpp"

namespace redist::ring::detail {

/// Less than this is not worth offering: one call per 4 MiB consumed (two 2 MiB huge pages, the
/// unit the `redist` program hands back).
inline constexpr std::size_t kReleaseOfferBytes = std::size_t{4} << 20;

/// For a vector consumed from its back (elements popped, never pushed again until cleared): offers
/// the machinery the elements between its size and `released_from` (from which on they were
/// already offered and handed back) once kReleaseOfferBytes or more lie there, and moves
/// released_from down to the first element whose memory was handed back (to the size when none).
template <class T>
void release_consumed_tail(const std::vector<T>& held, std::size_t& released_from,
                           const PlanMachinery& machinery) {
  const std::size_t end = held.size();
  if ((released_from - end) * sizeof(T) < kReleaseOfferBytes) return;
  const auto* base = reinterpret_cast<const char*>(held.data());
  const char* top = base + released_from * sizeof(T);
  const auto* from = static_cast<const char*>(machinery.release(base + end * sizeof(T), top));
  if (from == top) {  // nothing handed back: offered again only after as much more
    released_from = end;
    return;
  }
  released_from = (static_cast<std::size_t>(from - base) + sizeof(T) - 1) / sizeof(T);
}

}  // namespace redist::ring::detail
