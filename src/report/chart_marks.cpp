#include "chart_marks.hpp"

#include <algorithm>
#include <array>
#include <cmath>

#include "redist/report/svg.hpp"

namespace redist::report::detail {

namespace {

constexpr double kLegendRow = 16, kLegendPad = 6, kLegendSwatch = 38;

std::string dash_style(const PlotSeries& s) { return s.dashed ? " stroke-dasharray=\"6,4\"" : ""; }

bool has_markers(const PlotSeries& s) {
  return s.style == SeriesStyle::line || s.style == SeriesStyle::markers;
}
bool has_line(const PlotSeries& s) {
  return s.style == SeriesStyle::line || s.style == SeriesStyle::line_only;
}

std::string polygon(const std::vector<std::pair<double, double>>& corners,
                    const std::string& paint) {
  std::string pts;
  for (const auto& [x, y] : corners) {
    if (!pts.empty()) pts += ' ';
    pts += svg::num(x) + "," + svg::num(y);  // appended: `" " + text` warns falsely in GCC 12
  }
  return "<polygon points=\"" + pts + "\" " + paint + "/>\n";
}

std::string polyline(const PlotSeries& s, const std::string& color, const PlotBox& b) {
  std::string pts;
  for (const auto& [x, y] : s.points)
    if (b.shows(x, y)) pts += svg::num(b.px(x)) + "," + svg::num(b.py(y)) + " ";
  return "<polyline fill=\"none\" stroke=\"" + color + "\" stroke-width=\"2\"" + dash_style(s) +
         " points=\"" + pts + "\"/>\n";
}

std::string bars(const PlotSeries& s, const std::string& color, const PlotBox& b, double width,
                 std::size_t slot, std::size_t slots) {
  std::string out;
  const double base = b.py(b.y.log ? b.y.lo : std::clamp(0.0, b.y.lo, b.y.hi));
  const double offset = (static_cast<double>(slot) - static_cast<double>(slots - 1) / 2) * width;
  for (const auto& [x, y] : s.points) {
    if (!b.shows(x, y)) continue;
    const double cx = b.px(x) + offset, top = std::min(base, b.py(y));
    out += svg::rect(cx - width / 2, top, width, std::fabs(base - b.py(y)),
                     "fill=\"" + color + "\" fill-opacity=\"" + (s.dashed ? "0.45" : "0.85") +
                         "\" stroke=\"" + color + "\"");
  }
  return out;
}

// Points in pixels a legend box would hide: every marker, and samples along every line.
std::vector<std::pair<double, double>> data_pixels(const LinePlot& plot, const PlotBox& b) {
  std::vector<std::pair<double, double>> out;
  for (const PlotSeries& s : plot.series)
    for (std::size_t k = 0; k < s.points.size(); ++k) {
      const auto [x, y] = s.points[k];
      if (!b.shows(x, y)) continue;
      out.emplace_back(b.px(x), b.py(y));
      if (k + 1 == s.points.size() || !has_line(s) ||
          !b.shows(s.points[k + 1].first, s.points[k + 1].second))
        continue;
      const double x2 = b.px(s.points[k + 1].first), y2 = b.py(s.points[k + 1].second);
      for (int j = 1; j < 16; ++j)
        out.emplace_back(b.px(x) + (x2 - b.px(x)) * j / 16, b.py(y) + (y2 - b.py(y)) * j / 16);
    }
  return out;
}

LegendBox at_corner(LegendCorner corner, const PlotBox& b, LegendBox box) {
  const bool right = corner == LegendCorner::top_right || corner == LegendCorner::bottom_right;
  const bool top = corner == LegendCorner::top_right || corner == LegendCorner::top_left;
  box.x = right ? b.right - box.width - kLegendPad : b.left + kLegendPad;
  box.y = top ? b.top + kLegendPad : b.bottom - box.height - kLegendPad;
  return box;
}

}  // namespace

std::string series_color(const PlotSeries& s, std::size_t index) {
  return s.color.empty() ? palette_color(index) : s.color;
}

std::string marker(double x, double y, std::size_t index, const std::string& color, bool hollow) {
  const std::string paint =
      "fill=\"" + (hollow ? std::string("white") : color) + "\" stroke=\"" + color + "\"";
  const double r = 3.5, q = r + 1;
  switch (index % 8) {  // eight shapes: the study's eight schemes each get their own
    case 0:
      return "<circle cx=\"" + svg::num(x) + "\" cy=\"" + svg::num(y) + "\" r=\"" + svg::num(r) +
             "\" " + paint + "/>\n";
    case 1:
      return svg::rect(x - r, y - r, 2 * r, 2 * r, paint);
    case 2:
      return polygon({{x, y - q}, {x - q, y + r}, {x + q, y + r}}, paint);
    case 3:
      return polygon({{x, y - q}, {x + q, y}, {x, y + q}, {x - q, y}}, paint);
    case 5:
      return polygon({{x, y + q}, {x - q, y - r}, {x + q, y - r}}, paint);  // triangle down
    case 6: {
      const std::string pen = "stroke=\"" + color + "\" stroke-width=\"2\"";
      return svg::line(x - q, y, x + q, y, pen) + svg::line(x, y - q, x, y + q, pen);  // plus
    }
    case 7: {  // pentagon
      std::vector<std::pair<double, double>> corners;
      for (int k = 0; k < 5; ++k) {
        const double a = -1.5707963267948966 + k * 1.2566370614359172;
        corners.emplace_back(x + q * std::cos(a), y + q * std::sin(a));
      }
      return polygon(corners, paint);
    }
    default: {
      const std::string pen = "stroke=\"" + color + "\" stroke-width=\"1.5\"";
      return svg::line(x - r, y - r, x + r, y + r, pen) +
             svg::line(x - r, y + r, x + r, y - r, pen);
    }
  }
}

std::string draw_band(const PlotSeries& s, std::size_t index, const PlotBox& b) {
  if (s.band.size() != s.points.size() || s.points.empty()) return "";
  std::vector<std::pair<double, double>> corners;
  for (std::size_t k = 0; k < s.points.size(); ++k)
    if (b.shows(s.points[k].first, s.band[k].second))
      corners.emplace_back(b.px(s.points[k].first), b.py(s.band[k].second));
  for (std::size_t k = s.points.size(); k-- > 0;)
    if (b.shows(s.points[k].first, s.band[k].first))
      corners.emplace_back(b.px(s.points[k].first), b.py(s.band[k].first));
  return polygon(corners,
                 "fill=\"" + series_color(s, index) + "\" fill-opacity=\"0.15\" stroke=\"none\"");
}

std::string draw_error_bars(const PlotSeries& s, std::size_t index, const PlotBox& b) {
  if (s.error_bars.size() != s.points.size()) return "";
  const std::string pen = "stroke=\"" + series_color(s, index) + "\" stroke-width=\"1.2\"";
  std::string out;
  for (std::size_t k = 0; k < s.points.size(); ++k) {
    const double x = s.points[k].first;
    const auto [low, high] = s.error_bars[k];
    if (!b.shows(x, low) || !b.shows(x, high) || !(high > low)) continue;
    const double px = b.px(x), y0 = b.py(low), y1 = b.py(high);
    out += svg::line(px, y0, px, y1, pen) + svg::line(px - 4, y0, px + 4, y0, pen) +
           svg::line(px - 4, y1, px + 4, y1, pen);
  }
  return out;
}

std::string draw_series(const PlotSeries& s, std::size_t index, const PlotBox& b, double bar_width,
                        std::size_t bar_slot, std::size_t bar_slots) {
  const std::string color = series_color(s, index);
  if (s.style == SeriesStyle::bars) return bars(s, color, b, bar_width, bar_slot, bar_slots);
  std::string out = has_line(s) && s.points.size() > 1 ? polyline(s, color, b) : "";
  if (has_markers(s))
    for (const auto& [x, y] : s.points)
      if (b.shows(x, y))
        out += marker(b.px(x), b.py(y), index, color, s.style == SeriesStyle::markers);
  return out;
}

LegendBox legend_size(const LinePlot& plot) {
  double longest = 0;
  for (const PlotSeries& s : plot.series) longest = std::max(longest, svg::text_width(s.name));
  return {0, 0, kLegendSwatch + longest + 2 * kLegendPad,
          8 + kLegendRow * static_cast<double>(plot.series.size())};
}

LegendBox place_legend(const LinePlot& plot, const PlotBox& b, LegendBox size) {
  if (plot.legend != LegendCorner::automatic) return at_corner(plot.legend, b, size);
  const auto pixels = data_pixels(plot, b);
  LegendBox best{};
  std::size_t fewest = SIZE_MAX;
  for (LegendCorner c : {LegendCorner::top_right, LegendCorner::top_left,
                         LegendCorner::bottom_right, LegendCorner::bottom_left}) {
    const LegendBox box = at_corner(c, b, size);
    const auto hidden =
        static_cast<std::size_t>(std::count_if(pixels.begin(), pixels.end(), [&](const auto& p) {
          return p.first >= box.x - 4 && p.first <= box.x + box.width + 4 &&
                 p.second >= box.y - 4 && p.second <= box.y + box.height + 4;
        }));
    if (hidden < fewest) fewest = hidden, best = box;
  }
  return best;
}

std::string draw_legend(const LinePlot& plot, const LegendBox& at) {
  if (plot.series.empty()) return "";
  std::string out = svg::rect(at.x, at.y, at.width, at.height,
                              "fill=\"white\" fill-opacity=\"0.9\" stroke=\"#bbb\"");
  for (std::size_t i = 0; i < plot.series.size(); ++i) {
    const PlotSeries& s = plot.series[i];
    const std::string color = series_color(s, i);
    const double ly = at.y + 12 + kLegendRow * static_cast<double>(i), x = at.x + kLegendPad;
    if (s.style == SeriesStyle::bars)
      out +=
          svg::rect(x + 6, ly - 5, 14, 10,
                    "fill=\"" + color + "\" fill-opacity=\"" + (s.dashed ? "0.45" : "0.85") + "\"");
    if (has_line(s))
      out += svg::line(x, ly, x + 26, ly,
                       "stroke=\"" + color + "\" stroke-width=\"2\"" + dash_style(s));
    if (has_markers(s)) out += marker(x + 13, ly, i, color, s.style == SeriesStyle::markers);
    out += svg::text(x + kLegendSwatch - 6, ly + 4, s.name);
  }
  return out;
}

}  // namespace redist::report::detail
