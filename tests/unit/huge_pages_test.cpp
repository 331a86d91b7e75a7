// io/huge_pages.hpp: whole 2 MiB pages inside the range are handed back (and read as zero on
// Linux); every byte outside them is kept.

#include "io/huge_pages.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

namespace redist::io {
namespace {

constexpr std::size_t kReleaseStep = kHugePageBytes;

TEST(HugePages, OnlyWholePagesInsideTheRangeAreHandedBack) {
  std::vector<std::uint8_t> buffer(8 * kReleaseStep, 7);
  const std::uint8_t* begin = buffer.data() + 100;
  const std::uint8_t* end = buffer.data() + buffer.size() - 100;
  const HugePageSpan span = release_huge_pages(begin, end);
  ASSERT_FALSE(span.empty());
  const auto* released = reinterpret_cast<const std::uint8_t*>(span.first);
  const auto at = span.first;
  EXPECT_EQ(at % kReleaseStep, 0U);
  EXPECT_GE(released, begin);
  EXPECT_LT(released, begin + kReleaseStep);
  const std::uintptr_t to =
      reinterpret_cast<std::uintptr_t>(end) & ~std::uintptr_t{kReleaseStep - 1};
  EXPECT_EQ(span.last, to);
  for (std::size_t i = 0; i < buffer.size(); ++i) {
    const auto address = reinterpret_cast<std::uintptr_t>(buffer.data() + i);
    if (address < at || address >= to) {
      ASSERT_EQ(buffer[i], 7) << "byte " << i << " outside the pages handed back";
    }
#ifdef __linux__
    else {
      ASSERT_EQ(buffer[i], 0) << "byte " << i << " inside a page handed back";
    }
#endif
  }
  // The memory stays usable: written again, it holds what was written.
  buffer[static_cast<std::size_t>(released - buffer.data())] = 3;
  EXPECT_EQ(*released, 3);
}

TEST(HugePages, ARangeWithoutAWholePageReleasesNothing) {
  std::vector<std::uint8_t> buffer(3 * kReleaseStep, 7);
  EXPECT_TRUE(release_huge_pages(buffer.data(), buffer.data() + kReleaseStep - 1).empty());
  EXPECT_TRUE(release_huge_pages(buffer.data() + 10, buffer.data() + 10).empty());
  for (const std::uint8_t byte : buffer) ASSERT_EQ(byte, 7);
}

}  // namespace
}  // namespace redist::io
