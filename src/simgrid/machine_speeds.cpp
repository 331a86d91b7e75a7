#include "redist/simgrid/machine_speeds.hpp"

#include <algorithm>

#include "redist/core/error.hpp"
#include "redist/core/random.hpp"

namespace redist::simgrid {

namespace {

double draw_speed(Rng& rng, double avoid) {
  const auto& list = benchmark_machines();
  for (;;) {
    const double v =
        list[static_cast<std::size_t>(rng.uniform(0, static_cast<std::int64_t>(list.size()) - 1))]
            .mflops;
    if (v != avoid) return v;
  }
}

}  // namespace

const std::vector<MachineBenchmark>& benchmark_machines() {
  static const std::vector<MachineBenchmark> list{
      {"Pentium Pro 200 MHz", 62},  {"Pentium II 350 MHz", 85},   {"Celeron 400 MHz", 96},
      {"Pentium III 600 MHz", 140}, {"Pentium III 933 MHz", 220}, {"Pentium 4 1.7 GHz", 390},
      {"Athlon 1.4 GHz", 460},      {"Athlon XP 2000+", 640},     {"Pentium 4 2.4 GHz", 700},
  };
  return list;
}

double SpeedTrace::mflops_at(int iteration) const {
  if (iteration >= second_change) return second_mflops;
  if (iteration >= first_change) return first_mflops;
  return initial_mflops;
}

double SpeedTrace::peak_mflops() const {
  return std::max({initial_mflops, first_mflops, second_mflops});
}

std::vector<SpeedTrace> draw_speed_traces(std::size_t nodes, int iterations, std::uint64_t seed) {
  if (iterations < 5) throw InputError("speed traces", "iterations", "must be at least 5");
  Rng rng(seed);
  const auto at = [&](int percent) {
    return static_cast<std::int64_t>(iterations) * percent / 100;
  };
  std::vector<SpeedTrace> out(nodes);
  for (SpeedTrace& t : out) {
    t.initial_mflops = draw_speed(rng, -1);
    t.first_change = static_cast<int>(rng.uniform(std::max<std::int64_t>(1, at(20)), at(40)));
    t.first_mflops = draw_speed(rng, t.initial_mflops);
    t.second_change = static_cast<int>(rng.uniform(at(60), at(80)));
    t.second_mflops = draw_speed(rng, t.first_mflops);
  }
  return out;
}

}  // namespace redist::simgrid
