// app/background_prefault.hpp: the pages inside the range, and only those, are made present, and
// what the owner writes meanwhile is kept.

#include "app/background_prefault.hpp"

#include <gtest/gtest.h>

#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

#ifdef __linux__
#include <sys/mman.h>
#include <unistd.h>
#endif

namespace redist::app {
namespace {

#ifdef __linux__

constexpr int kPopulateWrite = 23;  // MADV_POPULATE_WRITE, as background_prefault.cpp names it

// Fresh anonymous memory, never touched, unmapped at the end.
struct FreshMapping {
  explicit FreshMapping(std::size_t bytes) : size(bytes) {
    void* p = mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    base = p == MAP_FAILED ? nullptr : static_cast<char*>(p);
    // Small pages even where the system makes huge ones by default: residency is counted per page.
    if (base != nullptr) madvise(base, bytes, MADV_NOHUGEPAGE);
  }
  ~FreshMapping() {
    if (base != nullptr) munmap(base, size);
  }
  // Which pages are present (mincore), one entry per page.
  std::vector<bool> present() const {
    const auto page = static_cast<std::size_t>(sysconf(_SC_PAGESIZE));
    std::vector<unsigned char> bits(size / page);
    EXPECT_EQ(mincore(base, size, bits.data()), 0);
    std::vector<bool> out;
    for (const unsigned char b : bits) out.push_back((b & 1) != 0);
    return out;
  }
  char* base = nullptr;
  std::size_t size;
};

bool populate_supported() {
  FreshMapping probe(4096);
  return probe.base != nullptr && madvise(probe.base, 4096, kPopulateWrite) == 0;
}

TEST(BackgroundPrefault, FaultsInTheWholePagesInsideTheRangeOnly) {
  if (sysconf(_SC_PAGESIZE) != 4096) GTEST_SKIP() << "pages of another size";
  if (!populate_supported()) GTEST_SKIP() << "MADV_POPULATE_WRITE refused (kernel before 5.14)";
  const std::size_t page = 4096;
  FreshMapping memory(4096 * page);  // 16 MiB: several of the helper's 2 MiB steps
  ASSERT_NE(memory.base, nullptr);
  for (const bool p : memory.present()) ASSERT_FALSE(p) << "fresh memory already present";
  // From inside page 0 to 5 bytes into page 3072: whole pages 1 .. 3071.
  BackgroundPrefault prefault(memory.base + 100, memory.base + 3072 * page + 5);
  prefault.wait();
  const std::vector<bool> present = memory.present();
  for (std::size_t i = 0; i < present.size(); ++i)
    ASSERT_EQ(present[i], i >= 1 && i < 3072) << "page " << i;
  // Made present, not written: the memory still reads as zero.
  for (std::size_t i = 0; i < 4096 * page; i += 997) ASSERT_EQ(memory.base[i], 0) << "byte " << i;
}

#endif  // __linux__

TEST(BackgroundPrefault, WhatTheOwnerWritesMeanwhileIsKept) {
  // The planner's use: write the range from the front while the helper faults it in.
  const std::size_t bytes = std::size_t{48} << 20;
  const std::unique_ptr<std::uint32_t[]> buffer(new std::uint32_t[bytes / 4]);
  const std::size_t words = bytes / 4;
  buffer[0] = 0xfeedu;  // written before: kept too
  {
    BackgroundPrefault prefault(buffer.get(), buffer.get() + words);
    for (std::size_t i = 1; i < words; ++i) buffer[i] = static_cast<std::uint32_t>(i * 2654435761u);
  }
  ASSERT_EQ(buffer[0], 0xfeedu);
  for (std::size_t i = 1; i < words; ++i)
    ASSERT_EQ(buffer[i], static_cast<std::uint32_t>(i * 2654435761u)) << "word " << i;
}

TEST(BackgroundPrefault, StopsWhenDestroyedAndAcceptsEmptyRanges) {
  const std::size_t bytes = std::size_t{256} << 20;
  const std::unique_ptr<char[]> buffer(new char[bytes]);
  {
    // Destroyed at once: it stops within a step, before the memory is freed.
    BackgroundPrefault prefault(buffer.get(), buffer.get() + bytes);
  }
  {
    BackgroundPrefault empty(buffer.get(), buffer.get());
    BackgroundPrefault inside_one_page(buffer.get() + 1, buffer.get() + 2);
    BackgroundPrefault backwards(buffer.get() + 8192, buffer.get());
    empty.wait();
    inside_one_page.wait();
    backwards.wait();
  }
  buffer[bytes - 1] = 1;
  EXPECT_EQ(buffer[bytes - 1], 1);
}

}  // namespace
}  // namespace redist::app
