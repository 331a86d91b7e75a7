#include "redist/lau/load_models.hpp"

#include <cmath>

namespace redist::lau {

namespace {

std::int64_t draw_one(const LoadModel& m, Rng& rng) {
  switch (m.shape) {
    case LoadShape::uniform:
      return rng.uniform(m.low, m.high);
    case LoadShape::triangular:
      return rng.uniform(0, m.high / 2) + rng.uniform(0, m.high - m.high / 2);
    case LoadShape::skewed:
      return std::min(m.high, static_cast<std::int64_t>(static_cast<double>(m.high + 1) *
                                                        std::pow(rng.unit(), m.power)));
  }
  return 0;
}

std::int64_t draw_all(const LoadModel& m, Rng& rng, std::vector<std::int64_t>& loads) {
  std::int64_t total = 0;
  for (auto& l : loads) total += l = draw_one(m, rng);
  return total;
}

}  // namespace

std::vector<std::int64_t> draw_loads(const LoadModel& model, Rng& rng, std::size_t n) {
  std::vector<std::int64_t> loads(n);
  const auto size = static_cast<std::int64_t>(n);
  std::int64_t total = draw_all(model, rng, loads);
  if (model.whole == WholeAverage::redraw)
    while (total % size != 0) total = draw_all(model, rng, loads);
  if (model.whole == WholeAverage::adjust)
    for (std::int64_t excess = total % size; excess > 0;) {
      auto& l = loads[static_cast<std::size_t>(rng.uniform(0, size - 1))];
      if (l > 0) --l, --excess;  // the total is at least the excess, so some load is positive
    }
  return loads;
}

const std::vector<LoadModel>& candidate_load_models() {
  static const std::vector<LoadModel> models{
      {"uniform 0..100, redraw", LoadShape::uniform, 0, 100, WholeAverage::redraw, 1.0},
      {"uniform 0..100, adjust", LoadShape::uniform, 0, 100, WholeAverage::adjust, 1.0},
      {"uniform 0..100, not whole", LoadShape::uniform, 0, 100, WholeAverage::none, 1.0},
      {"uniform 1..100, redraw", LoadShape::uniform, 1, 100, WholeAverage::redraw, 1.0},
      {"uniform 0..99, redraw", LoadShape::uniform, 0, 99, WholeAverage::redraw, 1.0},
      {"uniform 0..80, redraw", LoadShape::uniform, 0, 80, WholeAverage::redraw, 1.0},
      {"uniform 0..50, redraw", LoadShape::uniform, 0, 50, WholeAverage::redraw, 1.0},
      {"triangular 0..100, redraw", LoadShape::triangular, 0, 100, WholeAverage::redraw, 1.0},
      {"skewed u^1.5 0..100, redraw", LoadShape::skewed, 0, 100, WholeAverage::redraw, 1.5},
      {"skewed u^2 0..100, redraw", LoadShape::skewed, 0, 100, WholeAverage::redraw, 2.0},
      {"skewed u^3 0..100, redraw", LoadShape::skewed, 0, 100, WholeAverage::redraw, 3.0},
  };
  return models;
}

}  // namespace redist::lau
