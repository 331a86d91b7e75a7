#pragma once
// A small SVG line chart (axes, ticks, legend; optional log y), so that the experiment's plots need
// no plotting dependency.

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
};

struct LinePlot {
  std::string title;
  std::string x_label;
  std::string y_label;
  bool log_y = false;  // y values must then be > 0
  std::vector<PlotSeries> series;
};

std::string render_svg(const LinePlot& plot, double width = 680, double height = 440);

}  // namespace redist
