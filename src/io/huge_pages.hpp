#pragma once
// Whole transparent huge pages (2 MiB) inside a block of memory: the unit in which the `redist`
// program advises its large allocations (src/app/huge_page_new.cpp) and in which consumed memory is
// handed back to the system while the rest of its block is still in use (the paced planners' held
// curves, through the program's plan machinery, app/program_machinery.hpp; the schedule reader's
// consumed text, io/schedule_reader.cpp).

#include <cstddef>
#include <cstdint>

namespace redist::io {

/// A transparent huge page on x86-64 and arm64 Linux.
inline constexpr std::size_t kHugePageBytes = std::size_t{1} << 21;

/// Addresses [first, last), both multiples of kHugePageBytes; empty when last <= first.
struct HugePageSpan {
  std::uintptr_t first = 0;
  std::uintptr_t last = 0;
  bool empty() const { return last <= first; }
};

/// The whole huge pages inside [begin, end).
inline HugePageSpan whole_huge_pages(const void* begin, const void* end) {
  constexpr std::uintptr_t kMask = kHugePageBytes - 1;
  return {(reinterpret_cast<std::uintptr_t>(begin) + kMask) & ~kMask,
          reinterpret_cast<std::uintptr_t>(end) & ~kMask};
}

/// Returns every whole huge page inside [begin, end) to the system (Linux: madvise MADV_DONTNEED;
/// elsewhere nothing) and says which (empty: none). Whole huge pages only, so that none is split.
/// Anonymous memory there reads as zero afterwards: only for memory the caller owns and will not
/// read again before writing it (a vector's storage past its size, text already parsed).
HugePageSpan release_huge_pages(const void* begin, const void* end);

}  // namespace redist::io
