#pragma once
// The adaptive scheme on real ranks: after every iteration, rank 0 gathers each rank's column count
// and measured compute time, estimates the speeds, asks redist's planner for the makespan of
// rebalancing to them (exec/ordered_plan.hpp, under the context's link models: probed with --probe),
// and lets the adaptive policy of the SimGrid study decide (sim/adaptive_policy.hpp: worth it over the
// remaining iterations, and enough time lost to imbalance since the last rebalancing). Rank 0
// broadcasts the decision and the new counts, so every rank takes the same decision with the same
// counts. After a rebalancing the measured time teaches the policy how far the planner's predictions
// are from this network (its slowdown).
//
// Unlike the simulated coordinator (simgrid/coordinator_logic.cpp), only the full rebalance to the
// measured speeds is a candidate (no capped partial ones) and the prediction is the planner's makespan
// alone: the ring executor only talks to ring neighbours, so there is no route-load bound to add.

#include <cstdint>
#include <optional>
#include <vector>

#include "redist/exec/context.hpp"
#include "redist/exec/ordered_options.hpp"
#include "redist/sim/adaptive_policy.hpp"

namespace redist::example {

class AdaptiveRebalancer {
 public:
  AdaptiveRebalancer(std::int64_t total_columns, std::int64_t column_bytes, int iterations, exec::OrderedOptions options)
      : total_(total_columns), column_bytes_(column_bytes), iterations_(iterations), options_(options) {}

  /// Collective, after iteration `completed`: every rank's new counts when the policy rebalances now
  /// (the same vector on every rank), nullopt otherwise. `first` is this rank's first global column.
  std::optional<std::vector<std::int64_t>> after_iteration(const exec::Context& ctx, int completed, std::int64_t count,
                                                           double compute_seconds, std::int64_t first);
  /// Collective: the rebalancing just decided took `measured_seconds` (the same value on every rank).
  void observe(double measured_seconds);

 private:
  [[nodiscard]] std::vector<double> speeds_of(const std::vector<std::int64_t>& counts, const std::vector<double>& seconds);
  [[nodiscard]] std::optional<std::vector<std::int64_t>> decide(const exec::Context& ctx, int completed,
                                                                const std::vector<std::int64_t>& counts,
                                                                const std::vector<double>& seconds, std::int64_t origin);

  std::int64_t total_;
  std::int64_t column_bytes_;
  int iterations_;
  exec::OrderedOptions options_;
  AdaptivePolicy policy_;             // used on rank 0 only
  std::vector<double> last_speeds_;   // columns per second; a rank holding no column keeps its last
  double last_predicted_ = 0.0;
};

}  // namespace redist::example
