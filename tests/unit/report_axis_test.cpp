// The report layer's axes: ticks at round values (1, 2, 2.5, 5 x 10^k apart, or 1-2-5 and decades
// on log axes) that cover the data, and labels with just the decimals their spacing needs.

#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <vector>

#include "redist/report/axis.hpp"
#include "redist/report/number_format.hpp"

namespace redist::report {
namespace {

bool is_round_step(double step) {
  const double mantissa = step / std::pow(10.0, std::floor(std::log10(step) + 1e-12));
  for (double m : {1.0, 2.0, 2.5, 5.0, 10.0})
    if (std::fabs(mantissa - m) < 1e-9) return true;
  return false;
}

TEST(ReportAxis, NiceStepsAreOneTwoTwoAndAHalfOrFive) {
  EXPECT_DOUBLE_EQ(nice_step(100, 5), 20);
  EXPECT_DOUBLE_EQ(nice_step(12, 5), 2.5);
  EXPECT_DOUBLE_EQ(nice_step(1, 5), 0.2);
  EXPECT_DOUBLE_EQ(nice_step(0.9, 4), 0.25);
  EXPECT_EQ(round_ticks(0, 100, false), (std::vector<double>{0, 20, 40, 60, 80, 100}));
  EXPECT_EQ(round_ticks(0.3, 1.7, false), (std::vector<double>{0.5, 1, 1.5}));
}

TEST(ReportAxis, LogTicksAreOneTwoFiveOrDecades) {
  EXPECT_EQ(round_ticks(1, 500, true), (std::vector<double>{1, 2, 5, 10, 20, 50, 100, 200, 500}));
  EXPECT_EQ(round_ticks(0.01, 1000, true), (std::vector<double>{0.01, 0.1, 1, 10, 100, 1000}));
  EXPECT_TRUE(round_ticks(0, 10, true).empty());  // no log axis through zero
  const Axis axis = fit_axis(std::vector<double>{1, 300}, true, false);
  EXPECT_DOUBLE_EQ(axis.lo, 1);
  EXPECT_DOUBLE_EQ(axis.hi, 500);  // the nearest 1-2-5 value, not the next decade
}

// Random data of several shapes and scales: the axis starts and ends on a tick, every tick is a
// whole multiple of a round step, and the data lie inside.
TEST(ReportAxis, FittedTicksAreRoundAndCoverTheData) {
  std::mt19937_64 rng(20261124);
  for (int trial = 0; trial < 2000; ++trial) {
    const double scale = std::pow(10.0, std::uniform_int_distribution<int>(-4, 7)(rng));
    std::uniform_real_distribution<double> value(trial % 3 == 0 ? -scale : 0.0, scale);
    std::vector<double> data(1 + trial % 7);
    for (double& v : data)
      v = value(rng) + (trial % 5 == 0 ? 40 * scale : 0);  // some far from zero
    const bool zero = trial % 2 == 0;
    const Axis axis = fit_axis(data, false, zero);
    ASSERT_GE(axis.ticks.size(), 2u) << trial;
    ASSERT_LE(axis.ticks.size(), 11u) << trial;
    EXPECT_TRUE(is_round_step(axis.step)) << axis.step;
    EXPECT_NEAR(axis.ticks.front(), axis.lo, axis.step * 1e-6);
    EXPECT_NEAR(axis.ticks.back(), axis.hi, axis.step * 1e-6);
    for (double t : axis.ticks) EXPECT_NEAR(t / axis.step, std::round(t / axis.step), 1e-6) << t;
    for (double v : data)
      EXPECT_TRUE(v >= axis.lo && v <= axis.hi) << v << " outside " << axis.lo << ".." << axis.hi;
    if (zero) {
      EXPECT_LE(axis.lo, 0.0);
    }
  }
}

TEST(ReportAxis, LabelsCarryTheDecimalsOfTheirStep) {
  const Axis axis = fit_axis(std::vector<double>{0, 13.2}, false, true);
  EXPECT_EQ(axis.labels(), (std::vector<std::string>{"0", "5", "10", "15"}));  // never 6.60 / 13.20
  EXPECT_EQ(fit_axis(std::vector<double>{0, 0.89}, false, true).labels(),
            (std::vector<std::string>{"0", "0.2", "0.4", "0.6", "0.8", "1.0"}));
  EXPECT_EQ(format_tick(7.5, 2.5), "7.5");
  EXPECT_EQ(format_tick(0.75, 0.25), "0.75");
  EXPECT_EQ(format_tick(-1e-17, 0.1), "0");
  EXPECT_EQ(format_tick(3e6, 1e6), "3e+06");
  EXPECT_EQ(format_log_tick(200), "200");
  EXPECT_EQ(format_log_tick(0.01), "0.01");
  EXPECT_EQ(format_log_tick(1e6), "1e+06");
}

}  // namespace
}  // namespace redist::report
