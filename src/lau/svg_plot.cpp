#include "redist/lau/svg_plot.hpp"

#include <algorithm>
#include <cmath>

#include "svg_text.hpp"

namespace redist {

namespace {

constexpr double kMarginLeft = 70, kMarginRight = 190, kMarginTop = 40, kMarginBottom = 50;

struct Axes {
  double x0, x1, y0, y1;  // data range
  double left, right, top, bottom;  // pixel box
  bool log_y;

  double px(double x) const { return left + (x - x0) / (x1 - x0) * (right - left); }
  double py(double y) const {
    const double v = log_y ? std::log10(y) : y;
    return bottom - (v - y0) / (y1 - y0) * (bottom - top);
  }
};

Axes fit_axes(const LinePlot& plot, double width, double height) {
  double x0 = 1e300, x1 = -1e300, y0 = 1e300, y1 = -1e300;
  for (const auto& s : plot.series)
    for (const auto& [x, y] : s.points) {
      const double v = plot.log_y ? std::log10(std::max(y, 1e-12)) : y;
      x0 = std::min(x0, x), x1 = std::max(x1, x), y0 = std::min(y0, v), y1 = std::max(y1, v);
    }
  if (x0 > x1) x0 = 0, x1 = 1, y0 = 0, y1 = 1;
  if (x1 == x0) x1 = x0 + 1;
  if (plot.log_y) {
    y0 = std::floor(y0), y1 = std::ceil(y1);
  } else {
    y0 = std::min(0.0, y0), y1 = y1 + 0.05 * (y1 - y0);
  }
  if (y1 == y0) y1 = y0 + 1;
  return {x0, x1, y0, y1, kMarginLeft, width - kMarginRight, kMarginTop, height - kMarginBottom, plot.log_y};
}

std::string tick_label(double v) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, std::fabs(v) >= 100 || v == std::floor(v) ? "%.0f" : "%.2g", v);
  return buffer;
}

std::string draw_axes(const LinePlot& plot, const Axes& a) {
  const std::string grid = "stroke=\"#ddd\"", axis = "stroke=\"#333\"";
  std::string out = svg::line(a.left, a.bottom, a.right, a.bottom, axis) + svg::line(a.left, a.top, a.left, a.bottom, axis);
  for (int k = 0; k <= 5; ++k) {  // y ticks
    const double v = a.y0 + (a.y1 - a.y0) * k / 5.0;
    const double y = a.bottom - (a.bottom - a.top) * k / 5.0;
    out += svg::line(a.left, y, a.right, y, grid);
    out += svg::text(a.left - 6, y + 4, tick_label(a.log_y ? std::pow(10.0, v) : v), "text-anchor=\"end\"");
  }
  std::vector<double> xs;
  for (const auto& s : plot.series)
    for (const auto& p : s.points) xs.push_back(p.first);
  std::sort(xs.begin(), xs.end());
  xs.erase(std::unique(xs.begin(), xs.end()), xs.end());
  for (double x : xs) out += svg::text(a.px(x), a.bottom + 16, tick_label(x), "text-anchor=\"middle\"");
  out += svg::text((a.left + a.right) / 2, a.bottom + 36, plot.x_label, "text-anchor=\"middle\"");
  out += "<text transform=\"translate(16," + svg::num((a.top + a.bottom) / 2) + ") rotate(-90)\" text-anchor=\"middle\">" +
         svg::escape(plot.y_label) + "</text>\n";
  return out + svg::text(a.left, 22, plot.title, "font-weight=\"bold\"");
}

std::string draw_series(const PlotSeries& s, const Axes& a, std::size_t index) {
  std::string out;
  if (!s.markers_only && s.points.size() > 1) {
    out += "<polyline fill=\"none\" stroke=\"" + s.color + "\" stroke-width=\"2\"" +
           (s.dashed ? " stroke-dasharray=\"6,4\"" : "") + " points=\"";
    for (const auto& [x, y] : s.points) out += svg::num(a.px(x)) + "," + svg::num(a.py(y)) + " ";
    out += "\"/>\n";
  }
  for (const auto& [x, y] : s.points)
    out += "<circle cx=\"" + svg::num(a.px(x)) + "\" cy=\"" + svg::num(a.py(y)) + "\" r=\"" + (s.markers_only ? "4" : "2.5") +
           "\" fill=\"" + (s.markers_only ? "none" : s.color) + "\" stroke=\"" + s.color + "\"/>\n";
  const double ly = a.top + 16 * static_cast<double>(index);
  out += svg::line(a.right + 12, ly, a.right + 36, ly,
                   "stroke=\"" + s.color + "\" stroke-width=\"2\"" + (s.dashed ? " stroke-dasharray=\"6,4\"" : "") +
                       (s.markers_only ? " stroke-opacity=\"0\"" : ""));
  if (s.markers_only)
    out += "<circle cx=\"" + svg::num(a.right + 24) + "\" cy=\"" + svg::num(ly) + "\" r=\"4\" fill=\"none\" stroke=\"" + s.color + "\"/>\n";
  return out + svg::text(a.right + 42, ly + 4, s.name);
}

}  // namespace

std::string render_svg(const LinePlot& plot, double width, double height) {
  const Axes axes = fit_axes(plot, width, height);
  std::string out = svg::header(width, height) + draw_axes(plot, axes);
  for (std::size_t i = 0; i < plot.series.size(); ++i) out += draw_series(plot.series[i], axes, i);
  return out + "</svg>\n";
}

}  // namespace redist
