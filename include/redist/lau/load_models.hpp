#pragma once
// Candidate load generators for document 002's section 6. The document only says its instances were
// random, 50,000 per ring size, with whole averages; its Table 4 (mean totals 20-25% below
// n * max / 2) shows that the loads were not uniform in 0..max. `redist experiment lau` runs each
// candidate against Tables 1-3 (generator_fit.hpp) to test which one, if any, the published counts
// fit.

#include <cstdint>
#include <string>
#include <vector>

#include "redist/core/random.hpp"

namespace redist::lau {

/// How a draw whose total is not a multiple of n becomes a whole-average instance.
enum class WholeAverage {
  redraw,  // draw again until n divides the total (uniform among whole-average vectors)
  adjust,  // remove the remainder, one item at a time, from random non-empty processors
  none,    // keep it: the remainder goes to the first processors' targets
};

enum class LoadShape {
  uniform,     // uniform integer in [low, high]
  triangular,  // sum of two uniform integers in [0, high / 2]: peaked at high / 2
  skewed,      // floor((high + 1) * u^power), u uniform in [0, 1): mean about high / (power + 1)
};

struct LoadModel {
  std::string name;
  LoadShape shape = LoadShape::uniform;
  std::int64_t low = 0;
  std::int64_t high = 100;
  WholeAverage whole = WholeAverage::redraw;
  double power = 1.5;  // skewed only
};

/// One instance's loads drawn from `model`.
std::vector<std::int64_t> draw_loads(const LoadModel& model, Rng& rng, std::size_t n);

/// The candidates the experiment tests; the first is the one Tables 1-4 of `redist experiment lau`
/// use.
const std::vector<LoadModel>& candidate_load_models();

}  // namespace redist::lau
