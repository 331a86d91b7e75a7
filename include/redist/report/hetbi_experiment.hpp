#pragma once
// `redist experiment hetbi`: the open case of document 000 section 6 measured - general
// heterogeneous bidirectional rings of every generator shape and size, the planner's makespan
// against the best proved lower bound (max of Lemma 12, tau_int, the forwarding bound and, on tiny
// rings, an exhaustive search), how often tau_int is reached, exact optima of small rings and the
// rings where tau_int is provably not reachable (docs/ring_bidirectional_heterogeneous.md).

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "redist/core/decimal.hpp"
#include "redist/core/ring_instance.hpp"
#include "redist/ring/plan.hpp"

namespace redist::report {

struct HetbiExperimentOptions {
  bool quick = false;        // a few instances per shape and size, n <= 16: seconds
  std::size_t max_n = 2000;  // sizes above are skipped
  std::uint64_t seed = 12;
  int effort = 1;
  /// The proved optimum of a small ring (n <= 8) within a node limit, or nullopt: the exact
  /// layer's proved_ring_optimum. That MILP is optional and sits beside the planners, not below
  /// report, so the caller that links it (the CLI) passes it in; left empty, the CSV's `optimum`
  /// column stays blank.
  using SmallRingOptimum = std::function<std::optional<Ticks>(
      const RingInstance&, const ring::RingPlan&, std::int64_t node_limit)>;
  SmallRingOptimum small_ring_optimum;
  std::int64_t optimum_node_limit = 20'000;  // branch-and-bound nodes per small ring
};

struct HetbiRow {
  std::string shape;
  std::size_t n = 0;
  std::string costs;  // "int10", "dec10" (one decimal), "int100"
  std::uint64_t seed = 0;
  int scale = 0;
  Ticks tau_int = 0;
  Ticks bound = 0;  // best proved lower bound
  Ticks makespan = 0;
  std::optional<Ticks> exact;  // the optimum, where an exhaustive search settled it
  // The optimum proved by the time-indexed MILP (exact/ring_optimum.hpp), n <= 8, in builds with
  // the exact layer; empty when refused (size limits) or not proved within the node limit.
  std::optional<Ticks> optimum;
  bool light = false;           // System 6's integer optimum is light (Lemma 9 reaches it)
  bool list_scheduled = false;  // the chosen plan came from the list scheduler
  double gap = 0;               // makespan / bound - 1
  double millis = 0;            // planning time (informative only)
};

struct HetbiSummaryRow {
  std::string shape;
  std::size_t n = 0;
  int count = 0;
  double mean_gap = 0, median_gap = 0, max_gap = 0;
  int at_tau = 0;           // makespan == tau_int
  int at_bound = 0;         // makespan == best bound (proved optimal)
  int exact_known = 0;      // optimum known
  int tau_unreachable = 0;  // optimum known and > tau_int
  int list_scheduled = 0;
  double mean_millis = 0;
};

struct HetbiReport {
  std::vector<HetbiRow> rows;
  std::vector<HetbiSummaryRow>
      summary;  // one per (shape, n), then one per shape with n = 0 (all sizes >= 8)
};

HetbiReport run_hetbi_experiment(const HetbiExperimentOptions& options);

/// A plain-text table of the summary (the one docs quote).
std::string format_hetbi_summary(const HetbiReport& report);

/// Writes instances.csv, summary.csv, unreachable.csv and gap.svg into `dir` (created); returns the
/// paths.
std::vector<std::string> write_hetbi_experiment(const HetbiReport& report, const std::string& dir);
/// The names write_hetbi_experiment gives its files, in order (checked before the experiment runs).
std::vector<std::string> hetbi_experiment_files(const HetbiExperimentOptions& options);

}  // namespace redist::report
