// The candidate load generators (load_models.hpp) and the statistics that rank them against
// document 002's Tables 1-3 (generator_fit.hpp): every generator keeps its promises, the tests'
// formulas match hand-computed and tabulated values, and a fit covers the 30 cells.

#include <gtest/gtest.h>

#include <cmath>
#include <numeric>

#include "redist/lau/generator.hpp"
#include "redist/report/lau_generator_fit.hpp"

namespace redist {
namespace {

std::int64_t total(const std::vector<std::int64_t>& loads) {
  return std::accumulate(loads.begin(), loads.end(), std::int64_t{0});
}

TEST(LoadModels, EveryCandidateKeepsItsRangeAndWholeAverageRule) {
  for (const lau::LoadModel& m : lau::candidate_load_models()) {
    Rng rng(stream_seed(5, 1));
    for (std::size_t n : {4, 10, 21}) {
      for (int k = 0; k < 200; ++k) {
        const auto loads = draw_loads(m, rng, n);
        ASSERT_EQ(loads.size(), n);
        for (auto l : loads) {
          EXPECT_GE(l, m.whole == lau::WholeAverage::adjust ? 0 : m.low) << m.name;
          EXPECT_LE(l, m.high) << m.name;
        }
        if (m.whole != lau::WholeAverage::none) {
          EXPECT_EQ(total(loads) % static_cast<std::int64_t>(n), 0) << m.name;
        }
      }
    }
  }
}

TEST(LoadModels, TheTablesModelIsTheGeneratorOfGenLau) {
  // Tables 1-3 keep their instances: the first candidate draws exactly what random_lau_loads draws.
  Rng a(77), b(77);
  for (int k = 0; k < 50; ++k)
    EXPECT_EQ(lau::draw_loads(lau::candidate_load_models().front(), a, 20),
              lau::random_lau_loads(b, 20, 100, true));
}

TEST(LoadModels, NotWholeKeepsSomeRemainders) {
  const lau::LoadModel& m = lau::candidate_load_models()[2];
  ASSERT_EQ(m.whole, lau::WholeAverage::none);
  Rng rng(3);
  int remainders = 0;
  for (int k = 0; k < 100; ++k) remainders += total(lau::draw_loads(m, rng, 10)) % 10 != 0;
  EXPECT_GT(remainders, 50);  // 9 in 10 totals are not multiples of 10
}

TEST(GeneratorFit, TwoProportionZByHand) {
  // 50/100 against 40/100: pooled 0.45, variance 0.45 * 0.55 * 0.02 = 0.00495.
  EXPECT_NEAR(report::two_proportion_z(50, 100, 40, 100), 0.1 / std::sqrt(0.00495), 1e-12);
  EXPECT_EQ(report::two_proportion_z(0, 100, 0, 50000), 0.0);
  EXPECT_EQ(report::two_proportion_z(100, 100, 50000, 50000), 0.0);
}

TEST(GeneratorFit, ChiSquareTailMatchesTabulatedQuantiles) {
  // Upper 5% and 1% points of chi-square (standard tables).
  EXPECT_NEAR(report::chi_square_upper_tail(43.773, 30), 0.05, 0.003);
  EXPECT_NEAR(report::chi_square_upper_tail(50.892, 30), 0.01, 0.002);
  EXPECT_NEAR(report::chi_square_upper_tail(18.307, 10), 0.05, 0.004);
  EXPECT_NEAR(report::chi_square_upper_tail(29.336, 30), 0.5, 0.01);  // the median
  EXPECT_LT(report::chi_square_upper_tail(1000, 30), 1e-12);
}

TEST(GeneratorFit, EveryCandidateIsScoredOnThirtyCells) {
  const auto fits = report::run_generator_fit(40, 9);
  ASSERT_EQ(fits.size(), lau::candidate_load_models().size());
  for (const report::GeneratorFit& f : fits) {
    ASSERT_EQ(f.cells.size(), 30u) << f.model.name;
    double chi = 0;
    for (const report::FitCell& c : f.cells) {
      chi += c.z * c.z;
      EXPECT_GE(c.ours, 0);
      EXPECT_LE(c.ours, 1);
    }
    EXPECT_NEAR(f.chi_square, chi, 1e-9);
    EXPECT_GE(f.p_value, 0);
    EXPECT_LE(f.p_value, 1);
    EXPECT_GT(f.mean_load, 0);
  }
  // The skewed candidates have lower mean loads than uniform 0..100 (about 40, 34, 25 against 50).
  EXPECT_LT(fits.back().mean_load, fits.front().mean_load - 15);
  EXPECT_NE(report::format_generator_fit(fits).find("chi-square"), std::string::npos);
}

}  // namespace
}  // namespace redist
