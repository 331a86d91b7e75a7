#pragma once
// Private helpers shared by the SVG writers of the lau layer (no plotting dependency).

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>

namespace redist::svg {

inline std::string escape(const std::string& text) {
  std::string out;
  for (char c : text) {
    switch (c) {
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '&': out += "&amp;"; break;
      case '"': out += "&quot;"; break;
      default: out += c;
    }
  }
  return out;
}

inline std::string num(double v) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.1f", v);
  return buffer;
}

inline std::string text(double x, double y, const std::string& body, const std::string& extra = "") {
  return "<text x=\"" + num(x) + "\" y=\"" + num(y) + "\"" + (extra.empty() ? "" : " " + extra) + ">" +
         escape(body) + "</text>\n";
}

inline std::string line(double x1, double y1, double x2, double y2, const std::string& style) {
  return "<line x1=\"" + num(x1) + "\" y1=\"" + num(y1) + "\" x2=\"" + num(x2) + "\" y2=\"" + num(y2) + "\" " +
         style + "/>\n";
}

inline std::string header(double width, double height) {
  return "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" + num(width) + "\" height=\"" + num(height) +
         "\" viewBox=\"0 0 " + num(width) + " " + num(height) +
         "\" font-family=\"sans-serif\" font-size=\"12\">\n"
         "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n";
}

/// A horizontal or slanted arrow from (x1, y1) to (x2, y2), its head an explicit triangle (markers
/// are not rendered by every SVG viewer).
inline std::string arrow(double x1, double y1, double x2, double y2, const std::string& color = "#333") {
  const double dx = x2 - x1, dy = y2 - y1;
  const double length = std::max(1e-9, std::sqrt(dx * dx + dy * dy));
  const double ux = dx / length, uy = dy / length, head = 7, half = 3.5;
  const double bx = x2 - ux * head, by = y2 - uy * head;
  return line(x1, y1, bx, by, "stroke=\"" + color + "\" stroke-width=\"1.5\"") + "<polygon points=\"" + num(x2) + "," +
         num(y2) + " " + num(bx - uy * half) + "," + num(by + ux * half) + " " + num(bx + uy * half) + "," +
         num(by - ux * half) + "\" fill=\"" + color + "\"/>\n";
}

}  // namespace redist::svg
