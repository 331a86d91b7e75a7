#include "svg_chart.hpp"

#include <algorithm>
#include <cmath>
#include <sstream>

namespace redist::perm::svg {

namespace {

constexpr double kWidth = 640, kHeight = 420, kLeft = 70, kRight = 170, kTop = 40, kBottom = 55;

struct Frame {
  double x0, x1, y0, y1;
  double px(double x) const { return kLeft + (x - x0) / (x1 - x0) * (kWidth - kLeft - kRight); }
  double py(double y) const { return kHeight - kBottom - (y - y0) / (y1 - y0) * (kHeight - kTop - kBottom); }
};

Frame frame_of(const Chart& c) {
  Frame f{0, 1, c.y_min, c.y_max};
  bool first = true;
  for (const Series& s : c.series)
    for (const Point& p : s.points) {
      f.x0 = first ? p.x : std::min(f.x0, p.x);
      f.x1 = first ? p.x : std::max(f.x1, p.x);
      first = false;
    }
  if (f.x1 <= f.x0) f.x1 = f.x0 + 1;
  return f;
}

// A round tick spacing (1, 2 or 5 times a power of ten) giving about five ticks.
double nice_step(double span) {
  const double raw = span / 5, power = std::pow(10.0, std::floor(std::log10(raw)));
  for (double m : {1.0, 2.0, 5.0})
    if (m * power >= raw) return m * power;
  return 10 * power;
}

void axes(std::ostringstream& o, const Chart& c, const Frame& f) {
  o << "<line x1='" << kLeft << "' y1='" << f.py(f.y0) << "' x2='" << kWidth - kRight << "' y2='" << f.py(f.y0)
    << "' stroke='black'/>\n<line x1='" << kLeft << "' y1='" << f.py(f.y0) << "' x2='" << kLeft << "' y2='" << kTop
    << "' stroke='black'/>\n";
  const double xs = nice_step(f.x1 - f.x0), ys = nice_step(f.y1 - f.y0);
  for (double x = std::ceil(f.x0 / xs) * xs; x <= f.x1 + 1e-9; x += xs)
    o << "<text x='" << f.px(x) << "' y='" << f.py(f.y0) + 18 << "' text-anchor='middle'>" << x << "</text>\n";
  for (double y = std::ceil(f.y0 / ys) * ys; y <= f.y1 + 1e-9; y += ys)
    o << "<text x='" << kLeft - 8 << "' y='" << f.py(y) + 4 << "' text-anchor='end'>" << y << "</text>\n<line x1='" << kLeft
      << "' y1='" << f.py(y) << "' x2='" << kWidth - kRight << "' y2='" << f.py(y) << "' stroke='#ddd'/>\n";
  o << "<text x='" << (kLeft + kWidth - kRight) / 2 << "' y='" << kHeight - 12 << "' text-anchor='middle'>" << c.x_label
    << "</text>\n<text x='18' y='" << (kTop + kHeight - kBottom) / 2 << "' text-anchor='middle' transform='rotate(-90 18 "
    << (kTop + kHeight - kBottom) / 2 << ")'>" << c.y_label << "</text>\n<text x='" << kWidth / 2
    << "' y='22' text-anchor='middle' font-weight='bold'>" << c.title << "</text>\n";
}

void series(std::ostringstream& o, const Series& s, const Frame& f, std::size_t index) {
  o << "<polyline fill='none' stroke='" << s.colour << "' stroke-width='2'" << (s.dashed ? " stroke-dasharray='6 4'" : "")
    << " points='";
  for (const Point& p : s.points) o << f.px(p.x) << "," << f.py(p.y) << " ";
  o << "'/>\n";
  for (const Point& p : s.points)
    if (p.err > 0)
      o << "<line x1='" << f.px(p.x) << "' y1='" << f.py(p.y - p.err) << "' x2='" << f.px(p.x) << "' y2='" << f.py(p.y + p.err)
        << "' stroke='" << s.colour << "'/>\n";
  const double ly = kTop + 20.0 * static_cast<double>(index);
  o << "<line x1='" << kWidth - kRight + 12 << "' y1='" << ly << "' x2='" << kWidth - kRight + 36 << "' y2='" << ly
    << "' stroke='" << s.colour << "' stroke-width='2'" << (s.dashed ? " stroke-dasharray='6 4'" : "") << "/>\n<text x='"
    << kWidth - kRight + 42 << "' y='" << ly + 4 << "'>" << s.name << "</text>\n";
}

}  // namespace

std::string render(const Chart& chart) {
  const Frame f = frame_of(chart);
  std::ostringstream o;
  o << "<svg xmlns='http://www.w3.org/2000/svg' width='" << kWidth << "' height='" << kHeight
    << "' font-family='sans-serif' font-size='12'>\n<rect width='100%' height='100%' fill='white'/>\n";
  axes(o, chart, f);
  for (std::size_t k = 0; k < chart.series.size(); ++k) series(o, chart.series[k], f, k);
  o << "</svg>\n";
  return o.str();
}

}  // namespace redist::perm::svg
