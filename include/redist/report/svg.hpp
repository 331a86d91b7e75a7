#pragma once
// SVG elements shared by every drawing of the report layer (charts, the schedule space-time
// diagram, the all-port execution): escaping, coordinates with one decimal, text, lines, arrows,
// and an estimate of how wide a text renders, so that legends and labels can be sized to fit.

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>
#include <string_view>

namespace redist::report::svg {

inline std::string escape(std::string_view text) {
  std::string out;
  for (char c : text) {
    switch (c) {
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '&':
        out += "&amp;";
        break;
      case '"':
        out += "&quot;";
        break;
      default:
        out += c;
    }
  }
  return out;
}

/// A coordinate: one decimal is finer than a pixel and keeps the files small and deterministic.
inline std::string num(double v) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.1f", v);
  return buffer;
}

/// The width in pixels of `body` in a sans-serif font of `font_size` px, erring wide: per-character
/// advances of DejaVu Sans (the widest common default), rounded up, so a box sized with it holds
/// the text in any usual sans-serif font.
inline double text_width(std::string_view body, double font_size = 12) {
  double em = 0;
  for (const char ch : body) {
    const auto c = static_cast<unsigned char>(ch);
    if (c >= 0x80)
      em += (c & 0xC0) == 0x80 ? 0.0 : 0.65;  // a UTF-8 sequence counts once
    else if (std::string_view("il.,:;'|!()[]{} ").find(static_cast<char>(c)) !=
             std::string_view::npos)
      em += 0.34;
    else if (std::string_view("mwMW%@").find(static_cast<char>(c)) != std::string_view::npos)
      em += 0.98;
    else if (c >= 'A' && c <= 'Z')
      em += 0.74;
    else
      em += 0.64;
  }
  return em * font_size;
}

inline std::string text(double x, double y, std::string_view body, const std::string& extra = "") {
  return "<text x=\"" + num(x) + "\" y=\"" + num(y) + "\"" + (extra.empty() ? "" : " " + extra) +
         ">" + escape(body) + "</text>\n";
}

inline std::string line(double x1, double y1, double x2, double y2, const std::string& style) {
  return "<line x1=\"" + num(x1) + "\" y1=\"" + num(y1) + "\" x2=\"" + num(x2) + "\" y2=\"" +
         num(y2) + "\" " + style + "/>\n";
}

inline std::string rect(double x, double y, double width, double height, const std::string& style) {
  return "<rect x=\"" + num(x) + "\" y=\"" + num(y) + "\" width=\"" + num(width) + "\" height=\"" +
         num(height) + "\" " + style + "/>\n";
}

inline std::string header(double width, double height, int font_size = 12) {
  return "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" + num(width) + "\" height=\"" +
         num(height) + "\" viewBox=\"0 0 " + num(width) + " " + num(height) +
         "\" font-family=\"sans-serif\" font-size=\"" + std::to_string(font_size) +
         "\">\n"
         "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n";
}

/// A horizontal or slanted arrow from (x1, y1) to (x2, y2), its head an explicit triangle (markers
/// are not rendered by every SVG viewer).
inline std::string arrow(double x1, double y1, double x2, double y2,
                         const std::string& color = "#333") {
  const double dx = x2 - x1, dy = y2 - y1;
  const double length = std::max(1e-9, std::sqrt(dx * dx + dy * dy));
  const double ux = dx / length, uy = dy / length, head = 7, half = 3.5;
  const double bx = x2 - ux * head, by = y2 - uy * head;
  return line(x1, y1, bx, by, "stroke=\"" + color + "\" stroke-width=\"1.5\"") +
         "<polygon points=\"" + num(x2) + "," + num(y2) + " " + num(bx - uy * half) + "," +
         num(by + ux * half) + " " + num(bx + uy * half) + "," + num(by - ux * half) +
         "\" fill=\"" + color + "\"/>\n";
}

}  // namespace redist::report::svg
