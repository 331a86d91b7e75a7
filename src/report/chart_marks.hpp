#pragma once
// Private to the chart (chart.cpp): the plot box mapping data to pixels, and the marks drawn in it.

#include <cmath>
#include <string>

#include "redist/report/axis.hpp"
#include "redist/report/chart.hpp"

namespace redist::report::detail {

struct PlotBox {
  double left, right, top, bottom;
  Axis x, y;
  [[nodiscard]] double px(double v) const { return left + x.fraction(v) * (right - left); }
  [[nodiscard]] double py(double v) const { return bottom - y.fraction(v) * (bottom - top); }
  [[nodiscard]] bool shows(double vx, double vy) const {
    return (!x.log || vx > 0) && (!y.log || vy > 0) && std::isfinite(vx) && std::isfinite(vy);
  }
};

std::string series_color(const PlotSeries& s, std::size_t index);

/// One marker shape per series index (circle, square, triangle, diamond, cross, triangle down,
/// plus, pentagon).
std::string marker(double x, double y, std::size_t index, const std::string& color, bool hollow);

std::string draw_band(const PlotSeries& s, std::size_t index, const PlotBox& b);
std::string draw_error_bars(const PlotSeries& s, std::size_t index, const PlotBox& b);
/// `bar_slot` / `bar_slots`: this series' place among the bar series, and their number.
std::string draw_series(const PlotSeries& s, std::size_t index, const PlotBox& b, double bar_width,
                        std::size_t bar_slot, std::size_t bar_slots);

struct LegendBox {
  double x = 0, y = 0, width = 0, height = 0;
};

/// The legend's size: wide enough for its longest name as text_width measures it.
LegendBox legend_size(const LinePlot& plot);
/// The legend placed inside the box: in plot.legend's corner, or (automatic) the one covering the
/// fewest data points and line samples.
LegendBox place_legend(const LinePlot& plot, const PlotBox& b, LegendBox size);
std::string draw_legend(const LinePlot& plot, const LegendBox& at);

}  // namespace redist::report::detail
