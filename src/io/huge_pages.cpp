#include "io/huge_pages.hpp"

#ifdef __linux__
#include <sys/mman.h>
#endif

namespace redist::io {

HugePageSpan release_huge_pages(const void* begin, const void* end) {
  const HugePageSpan span = whole_huge_pages(begin, end);
  if (span.empty()) return {};
#ifdef __linux__
  // A refusal only leaves the memory in place.
  madvise(reinterpret_cast<void*>(span.first), span.last - span.first, MADV_DONTNEED);
#endif
  return span;
}

}  // namespace redist::io
