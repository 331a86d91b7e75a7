#pragma once
// Private to the ring layer: handing the pages of a buffer's consumed part back to the system.
//
// The paced planner holds a long path's ALAP curve (24-byte pieces, about 2.4 per link) and
// consumes it from the back while the path's transfers grow. Popping elements frees nothing, and a
// deque's freed blocks stay in the allocator's heap, so the curve and the transfers used to add up
// at peak (blocks of n = 10^6: 209 bytes per processor).

#include <cstddef>

namespace redist::ring::detail {

/// Every whole 2 MiB page inside [begin, end) is returned to the system (Linux: madvise
/// MADV_DONTNEED; elsewhere nothing). The bytes there read as zero afterwards: only for memory the
/// caller owns and will write before it reads again (a vector's storage past its size). Returns
/// where the pages returned begin, or nullptr when no whole page lies inside.
const void* release_pages(const void* begin, const void* end);

/// The unit release_pages works in: a transparent huge page, so that it never splits one (and a
/// call for less is not worth the system call).
inline constexpr std::size_t kReleaseStep = std::size_t{1} << 21;

}  // namespace redist::ring::detail
