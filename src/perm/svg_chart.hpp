#pragma once
// A minimal SVG line chart with error bars for the perm experiment (private to the perm layer; the
// plots need no plotting dependency).

#include <string>
#include <vector>

namespace redist::perm::svg {

struct Point {
  double x = 0, y = 0, err = 0;  // err: half-height of the error bar (0: none)
};

struct Series {
  std::string name;
  std::string colour;
  bool dashed = false;
  std::vector<Point> points;
};

struct Chart {
  std::string title, x_label, y_label;
  double y_min = 0, y_max = 1;
  std::vector<Series> series;
};

std::string render(const Chart& chart);

}  // namespace redist::perm::svg
