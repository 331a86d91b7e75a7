#pragma once
// The adaptive scheme on real ranks: after every iteration, rank 0 gathers each rank's column count
// and measured compute time, estimates the speeds, asks redist's planner for the makespan of
// rebalancing to them (exec/ordered_plan.hpp, under the context's link models: probed with
// --probe), and lets the adaptive policy of the SimGrid study decide (sim/adaptive_policy.hpp:
// worth it over the remaining iterations, and enough time lost to imbalance since the last
// rebalancing). Rank 0 broadcasts the decision and the new counts, so every rank takes the same
// decision with the same counts. After a rebalancing the measured time teaches the policy how far
// the planner's predictions are from this network (its slowdown).
//
// Speeds are measured, so they are noisy: a sleeping rank wakes late on a loaded machine, by up to
// tens of percent of a short iteration. Rank 0 therefore estimates each rank's speed from the
// median of its last three compute times at its current count (one late wake-up is ignored; a real
// speed change shows after two iterations), decides only once three iterations since the last
// rebalancing have been measured, and counts as imbalance only what exceeds the spread of those
// times (the worst rank's max - min): sleeping 8 ranks on 2 loaded cores wake milliseconds late, a
// tenth of a 24 ms iteration. With single measurements and no noise floor, runs on the Tiers-like
// platform rebalanced 14-22 times, starting before any speed had changed (docs/netlab.md). These
// rules live in sim/speed_window.hpp, shared with the SimGrid simulation of this example
// (simgrid::CoordinationModel::example_adaptive), so that both decide alike.
//
// Unlike the simulated coordinator (simgrid/coordinator_logic.cpp), only the full rebalance to the
// measured speeds is a candidate (no capped partial ones) and the prediction is the planner's
// makespan alone: the ring executor only talks to ring neighbours, so there is no route-load bound
// to add.

#include <cstdint>
#include <optional>
#include <vector>

#include "redist/exec/context.hpp"
#include "redist/exec/plan_options.hpp"
#include "redist/sim/adaptive_policy.hpp"
#include "redist/sim/speed_window.hpp"

namespace redist::example {

class AdaptiveRebalancer {
 public:
  AdaptiveRebalancer(std::int64_t total_columns, std::int64_t column_bytes, int iterations,
                     exec::PlanOptions options)
      : total_(total_columns),
        column_bytes_(column_bytes),
        iterations_(iterations),
        options_(options) {}

  /// Collective, after iteration `completed`: every rank's new counts when the policy rebalances
  /// now (the same vector on every rank), nullopt otherwise. `first` is this rank's first global
  /// column.
  std::optional<std::vector<std::int64_t>> after_iteration(const exec::Context& ctx, int completed,
                                                           std::int64_t count,
                                                           double compute_seconds,
                                                           std::int64_t first);
  /// Collective: the rebalancing just decided took `measured_seconds` (the same value on every
  /// rank).
  void observe(double measured_seconds);

 private:
  [[nodiscard]] std::optional<std::vector<std::int64_t>> decide(
      const exec::Context& ctx, int completed, const std::vector<std::int64_t>& counts,
      const std::vector<double>& seconds, std::int64_t origin);

  std::int64_t total_;
  std::int64_t column_bytes_;
  int iterations_;
  exec::PlanOptions options_;
  sim::AdaptivePolicy policy_;  // used on rank 0 only
  sim::SpeedWindow window_;     // rank 0: the recent compute times and the speeds they give
  double last_predicted_ = 0.0;
};

}  // namespace redist::example
