#include "page_release.hpp"

#include <cstdint>

#ifdef __linux__
#include <sys/mman.h>
#endif

namespace redist::ring::detail {

const void* release_pages(const void* begin, const void* end) {
  const auto first = reinterpret_cast<std::uintptr_t>(begin);
  const auto last = reinterpret_cast<std::uintptr_t>(end);
  const std::uintptr_t from = (first + kReleaseStep - 1) & ~std::uintptr_t{kReleaseStep - 1};
  const std::uintptr_t to = last & ~std::uintptr_t{kReleaseStep - 1};
  if (to <= from) return nullptr;
#ifdef __linux__
  // Whole huge pages only, so that none is split; a refusal only leaves the memory in place.
  madvise(reinterpret_cast<void*>(from), to - from, MADV_DONTNEED);
#endif
  return reinterpret_cast<const void*>(from);
}

}  // namespace redist::ring::detail
