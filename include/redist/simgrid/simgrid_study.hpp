#pragma once
// `redist experiment simgrid`: document 000 section 8's study (Figures 13 and 14) plus our adaptive
// policy and the check of the planner against the simulator.
//
// For each ring size (8, 32), seed, ratio (1..300 on a log grid) and scheme, one SimGrid simulation
// of the 100- iteration application, each in its own child process (isolated_run.hpp), `jobs` at a
// time. A run's normalized time is its total time over the no-redistribution run of the same ring
// size, seed and ratio; the summary averages it over the seeds.

#include <cstdint>
#include <ostream>
#include <vector>

#include "redist/simgrid/application_simulation.hpp"

namespace redist::simgrid {

/// 1..300, roughly evenly spaced on a log axis: the document's range (1..10) and the range where
/// its conclusions appear in our model (docs/simgrid.md).
inline const std::vector<double> kDefaultRatios{1, 2, 3, 5, 10, 20, 30, 50, 100, 200, 300};

struct SimgridStudyOptions {
  bool quick = false;
  std::vector<int> ring_sizes{8, 32};
  std::vector<double> ratios;  // empty: kDefaultRatios
  int seeds = 0;               // 0: 30 (quick: 4)
  std::uint64_t first_seed = 1;
  int jobs = 0;  // simultaneous simulations; 0: the machine's hardware threads
  SpeedChanges speed_changes = SpeedChanges::at_iterations;
  sim::AdaptiveOptions adaptive;
  std::ostream* progress = nullptr;  // a line every few percent
};

struct StudyRun {
  int ring_size = 0;
  double ratio = 0;
  std::uint64_t seed = 0;
  Scheme scheme = Scheme::none;
  double normalized = 0;  // total_time / total_time of `none` for the same (ring_size, seed, ratio)
  ApplicationRun result;
};

struct SchemeSummary {
  int ring_size = 0;
  double ratio = 0;
  Scheme scheme = Scheme::none;
  double mean_normalized = 0;
  double min_normalized = 0;
  double max_normalized = 0;
  double mean_redistributions = 0;
  int runs = 0;
  double stddev_normalized = 0;  // across seeds (sample standard deviation)
  /// Half-width of a 95% confidence interval of the mean (normal approximation, 1.96 sd /
  /// sqrt(runs)).
  [[nodiscard]] double ci95() const;
};

/// The reference redistribution of one (ring size, seed) simulated on three networks, to take the
/// planner's error apart (issue item 6): a dedicated full-duplex link per ring link with the
/// route's bottleneck bandwidth and no latency (the item model itself), the same with the route's
/// latency, and the Tiers platform, where routes of several ring links share links.
struct PredictionCheck {
  int ring_size = 0;
  std::uint64_t seed = 0;
  std::int64_t items = 0;
  bool light = false;
  double predicted = 0;  // redist's makespan (seconds)
  double dedicated = 0;  // simulated, dedicated links, no latency
  double latency = 0;    // simulated, dedicated links with the routes' latencies
  double tiers = 0;      // simulated on the platform
  // The same redistribution planned with the routes' latencies as start-up costs (issue 31,
  // docs/latency.md): the plan's makespan under L + m c, and that plan's own messages simulated on
  // the dedicated links with latency (the network `latency` above simulates the plan made without).
  double startups_predicted = 0;
  double startups_latency = 0;
};

/// Prediction against simulation per ring size: every redistribution that moved items in the runs,
/// and the means of the prediction checks.
struct PredictionSummary {
  int ring_size = 0;
  std::int64_t redistributions = 0;
  std::int64_t light = 0;
  double mean_ratio = 0;  // measured / predicted
  double median_ratio = 0;
  double p90_ratio = 0;
  double max_ratio = 0;
  double bound_median_ratio = 0;  // measured / max(predicted, route-load bound)
  double bound_p90_ratio = 0;
  double check_dedicated = 0;   // mean of dedicated / predicted over the checks
  double check_latency = 0;     // mean of latency / predicted
  double check_tiers = 0;       // mean of tiers / predicted
  double check_startups = 0;    // mean of startups_latency / startups_predicted
  double startups_speedup = 0;  // mean of latency / startups_latency: the start-up plan's gain
};

struct SimgridStudyResult {
  SimgridStudyOptions options;  // with defaults filled in
  std::vector<StudyRun> runs;
  std::vector<SchemeSummary> summaries;  // (ring size, ratio, scheme) in that order
  std::vector<PredictionCheck> checks;
  std::vector<PredictionSummary> prediction;
  double wall_seconds = 0;
  std::int64_t simulations = 0;
};

SimgridStudyResult run_simgrid_study(SimgridStudyOptions options);

/// The summary of one (ring size, ratio, scheme); nullptr when absent.
const SchemeSummary* find_summary(const SimgridStudyResult& result, int ring_size, double ratio,
                                  Scheme scheme);

/// The fixed scheme of least mean normalized time at one (ring size, ratio).
Scheme best_fixed_scheme(const SimgridStudyResult& result, int ring_size, double ratio);

/// The adaptive policy's standing at one (ring size, ratio): its mean normalized time over the best
/// fixed scheme's, minus 1 (negative: better than every fixed scheme).
double adaptive_gap(const SimgridStudyResult& result, int ring_size, double ratio);

/// Half-width of a 95% confidence interval of that gap, from the paired per-seed differences
/// (adaptive minus the best fixed scheme, same seed) over the best fixed scheme's mean: 1.96 sd /
/// sqrt(seeds), 0 with fewer than two seeds. With few seeds (the quick run's 4) the normal
/// approximation understates it.
double adaptive_gap_ci95(const SimgridStudyResult& result, int ring_size, double ratio);

}  // namespace redist::simgrid
