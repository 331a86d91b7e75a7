#pragma once
// The one chart of the report layer, in SVG, with no plotting dependency: round tick values
// (axis.hpp) on linear or log axes, series drawn as lines with markers, markers alone (scatter,
// published values), plain lines (references such as y = x) or grouped bars; error bars and
// translucent bands for a spread; a marker shape and a palette colour per series, so that series
// drawn on top of each other stay distinguishable; a legend measured from its text and placed
// inside the plot box, in the corner that hides the fewest data unless one is asked for.
//
//   LinePlot plot{"Title", "x", "y"};
//   plot.series.push_back({"ours", {{1, 2.5}, {2, 3.1}}});
//   plot.series.back().error_bars = {{2.2, 2.8}, {2.9, 3.3}};
//   std::string svg = render_svg(plot);

#include <string>
#include <utility>
#include <vector>

namespace redist::report {

enum class SeriesStyle {
  line,       // a polyline with a marker at every point
  markers,    // hollow markers only (a scatter; published values)
  line_only,  // a polyline without markers (reference lines)
  bars,       // one bar per point from the zero line, grouped with the other bar series
};

struct PlotSeries {
  std::string name;
  std::vector<std::pair<double, double>> points = {};  // (x, y), drawn in order
  std::string color = {};  // empty: the palette colour of the series' index
  bool dashed = false;
  SeriesStyle style = SeriesStyle::line;
  /// Empty, or one (low, high) per point: a translucent band around the line.
  std::vector<std::pair<double, double>> band = {};
  /// Empty, or one (low, high) per point: a vertical error bar with caps.
  std::vector<std::pair<double, double>> error_bars = {};
};

enum class LegendCorner { automatic, top_right, top_left, bottom_right, bottom_left };

struct LinePlot {
  std::string title;
  std::string x_label = {};
  std::string y_label = {};
  bool log_y = false;  // y values must then be > 0 (others are left out)
  std::vector<PlotSeries> series = {};
  bool log_x = false;  // x values must then be > 0
  LegendCorner legend = LegendCorner::automatic;
  bool x_from_zero = false;  // a linear x axis that starts at 0 (the y axis does unless log)
};

/// The colour-blind-safe palette (Okabe and Ito) series take by index when they name none.
const std::string& palette_color(std::size_t index);

/// The chart, at least `width` x `height` pixels: wider or taller when the title, the tick labels
/// or the legend need it, so nothing is cut off.
std::string render_svg(const LinePlot& plot, double width = 680, double height = 440);

}  // namespace redist::report
