// The flow-shift solver against GLPK solving System 6 of document 000 as printed
// (system6_glpk.hpp): the rational optimum against the simplex method, the integer optimum against
// branch and cut.

#include <gtest/gtest.h>

#include <cmath>

#include "redist/ring/generator.hpp"
#include "ring/system6.hpp"
#include "support/ring_builders.hpp"
#include "unit/system6_glpk.hpp"

namespace redist {
namespace {

double as_double(const ring::RationalTime& t) {
  return static_cast<double>(t.num) / static_cast<double>(t.den);
}

TEST(System6Lp, RationalOptimumEqualsGlpkSimplex) {
  int checked = 0;
  for (std::uint64_t seed = 1; seed <= 600; ++seed) {
    const std::size_t n = 2 + seed % 39;  // 2..40
    const auto inst = testing::generated_ring(seed, n, seed % 3 == 0 ? 10 : 100,
                                              seed % 4 == 0 ? 3 : 50, seed % 5 == 0);
    const auto lp = testing::glpk_system6(inst, testing::GlpkMethod::simplex);
    ASSERT_TRUE(lp) << "GLPK failed on seed " << seed;
    const double ours = as_double(*ring::solve_system6(inst).rational_optimum);
    EXPECT_LE(std::abs(ours - *lp), 1e-6 * std::max(1.0, std::abs(*lp)))
        << "seed " << seed << " n " << n;
    ++checked;
  }
  EXPECT_EQ(checked, 600);
}

TEST(System6Lp, IntegerOptimumEqualsGlpkBranchAndCut) {
  for (std::uint64_t seed = 1; seed <= 150; ++seed) {
    const std::size_t n = 2 + seed % 9;  // 2..10
    const auto inst = testing::generated_ring(seed * 7919, n, 20, 12, seed % 3 == 0);
    const auto mip = testing::glpk_system6(inst, testing::GlpkMethod::integer);
    ASSERT_TRUE(mip) << "GLPK failed on seed " << seed;
    EXPECT_EQ(static_cast<double>(ring::solve_system6(inst).integer_optimum), std::round(*mip))
        << "seed " << seed;
    EXPECT_NEAR(*mip, std::round(*mip), 1e-6);
  }
}

}  // namespace
}  // namespace redist
