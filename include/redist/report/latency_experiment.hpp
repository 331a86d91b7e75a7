#pragma once
// `redist experiment latency`: the planner for rings with start-up costs (docs/latency.md)
// measured - every framework (uni/bi x hom/het) and generator shape, start-ups from none to a
// hundred times a processor's items' time (ratio = L / (m c), m the mean load, c the mean cost),
// the makespan against the best proved lower bound and, on rings of up to 8 processors, against
// the exact optimum of the MILP with start-ups.

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "redist/core/decimal.hpp"
#include "redist/core/ring_instance.hpp"
#include "redist/ring/plan.hpp"

namespace redist::report {

struct LatencyExperimentOptions {
  bool quick = false;  // n = 4, three ratios, one ring per framework and shape: seconds
  std::uint64_t seed = 31;
  std::size_t max_n = 1024;  // sizes above are skipped (default run: n = 4)
  /// The proved optimum of a small ring within a node limit, or nullopt (the exact layer's
  /// proved_ring_optimum, passed in by the caller that links it; empty: no optimum column).
  using SmallRingOptimum = std::function<std::optional<Ticks>(
      const RingInstance&, const ring::RingPlan&, std::int64_t node_limit)>;
  SmallRingOptimum small_ring_optimum;
  std::int64_t optimum_node_limit = 5'000;
  // The exact optimum is sought only where the planner's makespan spans at most this many time
  // slots (cost units): the MILP's size grows with the slots.
  std::int64_t max_optimum_slots = 20;
};

struct LatencyRow {
  std::string framework;  // "uni-hom", "uni-het", "bi-hom", "bi-het"
  std::string shape;
  std::size_t n = 0;
  double ratio = 0;  // L / (m c)
  std::uint64_t seed = 0;
  int scale = 0;
  Ticks bound = 0;
  Ticks makespan = 0;
  std::optional<Ticks> optimum;       // proved by the MILP (n <= 8), when it fits and is proved
  double gap_bound = 0;               // makespan / bound - 1
  std::optional<double> gap_optimum;  // makespan / optimum - 1
  double millis = 0;                  // planning time (informative)
};

struct LatencySummaryRow {
  std::string framework;
  double ratio = 0;
  int rings = 0;
  double mean_gap_bound = 0, max_gap_bound = 0;
  int with_optimum = 0;
  double mean_gap_optimum = 0, max_gap_optimum = 0;
  int at_optimum = 0;
};

struct LatencyReport {
  std::vector<LatencyRow> rows;
  std::vector<LatencySummaryRow> summary;  // per framework and ratio, all shapes and sizes
};

LatencyReport run_latency_experiment(const LatencyExperimentOptions& options);

/// The summary as a plain-text table.
std::string format_latency_summary(const LatencyReport& report);

/// The files write_latency_experiment writes (checked before the run: all or none).
std::vector<std::string> latency_experiment_files(const LatencyExperimentOptions& options);

/// Writes instances.csv, summary.csv, summary.txt, gap_bound.svg and gap_optimum.svg into `dir`;
/// returns the paths.
std::vector<std::string> write_latency_experiment(const LatencyReport& report,
                                                  const std::string& dir);

}  // namespace redist::report
