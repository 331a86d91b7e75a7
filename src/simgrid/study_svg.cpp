#include "study_svg.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace redist::sgdetail {

namespace {

constexpr double kWidth = 680, kHeight = 460, kLeft = 70, kRight = 500, kTop = 40, kBottom = 400;

std::string num(double v) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.1f", v);
  return buffer;
}

std::string label(double v) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.3g", v);
  return buffer;
}

std::string text(double x, double y, const std::string& s, const std::string& extra = "") {
  return "<text x=\"" + num(x) + "\" y=\"" + num(y) + "\" " + extra + ">" + s + "</text>\n";
}

std::string line(double x1, double y1, double x2, double y2, const std::string& style) {
  return "<line x1=\"" + num(x1) + "\" y1=\"" + num(y1) + "\" x2=\"" + num(x2) + "\" y2=\"" + num(y2) + "\" " + style + "/>\n";
}

// Axes from 0 to a "nice" maximum covering every point.
double nice_max(double v) {
  if (!(v > 0)) return 1;
  const double step = std::pow(10.0, std::floor(std::log10(v)));
  for (double m : {1.0, 2.0, 2.5, 5.0, 10.0})
    if (m * step >= v) return m * step;
  return 10 * step;
}

}  // namespace

std::string render_prediction_scatter(const std::string& title, const std::vector<ScatterSeries>& series) {
  double xmax = 0, ymax = 0;
  for (const auto& s : series)
    for (const auto& [x, y] : s.points) xmax = std::max(xmax, x), ymax = std::max(ymax, y);
  xmax = nice_max(xmax), ymax = nice_max(ymax);
  const auto px = [&](double x) { return kLeft + x / xmax * (kRight - kLeft); };
  const auto py = [&](double y) { return kBottom - y / ymax * (kBottom - kTop); };
  std::string out = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" + num(kWidth) + "\" height=\"" + num(kHeight) +
                    "\" font-family=\"sans-serif\" font-size=\"12\">\n<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n";
  out += text(kLeft, 22, title, "font-weight=\"bold\"");
  for (int k = 0; k <= 5; ++k) {
    const double fx = xmax * k / 5, fy = ymax * k / 5;
    out += line(kLeft, py(fy), kRight, py(fy), "stroke=\"#ddd\"") + text(kLeft - 6, py(fy) + 4, label(fy), "text-anchor=\"end\"");
    out += line(px(fx), kTop, px(fx), kBottom, "stroke=\"#eee\"") + text(px(fx), kBottom + 16, label(fx), "text-anchor=\"middle\"");
  }
  out += line(kLeft, kBottom, kRight, kBottom, "stroke=\"#333\"") + line(kLeft, kTop, kLeft, kBottom, "stroke=\"#333\"");
  out += text((kLeft + kRight) / 2, kBottom + 36, "predicted by redist, item model (s)", "text-anchor=\"middle\"");
  out += "<text transform=\"translate(18," + num((kTop + kBottom) / 2) + ") rotate(-90)\" text-anchor=\"middle\">measured in SimGrid (s)</text>\n";
  for (double f : {1.0, 2.0}) {  // y = f x, clipped to the box
    const double x_end = std::min(xmax, ymax / f);
    out += line(px(0), py(0), px(x_end), py(f * x_end), "stroke=\"#888\" stroke-dasharray=\"5,4\"");
    out += text(px(x_end) + 4, py(f * x_end) + 4, f == 1.0 ? "y = x" : "y = 2x", "fill=\"#555\"");
  }
  for (std::size_t i = 0; i < series.size(); ++i) {
    const auto& s = series[i];
    for (const auto& [x, y] : s.points)
      out += "<circle cx=\"" + num(px(x)) + "\" cy=\"" + num(py(y)) + "\" r=\"2.5\" fill=\"none\" stroke=\"" + s.color + "\"/>\n";
    const double ly = kTop + 60 + 18 * static_cast<double>(i);  // below the y = 2x label
    out += "<circle cx=\"" + num(kRight + 24) + "\" cy=\"" + num(ly) + "\" r=\"4\" fill=\"none\" stroke=\"" + s.color + "\"/>\n";
    out += text(kRight + 34, ly + 4, s.name);
  }
  return out + "</svg>\n";
}

}  // namespace redist::sgdetail
