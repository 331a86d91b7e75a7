#pragma once
// Private to the ring layer: handing the pages of a buffer's consumed part back to the system.
//
// The paced planner holds a long path's ALAP curve (24-byte pieces, about 2.4 per link) and
// consumes it from the back while the path's transfers grow. Popping elements frees nothing, and a
// deque's freed blocks stay in the allocator's heap, so the curve and the transfers used to add up
// at peak (blocks of n = 10^6: 209 bytes per processor).

#include <cstddef>
#include <cstdint>
#include <vector>

#include "io/huge_pages.hpp"

namespace redist::ring::detail {

/// For a vector consumed from its back (elements popped, never pushed again until cleared): hands
/// back the whole pages between its size and `released_from`, the element from which pages were
/// already handed back, once two pages or more lie there, and moves released_from down to where
/// they now begin.
template <class T>
void release_consumed_tail(const std::vector<T>& held, std::size_t& released_from) {
  const std::size_t end = held.size();
  // Less than two pages is not worth the system call.
  if ((released_from - end) * sizeof(T) < 2 * io::kHugePageBytes) return;
  const auto* base = reinterpret_cast<const char*>(held.data());
  const io::HugePageSpan released =
      io::release_huge_pages(base + end * sizeof(T), base + released_from * sizeof(T));
  if (released.empty()) return;
  const auto offset =
      static_cast<std::size_t>(released.first - reinterpret_cast<std::uintptr_t>(base));
  released_from = (offset + sizeof(T) - 1) / sizeof(T);
}

}  // namespace redist::ring::detail
