#include "redist/lau/svg_plot.hpp"

#include <algorithm>
#include <cmath>

#include "svg_text.hpp"

namespace redist {

namespace {

constexpr double kMarginLeft = 70, kMarginRight = 20, kMarginTop = 40, kMarginBottom = 50;
// Average advance of a 12 px sans-serif character, generous so that the legend box fits its text.
constexpr double kCharWidth = 7.0, kLegendRow = 16;

double linear_step(double span, int target) {
  const double raw = span / std::max(1, target);
  const double decade = std::pow(10.0, std::floor(std::log10(raw)));
  for (double m : {1.0, 2.0, 5.0})
    if (m * decade >= raw) return m * decade;
  return 10 * decade;
}

// The largest 1, 2 or 5 x 10^k at most v, and the smallest at least v (v > 0).
double round_below(double v) {
  const double decade = std::pow(10.0, std::floor(std::log10(v) + 1e-9));
  for (double m : {5.0, 2.0, 1.0})
    if (m * decade <= v * (1 + 1e-9)) return m * decade;
  return decade;
}

double round_above(double v) {
  const double decade = std::pow(10.0, std::floor(std::log10(v) - 1e-9));
  for (double m : {1.0, 2.0, 5.0, 10.0})
    if (m * decade >= v * (1 - 1e-9)) return m * decade;
  return 10 * decade;
}

struct Scale {
  bool log = false;
  double lo = 0, hi = 1;  // in axis units (log10 for a log axis)
  double map(double v) const { return ((log ? std::log10(v) : v) - lo) / (hi - lo); }
};

// The axis range: data extended to round values (decades on a log axis).
Scale fit_scale(std::vector<double> values, bool log, bool include_zero) {
  Scale s{log, 0, 1};
  values.erase(std::remove_if(values.begin(), values.end(), [&](double v) { return !std::isfinite(v) || (log && v <= 0); }),
               values.end());
  if (values.empty()) return s;
  double lo = *std::min_element(values.begin(), values.end()), hi = *std::max_element(values.begin(), values.end());
  if (log) {  // out to the nearest 1, 2 or 5 x 10^k, not a whole decade (300 ends the axis at 500)
    s.lo = std::log10(round_below(lo)), s.hi = std::log10(round_above(hi));
    if (s.hi <= s.lo) s.hi = s.lo + 1;
    return s;
  }
  if (include_zero) lo = std::min(lo, 0.0), hi = std::max(hi, 0.0);
  if (hi <= lo) hi = lo + 1;
  const double step = linear_step(hi - lo, 5);
  s.lo = std::floor(lo / step + 1e-9) * step, s.hi = std::ceil(hi / step - 1e-9) * step;
  return s;
}

struct Box {
  double left, right, top, bottom;
  Scale x, y;
  double px(double v) const { return left + x.map(v) * (right - left); }
  double py(double v) const { return bottom - y.map(v) * (bottom - top); }
};

std::string tick_label(double v) {
  char buffer[32];
  const double a = std::fabs(v);
  if (a >= 1e6 || (a > 0 && a < 1e-3)) std::snprintf(buffer, sizeof buffer, "%.0e", v);
  else std::snprintf(buffer, sizeof buffer, "%.10g", std::round(v * 1e6) / 1e6);
  return buffer;
}

Box fit_box(const LinePlot& plot, double width, double height) {
  std::vector<double> xs, ys;
  for (const auto& s : plot.series) {
    for (const auto& [x, y] : s.points) xs.push_back(x), ys.push_back(y);
    for (const auto& [lo, hi] : s.band) ys.push_back(lo), ys.push_back(hi);
  }
  return {kMarginLeft, width - kMarginRight, kMarginTop, height - kMarginBottom, fit_scale(xs, plot.log_x, false),
          fit_scale(ys, plot.log_y, !plot.log_y)};
}

std::string draw_axes(const LinePlot& plot, const Box& b) {
  const std::string grid = "stroke=\"#e4e4e4\"", axis = "stroke=\"#333\"";
  std::string out;
  const auto range = [](const Scale& s) {
    return std::pair{s.log ? std::pow(10.0, s.lo) : s.lo, s.log ? std::pow(10.0, s.hi) : s.hi};
  };
  const auto [y0, y1] = range(b.y);
  for (double v : round_ticks(y0, y1, b.y.log)) {
    out += svg::line(b.left, b.py(v), b.right, b.py(v), grid);
    out += svg::text(b.left - 6, b.py(v) + 4, tick_label(v), "text-anchor=\"end\"");
  }
  const auto [x0, x1] = range(b.x);
  for (double v : round_ticks(x0, x1, b.x.log)) {
    out += svg::line(b.px(v), b.top, b.px(v), b.bottom, grid);
    out += svg::text(b.px(v), b.bottom + 16, tick_label(v), "text-anchor=\"middle\"");
  }
  out += svg::line(b.left, b.bottom, b.right, b.bottom, axis) + svg::line(b.left, b.top, b.left, b.bottom, axis);
  out += svg::text((b.left + b.right) / 2, b.bottom + 36, plot.x_label, "text-anchor=\"middle\"");
  out += "<text transform=\"translate(16," + svg::num((b.top + b.bottom) / 2) + ") rotate(-90)\" text-anchor=\"middle\">" +
         svg::escape(plot.y_label) + "</text>\n";
  return out + svg::text(b.left, 22, plot.title, "font-weight=\"bold\"");
}

// One marker shape per series index (circle, square, triangle, diamond, cross), so that series drawn
// on top of each other remain visible as distinct.
std::string marker(double x, double y, std::size_t index, const std::string& color, bool hollow) {
  const std::string paint = "fill=\"" + (hollow ? std::string("white") : color) + "\" stroke=\"" + color + "\"";
  const double r = 3.5;
  switch (index % 5) {
    case 0: return "<circle cx=\"" + svg::num(x) + "\" cy=\"" + svg::num(y) + "\" r=\"" + svg::num(r) + "\" " + paint + "/>\n";
    case 1:
      return "<rect x=\"" + svg::num(x - r) + "\" y=\"" + svg::num(y - r) + "\" width=\"" + svg::num(2 * r) + "\" height=\"" +
             svg::num(2 * r) + "\" " + paint + "/>\n";
    case 2:
      return "<polygon points=\"" + svg::num(x) + "," + svg::num(y - r - 1) + " " + svg::num(x - r - 1) + "," + svg::num(y + r) +
             " " + svg::num(x + r + 1) + "," + svg::num(y + r) + "\" " + paint + "/>\n";
    case 3:
      return "<polygon points=\"" + svg::num(x) + "," + svg::num(y - r - 1) + " " + svg::num(x + r + 1) + "," + svg::num(y) +
             " " + svg::num(x) + "," + svg::num(y + r + 1) + " " + svg::num(x - r - 1) + "," + svg::num(y) + "\" " + paint + "/>\n";
    default:
      return svg::line(x - r, y - r, x + r, y + r, "stroke=\"" + color + "\" stroke-width=\"1.5\"") +
             svg::line(x - r, y + r, x + r, y - r, "stroke=\"" + color + "\" stroke-width=\"1.5\"");
  }
}

std::string dash_style(const PlotSeries& s) { return s.dashed ? " stroke-dasharray=\"6,4\"" : ""; }

std::string draw_band(const PlotSeries& s, const Box& b) {
  if (s.band.size() != s.points.size() || s.points.empty()) return "";
  std::string pts;
  for (std::size_t k = 0; k < s.points.size(); ++k) pts += svg::num(b.px(s.points[k].first)) + "," + svg::num(b.py(s.band[k].second)) + " ";
  for (std::size_t k = s.points.size(); k-- > 0;) pts += svg::num(b.px(s.points[k].first)) + "," + svg::num(b.py(s.band[k].first)) + " ";
  return "<polygon points=\"" + pts + "\" fill=\"" + s.color + "\" fill-opacity=\"0.15\" stroke=\"none\"/>\n";
}

std::string draw_series(const PlotSeries& s, const Box& b, std::size_t index) {
  std::string out;
  if (!s.markers_only && s.points.size() > 1) {
    out += "<polyline fill=\"none\" stroke=\"" + s.color + "\" stroke-width=\"2\"" + dash_style(s) + " points=\"";
    for (const auto& [x, y] : s.points) out += svg::num(b.px(x)) + "," + svg::num(b.py(y)) + " ";
    out += "\"/>\n";
  }
  for (const auto& [x, y] : s.points) out += marker(b.px(x), b.py(y), index, s.color, s.markers_only);
  return out;
}

// The legend, inside the plot box in the chosen corner, on a white panel as wide as its longest name.
std::string draw_legend(const LinePlot& plot, const Box& b) {
  std::size_t longest = 0;
  for (const auto& s : plot.series) longest = std::max(longest, s.name.size());
  const double w = 44 + kCharWidth * static_cast<double>(longest), h = 8 + kLegendRow * static_cast<double>(plot.series.size());
  const bool right = plot.legend == LegendCorner::top_right || plot.legend == LegendCorner::bottom_right;
  const bool top = plot.legend == LegendCorner::top_right || plot.legend == LegendCorner::top_left;
  const double x = right ? b.right - w - 6 : b.left + 6, y = top ? b.top + 6 : b.bottom - h - 6;
  std::string out = "<rect x=\"" + svg::num(x) + "\" y=\"" + svg::num(y) + "\" width=\"" + svg::num(w) + "\" height=\"" +
                    svg::num(h) + "\" fill=\"white\" fill-opacity=\"0.9\" stroke=\"#bbb\"/>\n";
  for (std::size_t i = 0; i < plot.series.size(); ++i) {
    const PlotSeries& s = plot.series[i];
    const double ly = y + 12 + kLegendRow * static_cast<double>(i);
    if (!s.markers_only)
      out += svg::line(x + 6, ly, x + 32, ly, "stroke=\"" + s.color + "\" stroke-width=\"2\"" + dash_style(s));
    out += marker(x + 19, ly, i, s.color, s.markers_only) + svg::text(x + 38, ly + 4, s.name);
  }
  return out;
}

}  // namespace

std::vector<double> round_ticks(double lo, double hi, bool log_scale, int target) {
  std::vector<double> ticks;
  if (!(hi > lo) || !std::isfinite(lo) || !std::isfinite(hi)) return ticks;
  if (log_scale) {
    if (!(lo > 0)) return ticks;
    const int d0 = static_cast<int>(std::floor(std::log10(lo) + 1e-9)), d1 = static_cast<int>(std::ceil(std::log10(hi) - 1e-9));
    const bool decades_only = d1 - d0 > 3;
    for (int d = d0; d <= d1; ++d)
      for (double m : {1.0, 2.0, 5.0}) {
        const double v = m * std::pow(10.0, d);
        if ((decades_only && m != 1.0) || v < lo * (1 - 1e-9) || v > hi * (1 + 1e-9)) continue;
        ticks.push_back(v);
      }
    return ticks;
  }
  const double step = linear_step(hi - lo, target);
  for (double k = std::ceil(lo / step - 1e-9); k * step <= hi + step * 1e-9; k += 1) ticks.push_back(k * step == 0 ? 0 : k * step);
  return ticks;
}

std::string render_svg(const LinePlot& plot, double width, double height) {
  const Box box = fit_box(plot, width, height);
  std::string out = svg::header(width, height) + draw_axes(plot, box);
  for (const PlotSeries& s : plot.series) out += draw_band(s, box);
  for (std::size_t i = 0; i < plot.series.size(); ++i) out += draw_series(plot.series[i], box, i);
  return out + draw_legend(plot, box) + "</svg>\n";
}

}  // namespace redist
