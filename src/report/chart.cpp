#include "redist/report/chart.hpp"

#include <algorithm>
#include <array>
#include <cmath>

#include "chart_marks.hpp"
#include "redist/report/svg.hpp"

namespace redist::report {

namespace {

using detail::PlotBox;

constexpr double kMarginRight = 20, kMarginTop = 40, kMarginBottom = 50;
constexpr double kTitleSize = 13, kTitleWeight = 1.1;  // bold text runs about 10% wider

// The x values bars are centred on, sorted and distinct; bars need room half a spacing either side.
std::vector<double> bar_positions(const LinePlot& plot) {
  std::vector<double> xs;
  for (const PlotSeries& s : plot.series)
    if (s.style == SeriesStyle::bars)
      for (const auto& p : s.points) xs.push_back(p.first);
  std::sort(xs.begin(), xs.end());
  xs.erase(std::unique(xs.begin(), xs.end()), xs.end());
  return xs;
}

double min_spacing(const std::vector<double>& xs) {
  double gap = 1;
  for (std::size_t k = 1; k < xs.size(); ++k)
    gap = k == 1 ? xs[1] - xs[0] : std::min(gap, xs[k] - xs[k - 1]);
  return gap;
}

PlotBox fit_box(const LinePlot& plot, double width, double height) {
  std::vector<double> xs, ys;
  for (const PlotSeries& s : plot.series) {
    for (const auto& [x, y] : s.points) xs.push_back(x), ys.push_back(y);
    for (const auto& [lo, hi] : s.band) ys.push_back(lo), ys.push_back(hi);
    for (const auto& [lo, hi] : s.error_bars) ys.push_back(lo), ys.push_back(hi);
  }
  if (const auto bars = bar_positions(plot); !bars.empty() && !plot.log_x) {
    xs.push_back(bars.front() - min_spacing(bars) / 2);
    xs.push_back(bars.back() + min_spacing(bars) / 2);
  }
  const Axis x = fit_axis(xs, plot.log_x, plot.x_from_zero),
             y = fit_axis(ys, plot.log_y, !plot.log_y);
  double widest = 0;  // the left margin holds the y tick labels and the rotated y label
  for (const std::string& label : y.labels()) widest = std::max(widest, svg::text_width(label));
  return {
      std::max(60.0, widest + 36), width - kMarginRight, kMarginTop, height - kMarginBottom, x, y};
}

std::string draw_axes(const LinePlot& plot, const PlotBox& b) {
  const std::string grid = "stroke=\"#e4e4e4\"", axis = "stroke=\"#333\"";
  std::string out;
  const auto y_labels = b.y.labels(), x_labels = b.x.labels();
  for (std::size_t k = 0; k < b.y.ticks.size(); ++k) {
    const double v = b.y.ticks[k];
    out += svg::line(b.left, b.py(v), b.right, b.py(v), grid);
    out += svg::text(b.left - 6, b.py(v) + 4, y_labels[k], "text-anchor=\"end\"");
  }
  for (std::size_t k = 0; k < b.x.ticks.size(); ++k) {
    const double v = b.x.ticks[k];
    out += svg::line(b.px(v), b.top, b.px(v), b.bottom, grid);
    out += svg::text(b.px(v), b.bottom + 16, x_labels[k], "text-anchor=\"middle\"");
  }
  out += svg::line(b.left, b.bottom, b.right, b.bottom, axis) +
         svg::line(b.left, b.top, b.left, b.bottom, axis);
  out += svg::text((b.left + b.right) / 2, b.bottom + 36, plot.x_label, "text-anchor=\"middle\"");
  out += "<text transform=\"translate(16," + svg::num((b.top + b.bottom) / 2) +
         ") rotate(-90)\" text-anchor=\"middle\">" + svg::escape(plot.y_label) + "</text>\n";
  return out + svg::text(b.left, 24, plot.title, "font-weight=\"bold\" font-size=\"13\"");
}

std::string draw_data(const LinePlot& plot, const PlotBox& b) {
  std::string out;
  for (std::size_t i = 0; i < plot.series.size(); ++i)
    out += detail::draw_band(plot.series[i], i, b);
  const auto bars = bar_positions(plot);
  const auto bar_series = static_cast<std::size_t>(
      std::count_if(plot.series.begin(), plot.series.end(),
                    [](const PlotSeries& s) { return s.style == SeriesStyle::bars; }));
  const double slot_width =
      bars.empty() ? 0
                   : 0.8 * std::fabs(b.px(bars.front() + min_spacing(bars)) - b.px(bars.front())) /
                         static_cast<double>(std::max<std::size_t>(bar_series, 1));
  std::size_t slot = 0;
  for (std::size_t i = 0; i < plot.series.size(); ++i) {
    out += detail::draw_series(plot.series[i], i, b, slot_width, slot, bar_series);
    out += detail::draw_error_bars(plot.series[i], i, b);
    if (plot.series[i].style == SeriesStyle::bars) ++slot;
  }
  return out;
}

}  // namespace

const std::string& palette_color(std::size_t index) {
  // Okabe and Ito's eight colours less yellow (too pale on white) and black (kept for axes).
  static const std::array<std::string, 6> colors = {"#0072B2", "#D55E00", "#009E73",
                                                    "#CC79A7", "#56B4E9", "#E69F00"};
  return colors[index % colors.size()];
}

std::string render_svg(const LinePlot& plot, double width, double height) {
  const detail::LegendBox legend = detail::legend_size(plot);
  const PlotBox probe = fit_box(plot, width, height);
  // Grow the canvas rather than cut: the title on one line, the legend inside the plot box.
  width = std::max(
      {width, probe.left + svg::text_width(plot.title, kTitleSize) * kTitleWeight + kMarginRight,
       probe.left + legend.width + 24 + kMarginRight});
  height = std::max(
      {height, kMarginTop + kMarginBottom + legend.height + 24,
       kMarginTop + kMarginBottom + svg::text_width(plot.y_label) + 8});  // the rotated y label
  const PlotBox box = fit_box(plot, width, height);
  std::string out = svg::header(width, height) + draw_axes(plot, box) + draw_data(plot, box);
  return out + detail::draw_legend(plot, detail::place_legend(plot, box, legend)) + "</svg>\n";
}

}  // namespace redist::report
