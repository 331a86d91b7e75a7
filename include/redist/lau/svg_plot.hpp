#pragma once
// A small SVG line chart, so that the experiments' plots need no plotting dependency: round tick
// values (1, 2, 5 x 10^k), linear or log axes, a legend inside the plot box sized to its text,
// a marker shape per series (lines that coincide stay distinguishable) and optional bands
// (a spread, e.g. a confidence interval of the mean, drawn as a translucent area).

#include <string>
#include <utility>
#include <vector>

namespace redist {

struct PlotSeries {
  std::string name;
  std::vector<std::pair<double, double>> points;  // (x, y), drawn in order
  std::string color = "#1f77b4";
  bool dashed = false;
  bool markers_only = false;  // e.g. published values
  /// Empty, or one (low, high) per point: drawn as a translucent band around the line.
  std::vector<std::pair<double, double>> band;
};

enum class LegendCorner { top_right, top_left, bottom_right, bottom_left };

struct LinePlot {
  std::string title;
  std::string x_label;
  std::string y_label;
  bool log_y = false;  // y values must then be > 0
  std::vector<PlotSeries> series;
  bool log_x = false;  // x values must then be > 0
  LegendCorner legend = LegendCorner::top_right;
};

std::string render_svg(const LinePlot& plot, double width = 680, double height = 440);

/// Round tick values covering [lo, hi]: multiples of 1, 2 or 5 x 10^k (about `target` of them) on a
/// linear axis; 1, 2, 5 x 10^k on a log axis (only powers of ten when the range spans many decades).
std::vector<double> round_ticks(double lo, double hi, bool log_scale, int target = 5);

}  // namespace redist
