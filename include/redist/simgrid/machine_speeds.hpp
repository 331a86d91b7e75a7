#pragma once
// CPU speeds of the simulated application (document 000 section 8): each ring processor starts at a
// speed drawn from a list of benchmark values of common machines, then changes speed twice, once at
// a random iteration in [20, 40] and once at a random iteration in [60, 80]. The new speed is drawn
// from the same list (never the current value), so a node may become several times faster or
// slower. simgrid_platform turns a trace into a SimGrid speed profile (an availability trace, as
// the document recorded its speeds "in a SIMGRID trace").

#include <cstdint>
#include <string>
#include <vector>

namespace redist::simgrid {

/// A machine and its floating-point speed in MFlops, LINPACK-style. Our own approximate figures for
/// the kind of machines document 000 section 8 lists (Pentium Pro 200 MHz to Pentium 4 class).
struct MachineBenchmark {
  std::string machine;
  double mflops = 0;
};
const std::vector<MachineBenchmark>& benchmark_machines();

struct SpeedTrace {
  double initial_mflops = 0;
  int first_change = 0;  // iteration in [20, 40] (of a 100-iteration run)
  double first_mflops = 0;
  int second_change = 0;  // iteration in [60, 80]
  double second_mflops = 0;

  /// The speed in force during iteration `iteration` (1-based) of the nominal timeline.
  [[nodiscard]] double mflops_at(int iteration) const;
  [[nodiscard]] double peak_mflops() const;
};

/// One trace per node, reproducible from the seed. The change windows scale with `iterations`
/// (20%-40% and 60%-80% of the run); with 100 iterations they are exactly [20, 40] and [60, 80].
std::vector<SpeedTrace> draw_speed_traces(std::size_t nodes, int iterations, std::uint64_t seed);

}  // namespace redist::simgrid
