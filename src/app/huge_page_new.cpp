// The `redist` program's global operator new: one malloc arena, and, on request
// (REDIST_HUGE_PAGES=1 in the environment), blocks of 4 MiB and more advised to the kernel as
// transparent huge pages (madvise MADV_HUGEPAGE); the rest is plain malloc.
//
// Why huge pages only on request: a plan at n = 10^6 touches about 150 MB in a few large arrays,
// and the kernel clears each fresh page first; 2 MiB pages make that 13,900 page faults instead of
// 62,000. But on a virtual machine whose host takes back the guest's free memory (a balloon that
// reports free pages, as on the reference machine), a huge page the guest has not used for a few
// seconds is touched at 0.55 GB/s, against 3 GB/s for 4 KiB pages (bench/first_touch.c). A single
// `redist plan` of a uni-het ring of 10^6 after a 3 s pause took 0.36 to 0.44 s with the advice and
// 0.20 to 0.24 s without it (the planner's pages faulted in on the idle core instead, see
// app/background_prefault.hpp); back to back, both take 0.17 to 0.27 s (BENCHMARKS.md "Small
// pages, faulted in beside the planner"). Where fresh memory is cheap to touch (bare metal, one
// would expect) the advice may still pay. A library should not choose its host's allocation policy,
// so this lives with the program, not in redist's libraries: the app layer keeps it, and only the
// `redist` program (cli/CMakeLists.txt) and plan_phases compile it in (no archive holds it).
//
// The block still comes from malloc and goes back through free: only its 2 MiB-aligned interior is
// advised, before anything touches it, so the advice is harmless where the kernel ignores it.

#include <malloc.h>
#include <sys/mman.h>

#include <cstdint>
#include <cstdlib>
#include <new>

#include "io/huge_pages.hpp"

namespace {

constexpr std::size_t kAdviseFrom = std::size_t{4} << 20;

void advise_huge_pages(void* block, std::size_t size) {
  const redist::io::HugePageSpan span =
      redist::io::whole_huge_pages(block, static_cast<char*>(block) + size);
  if (!span.empty())  // advice only: a refusal (old kernel, THP off) leaves ordinary pages
    madvise(reinterpret_cast<void*>(span.first), span.last - span.first, MADV_HUGEPAGE);
}

bool huge_pages_requested() {
  const char* value = std::getenv("REDIST_HUGE_PAGES");
  return value != nullptr && value[0] == '1' && value[1] == '\0';
}

void* allocate(std::size_t size) {
  static const bool advise = huge_pages_requested();
  if (size == 0) size = 1;
  for (;;) {
    if (void* block = std::malloc(size)) {
      if (advise && size >= kAdviseFrom) advise_huge_pages(block, size);
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
