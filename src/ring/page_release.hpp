#pragma once
// Private to the ring layer: handing the pages of a buffer's consumed part back to the system.
//
// The paced planner holds a long path's ALAP curve (24-byte pieces, about 2.4 per link) and
// consumes it from the back while the path's transfers grow. Popping elements frees nothing, and a
// deque's freed blocks stay in the allocator's heap, so the curve and the transfers used to add up
// at peak (blocks of n = 10^6: 209 bytes per processor).

#include <cstddef>
#include <vector>

namespace redist::ring::detail {

/// Every whole 2 MiB page inside [begin, end) is returned to the system (Linux: madvise
/// MADV_DONTNEED; elsewhere nothing). The bytes there read as zero afterwards: only for memory the
/// caller owns and will write before it reads again (a vector's storage past its size). Returns
/// where the pages returned begin, or nullptr when no whole page lies inside.
const void* release_pages(const void* begin, const void* end);

/// The unit release_pages works in: a transparent huge page, so that it never splits one (and a
/// call for less is not worth the system call).
inline constexpr std::size_t kReleaseStep = std::size_t{1} << 21;

/// For a vector consumed from its back (elements popped, never pushed again until cleared): hands
/// back the whole pages between its size and `released_from`, the element from which pages were
/// already handed back, once two pages or more lie there, and moves released_from down to where
/// they now begin.
template <class T>
void release_consumed_tail(const std::vector<T>& held, std::size_t& released_from) {
  const std::size_t end = held.size();
  if ((released_from - end) * sizeof(T) < 2 * kReleaseStep) return;
  const auto* base = reinterpret_cast<const char*>(held.data());
  const void* released = release_pages(base + end * sizeof(T), base + released_from * sizeof(T));
  if (released == nullptr) return;
  const auto offset = static_cast<std::size_t>(static_cast<const char*>(released) - base);
  released_from = (offset + sizeof(T) - 1) / sizeof(T);
}

}  // namespace redist::ring::detail
