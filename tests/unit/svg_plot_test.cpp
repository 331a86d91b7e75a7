// The shared line chart (lau/svg_plot.hpp): round tick values on linear and log axes, the legend
// inside the plot box and wide enough for its longest name, bands drawn when given.

#include <gtest/gtest.h>

#include <cmath>
#include <regex>
#include <string>
#include <vector>

#include "redist/lau/svg_plot.hpp"

namespace redist {
namespace {

TEST(SvgPlot, LinearTicksAreRoundMultiples) {
  EXPECT_EQ(round_ticks(0, 100, false), (std::vector<double>{0, 20, 40, 60, 80, 100}));
  EXPECT_EQ(round_ticks(0, 1, false).size(), 6u);
  EXPECT_EQ(round_ticks(0.3, 1.7, false), (std::vector<double>{0.5, 1, 1.5}));  // step 0.5 for ~5 ticks
  for (double hi : {3.7, 17.0, 123.0, 0.042}) {
    const auto t = round_ticks(0, hi, false);
    ASSERT_GE(t.size(), 2u) << hi;
    const double step = t[1] - t[0], mantissa = step / std::pow(10.0, std::floor(std::log10(step)));
    EXPECT_TRUE(std::fabs(mantissa - 1) < 1e-9 || std::fabs(mantissa - 2) < 1e-9 || std::fabs(mantissa - 5) < 1e-9)
        << hi << ": step " << step;
    for (double v : t) EXPECT_NEAR(v / step, std::round(v / step), 1e-9) << hi;
  }
}

TEST(SvgPlot, LogTicksAreOneTwoFive) {
  EXPECT_EQ(round_ticks(1, 500, true), (std::vector<double>{1, 2, 5, 10, 20, 50, 100, 200, 500}));
  // Many decades: powers of ten only.
  EXPECT_EQ(round_ticks(0.01, 1000, true), (std::vector<double>{0.01, 0.1, 1, 10, 100, 1000}));
}

TEST(SvgPlot, LegendSitsInsideAndFitsItsText) {
  LinePlot plot;
  plot.title = "t";
  plot.log_x = true;
  const std::string longest = "a rather long series name that once was cut off";
  plot.series.push_back({"short", {{1, 1}, {300, 2}}, "#000", false, false, {{0.9, 1.1}, {1.8, 2.2}}});
  plot.series.push_back({longest, {{1, 1.5}, {300, 1}}, "#f00", true, false, {}});
  const double width = 680;
  const std::string svg = render_svg(plot, width, 440);
  EXPECT_NE(svg.find(longest), std::string::npos);
  EXPECT_NE(svg.find("fill-opacity=\"0.15\""), std::string::npos);  // the band
  // The legend panel: the last white rect with a grey border, inside the plot's right edge.
  const std::regex panel("<rect x=\"([0-9.]+)\" y=\"[0-9.]+\" width=\"([0-9.]+)\"[^>]*stroke=\"#bbb\"");
  std::smatch m;
  ASSERT_TRUE(std::regex_search(svg, m, panel));
  const double x = std::stod(m[1]), w = std::stod(m[2]);
  EXPECT_GE(w, 7.0 * static_cast<double>(longest.size()));
  EXPECT_LE(x + w, width);
  // x ticks stop at 500 for data up to 300 (not 1000).
  EXPECT_NE(svg.find(">500<"), std::string::npos);
  EXPECT_EQ(svg.find(">1000<"), std::string::npos);
}

}  // namespace
}  // namespace redist
