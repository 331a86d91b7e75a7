#pragma once
// `redist experiment ordered`: how much of document 000's gain survives when the items are ordered
// (docs/ordered.md "Experiment"). Over random heterogeneous bidirectional rings of every generator
// shape and several sizes, the ordered plan (ring/ordered_plan.hpp) against the linear plan (no
// item over the closing edge: what an application that keeps its order had) and against document
// 000's plan for interchangeable items (plan_ring: its optimum where proved), with the ordered
// lower bound.

#include <cstdint>
#include <string>
#include <vector>

#include "redist/core/decimal.hpp"

namespace redist::report {

struct OrderedExperimentOptions {
  bool quick = false;        // a few rings per shape, n = 8..32: seconds
  std::size_t max_n = 1000;  // sizes above are skipped
  std::uint64_t seed = 28;
  int effort = 1;
};

struct OrderedRow {
  std::string shape;
  std::size_t n = 0;
  std::string costs;  // "int10", "dec10" (one decimal), "int100"
  std::uint64_t seed = 0;
  int scale = 0;
  Ticks ordered = 0;                     // the ordered plan's makespan
  Ticks linear = 0;                      // the linear plan's
  Ticks interchangeable = 0;             // document 000's plan for interchangeable items
  bool interchangeable_optimal = false;  // ... proved optimal
  Ticks bound = 0;                       // the ordered lower bound
  std::int64_t rerouted = 0;             // items through the closing edge
  double millis = 0;                     // ordered planning time (informative only)
};

struct OrderedSummaryRow {
  std::string shape;
  std::size_t n = 0;  // 0: every size >= 8
  int count = 0;
  double mean_speedup = 0;     // linear / ordered
  double mean_doc000_gap = 0;  // ordered / interchangeable - 1
  int at_doc000 = 0;           // ordered <= interchangeable (gap 0)
  double mean_bound_gap = 0;   // ordered / ordered bound - 1
  int at_bound = 0;            // proved optimal
  int rerouted = 0;            // rings where items take the closing edge
  double mean_survival = 0;    // (linear - ordered) / (linear - interchangeable), where > 0
  int survival_rings = 0;      // rings where document 000 beats linear
  double mean_millis = 0;
};

struct OrderedReport {
  std::vector<OrderedRow> rows;
  std::vector<OrderedSummaryRow> summary;  // per (shape, n), then per shape (n = 0), then "all"
};

OrderedReport run_ordered_experiment(const OrderedExperimentOptions& options);

/// The summary as a plain-text table (the one docs quote).
std::string format_ordered_summary(const OrderedReport& report);

/// The files write_ordered_experiment writes (checked before the run, docs/limits.md).
std::vector<std::string> ordered_experiment_files(const OrderedExperimentOptions& options);

/// Writes instances.csv, summary.csv, summary.txt, gap.svg and speedup.svg into `dir`.
std::vector<std::string> write_ordered_experiment(const OrderedReport& report,
                                                  const std::string& dir);

}  // namespace redist::report
