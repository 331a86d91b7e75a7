// The report layer's chart (report/chart.hpp): round tick values on linear and log axes, the legend
// inside the plot box and wide enough for its longest name, bands, error bars and bars drawn when
// given, and the SVG well-formed and the same on every run.

#include <gtest/gtest.h>

#include <regex>
#include <string>
#include <vector>

#include "redist/report/chart.hpp"
#include "redist/report/svg.hpp"

namespace redist::report {
namespace {

// Every element closed in order, every attribute value quoted: enough to catch a broken writer.
bool well_formed(const std::string& svg) {
  std::vector<std::string> open;
  const std::regex tag(R"re(<(/?)([a-zA-Z]+)((?:\s+[a-zA-Z0-9:-]+="[^"<>]*")*)\s*(/?)>)re");
  std::size_t covered = 0;
  for (auto it = std::sregex_iterator(svg.begin(), svg.end(), tag); it != std::sregex_iterator();
       ++it) {
    const std::smatch& m = *it;
    if (svg.substr(covered, static_cast<std::size_t>(m.position()) - covered).find('<') !=
        std::string::npos)
      return false;
    covered = static_cast<std::size_t>(m.position() + m.length());
    if (m[1] == "/") {
      if (open.empty() || open.back() != m[2]) return false;
      open.pop_back();
    } else if (m[4] != "/") {
      open.push_back(m[2]);
    }
  }
  return open.empty() && svg.find('<', covered) == std::string::npos;
}

struct Rect {
  double x, y, w, h;
};

Rect legend_panel(const std::string& svg) {
  const std::regex panel(
      R"re(<rect x="([-0-9.]+)" y="([-0-9.]+)" width="([0-9.]+)" height="([0-9.]+)"[^>]*stroke="#bbb")re");
  std::smatch m;
  EXPECT_TRUE(std::regex_search(svg, m, panel));
  return {std::stod(m[1]), std::stod(m[2]), std::stod(m[3]), std::stod(m[4])};
}

double canvas(const std::string& svg, const char* what) {
  std::smatch m;
  EXPECT_TRUE(
      std::regex_search(svg, m, std::regex(std::string("<svg [^>]*") + what + "=\"([0-9.]+)\"")));
  return std::stod(m[1]);
}

LinePlot crowded_plot() {
  LinePlot plot{"A title", "x", "y"};
  for (int k = 0; k < 12; ++k) {
    PlotSeries s{"series " + std::to_string(k) +
                 " with a rather long name that once was cut off at the edge"};
    for (int x = 0; x <= 10; ++x) s.points.emplace_back(x, k + 0.5 * x);
    plot.series.push_back(s);
  }
  return plot;
}

TEST(ReportChart, LegendFitsItsTextInsideTheCanvas) {
  for (double width : {300.0, 680.0}) {
    const LinePlot plot = crowded_plot();
    const std::string svg = render_svg(plot, width, 200);
    const Rect legend = legend_panel(svg);
    EXPECT_GE(legend.w, svg::text_width(plot.series[0].name) + 30);
    EXPECT_GE(legend.x, 0);
    EXPECT_GE(legend.y, 0);
    EXPECT_LE(legend.x + legend.w, canvas(svg, "width"));
    EXPECT_LE(legend.y + legend.h, canvas(svg, "height") - 50);  // above the x axis labels
    EXPECT_NE(svg.find(plot.series[11].name), std::string::npos);
  }
}

TEST(ReportChart, CanvasGrowsToHoldALongYLabel) {
  LinePlot plot{"t", "x", std::string(120, 'y')};
  plot.series.push_back({"a", {{0, 0}, {1, 1}}});
  EXPECT_GE(canvas(render_svg(plot, 680, 200), "height"), 50 + 40 + svg::text_width(plot.y_label));
}

TEST(ReportChart, AutomaticLegendAvoidsTheData) {
  LinePlot plot{"t", "x", "y"};
  plot.series.push_back(
      {"rising",
       {{0, 0}, {1, 1}, {2, 2}, {3, 3}, {4, 4}, {5, 5}, {6, 6}, {7, 7}, {8, 8}, {9, 9}, {10, 10}}});
  const std::string svg = render_svg(plot);
  const Rect legend = legend_panel(svg);
  // The line runs bottom-left to top-right: the legend goes top-left or bottom-right.
  const bool left = legend.x < 680.0 / 2, top = legend.y < 440.0 / 2;
  EXPECT_EQ(left, top) << legend.x << "," << legend.y;
}

TEST(ReportChart, TicksAreRoundOnLinearAndLogAxes) {
  LinePlot plot{"t", "x", "y"};
  plot.log_x = true;
  plot.series.push_back({"a", {{1, 0.22}, {300, 13.2}}});
  const std::string svg = render_svg(plot);
  EXPECT_NE(svg.find(">500<"), std::string::npos);  // x: 1-2-5 up to 500, not 1000
  EXPECT_EQ(svg.find(">1000<"), std::string::npos);
  for (const char* tick : {">0<", ">5<", ">10<", ">15<"})
    EXPECT_NE(svg.find(tick), std::string::npos) << tick;
  EXPECT_EQ(svg.find("13.2"), std::string::npos);  // y labels are ticks, not data
}

TEST(ReportChart, SpreadAndStylesAreDrawn) {
  LinePlot plot{"t", "x", "y"};
  PlotSeries band{"band", {{1, 1}, {2, 2}}};
  band.band = {{0.8, 1.2}, {1.7, 2.3}};
  PlotSeries bars{"bars", {{1, 1.5}, {2, 0.5}}, "", false, SeriesStyle::bars};
  bars.error_bars = {{1.3, 1.7}, {0.4, 0.6}};
  plot.series = {band, bars, {"scatter", {{1.5, 1}}, "", false, SeriesStyle::markers}};
  const std::string svg = render_svg(plot);
  EXPECT_TRUE(well_formed(svg));
  EXPECT_NE(svg.find("fill-opacity=\"0.15\""), std::string::npos);  // the band
  EXPECT_NE(svg.find("fill-opacity=\"0.85\""), std::string::npos);  // the bars
  EXPECT_NE(svg.find("stroke-width=\"1.2\""), std::string::npos);   // the error bars
  EXPECT_NE(svg.find("fill=\"white\" stroke=\"" + palette_color(2) + "\""),
            std::string::npos);  // hollow scatter
}

TEST(ReportChart, WellFormedAndDeterministic) {
  LinePlot plot = crowded_plot();
  plot.title = "escaped <title> & \"quotes\"";
  plot.log_y = true;
  plot.series[0].points.emplace_back(11, 0);  // not drawable on a log axis: left out, not "nan"
  const std::string svg = render_svg(plot);
  EXPECT_TRUE(well_formed(svg));
  EXPECT_EQ(svg.find("nan"), std::string::npos);
  EXPECT_EQ(svg.find("inf"), std::string::npos);
  EXPECT_EQ(svg, render_svg(plot));
  EXPECT_FALSE(well_formed("<svg><g></svg>"));  // the checker itself can fail
  EXPECT_TRUE(well_formed(render_svg(LinePlot{})));
}

}  // namespace
}  // namespace redist::report
