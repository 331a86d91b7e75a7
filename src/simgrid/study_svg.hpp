#pragma once
// Internal to the simgrid layer: a scatter plot of measured against predicted times, in SVG, with
// the lines y = x (the item model exact) and y = 2x.

#include <string>
#include <utility>
#include <vector>

namespace redist::sgdetail {

struct ScatterSeries {
  std::string name;
  std::string color;
  std::vector<std::pair<double, double>> points;  // (predicted, measured)
};

std::string render_prediction_scatter(const std::string& title, const std::vector<ScatterSeries>& series);

}  // namespace redist::sgdetail
