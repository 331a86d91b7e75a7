#include "speed_trace.hpp"

#include <cstdio>

#include "redist/core/random.hpp"

namespace redist::example {

const std::vector<double>& machine_speeds() {
  static const std::vector<double> speeds = {0.2, 0.35, 0.4, 1.0, 1.4, 1.7};
  return speeds;
}

std::vector<SpeedTrace> speed_traces(std::size_t ranks, int iterations, std::uint64_t seed) {
  Rng rng(seed);
  const auto& list = machine_speeds();
  const auto pick = [&] {
    return list[static_cast<std::size_t>(
        rng.uniform(0, static_cast<std::int64_t>(list.size()) - 1))];
  };
  const auto at_fraction = [&](int lo, int hi) {
    const auto a = static_cast<std::int64_t>(iterations) * lo / 100;
    const auto b = static_cast<std::int64_t>(iterations) * hi / 100;
    return static_cast<int>(rng.uniform(a + 1, b > a ? b : a + 1));
  };
  std::vector<SpeedTrace> traces(ranks);
  for (SpeedTrace& t : traces) {
    for (double& s : t.speeds) s = pick();
    t.changes[0] = at_fraction(20, 40);
    t.changes[1] = at_fraction(60, 80);
  }
  return traces;
}

std::string describe(const SpeedTrace& trace) {
  char text[96];
  std::snprintf(text, sizeof text, "%.2f -> %.2f at %d -> %.2f at %d", trace.speeds[0],
                trace.speeds[1], trace.changes[0], trace.speeds[2], trace.changes[1]);
  return text;
}

}  // namespace redist::example
