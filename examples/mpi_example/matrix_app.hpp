#pragma once
// The iterative application of document 000 section 8 on real MPI ranks: a rows x columns matrix
// whose columns are spread over the ranks in contiguous slices (ordered data on a ring), updated
// every iteration. A rank's compute time is proportional to its number of columns divided by its
// speed, and the speeds change twice during the run (speed_trace.hpp), so a distribution that was
// balanced at the start stops being balanced. Each scheme redistributes every `period` iterations
// (never, once, ...) with redist, the new counts proportional to the current speeds, or, with
// `adaptive`, when the adaptive policy decides from the measured compute times
// (adaptive_rebalance.hpp); the run prints the time of every iteration and the totals, with and
// without rebalancing. The columns' contents are checked at the end of every scheme (each column
// must have been updated exactly once per iteration).

#include <cstdint>
#include <vector>

#include "redist/exec/context.hpp"

namespace redist::example {

struct MatrixOptions {
  std::int64_t rows = 1000;
  std::int64_t columns = 1000;
  int iterations = 100;
  double column_us = 100.0;                       // compute time of one column at speed 1.0
  std::vector<int> periods = {0, 50, 20, 10, 5};  // redistribute every k iterations; 0 = never
  bool adaptive = false;  // then the adaptive scheme (adaptive_rebalance.hpp)
  std::uint64_t seed = 1;
  bool unidirectional = false;
  bool probe = false;         // measure the links first (cost_probe.hpp)
  bool spin = false;          // emulate compute by busy-waiting instead of sleeping
  bool per_iteration = true;  // print every iteration's time
};

/// Collective. Returns the exit status: 0, or 1 when a column's contents are wrong.
int run_matrix_app(exec::Context& ctx, const MatrixOptions& options);

}  // namespace redist::example
