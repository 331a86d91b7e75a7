// The `redist` program's global operator new: blocks of 4 MiB and more are advised to the kernel as
// transparent huge pages (madvise MADV_HUGEPAGE), the rest is plain malloc.
//
// Why: a plan at n = 10^6 touches about 150 MB in a few large arrays (the instance, the schedule's
// transfers, the validator's tables), and with 4 KiB pages `redist plan` took 62,000 page faults,
// about a fifth of its time (BENCHMARKS.md "Huge pages, a leaner reader, a validator in two
// halves"). Debian's kernels default to transparent_hugepage=madvise, where only advised memory
// gets 2 MiB pages. A library should not choose its host's allocation policy, so this lives with
// the program, not in redist's libraries.
//
// The block still comes from malloc and goes back through free: only its 2 MiB-aligned interior is
// advised, before anything touches it, so the advice is harmless where the kernel ignores it.

#include <malloc.h>
#include <sys/mman.h>

#include <cstdint>
#include <cstdlib>
#include <new>

#include "redist/core/huge_pages.hpp"

namespace {

constexpr std::size_t kAdviseFrom = std::size_t{4} << 20;

void advise_huge_pages(void* block, std::size_t size) {
  const redist::HugePageSpan span =
      redist::whole_huge_pages(block, static_cast<char*>(block) + size);
  if (!span.empty())  // advice only: a refusal (old kernel, THP off) leaves ordinary pages
    madvise(reinterpret_cast<void*>(span.first), span.last - span.first, MADV_HUGEPAGE);
}

void* allocate(std::size_t size) {
  if (size == 0) size = 1;
  for (;;) {
    if (void* block = std::malloc(size)) {
      if (size >= kAdviseFrom) advise_huge_pages(block, size);
      return block;
    }
    const std::new_handler handler = std::get_new_handler();
    if (handler == nullptr) throw std::bad_alloc();
    handler();
  }
}

// One malloc arena for the whole program, set before main: `plan` validates on a second thread, and
// with an arena of its own the validator's tables took fresh pages while the planner's freed memory
// sat in the main arena (14 MB more peak at n = 10^6, and the time to clear those pages).
const bool kOneArena = mallopt(M_ARENA_MAX, 1) == 1;

}  // namespace

void* operator new(std::size_t size) { return allocate(size); }
void* operator new[](std::size_t size) { return allocate(size); }
void operator delete(void* block) noexcept { std::free(block); }
void operator delete[](void* block) noexcept { std::free(block); }
void operator delete(void* block, std::size_t) noexcept { std::free(block); }
void operator delete[](void* block, std::size_t) noexcept { std::free(block); }
