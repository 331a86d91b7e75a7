#pragma once
// Speeds estimated from measured compute times, robust to late wake-ups: what the adaptive scheme
// of the MPI example (examples/mpi_example, `matrix --adaptive`) knows after each iteration, and
// what the SimGrid simulation of that example uses so that both decide by the same rules
// (docs/netlab.md "The adaptive scheme on real ranks"). Pure code: no MPI, no simulator.
//
// Each rank's speed is its column count over the median of its last three compute times at its
// current count (one late wake-up is ignored; a real speed change shows after two iterations). No
// estimate exists until three iterations at the current counts were measured, and the spread of
// those times (the worst rank's max - min) is the noise floor: imbalance below it is measurement
// noise, not a speed difference to rebalance for.

#include <cstddef>
#include <cstdint>
#include <vector>

namespace redist::sim {

class SpeedWindow {
 public:
  static constexpr std::size_t kWindow = 3;

  /// Records one iteration's compute times (seconds) of ranks holding `counts` columns; false while
  /// fewer than kWindow iterations ran at these counts (new counts restart the window).
  bool record(const std::vector<std::int64_t>& counts, const std::vector<double>& seconds);
  /// Columns per second of every rank from the medians of the window (call after record() returned
  /// true). A rank holding no column keeps its last estimate, or the fastest rank's.
  [[nodiscard]] std::vector<double> speeds(const std::vector<std::int64_t>& counts);
  /// The noise floor: the worst rank's max - min over the window (seconds).
  [[nodiscard]] double noise() const;

 private:
  std::vector<std::vector<double>> recent_;  // per rank: the last kWindow compute times
  std::vector<std::int64_t> recent_counts_;
  std::vector<double> last_speeds_;
};

/// The slowest rank's time for `counts` columns at `speeds` columns per second.
double slowest_time(const std::vector<std::int64_t>& counts, const std::vector<double>& speeds);

}  // namespace redist::sim
