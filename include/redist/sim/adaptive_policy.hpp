#pragma once
// When an iterative application should rebalance: the adaptive redistribution policy (ours, beyond
// document 000, whose section 8 only has fixed schemes). Pure decision logic, no simulator and no
// MPI: the SimGrid study's coordinator (simgrid/redistribution_policy.hpp) and the MPI example on
// real ranks (examples/mpi_example, `matrix --adaptive`) feed it what each knows after an
// iteration.
//
// It decides after each iteration from what a real application can know at that point: the speeds
// it measured in the iteration just finished, the makespan redist's planner predicts for
// rebalancing to them, how far previous predictions were from the measured redistribution times,
// and the iterations left. It has no knowledge of future speed changes. Two tests, both on the
// expected cost C (slowdown-corrected prediction plus a fixed overhead):
//   worth it   if the measured speeds persist, the time saved over the remaining iterations is at
//              least margin * C (otherwise rebalancing can never pay back before the end);
//   patience   the time already lost to imbalance since the last redistribution is at least
//              patience * C: the rent-or-buy rule, which keeps the policy from paying C again for
//              every speed change of a burst, and bounds its loss when changes keep coming.

namespace redist::sim {

struct AdaptiveOptions {
  /// Redistribute only when the predicted saving is at least `margin` times the expected cost.
  double margin = 1.5;
  /// ... and the time lost to imbalance since the last redistribution is `patience` times it.
  double patience = 0.25;
  /// Prior for measured / predicted redistribution time before any redistribution was measured.
  /// 3, the pessimistic end of what the SimGrid study measures (median 1.3 on rings of 8, 2.9 on
  /// rings of 32): with 1, the first redistribution at ratios 100-300 cost up to 8%
  /// (docs/simgrid.md).
  double initial_slowdown = 3.0;
};

/// What the deciding rank knows after iteration `completed`.
struct AdaptiveView {
  int completed = 0;
  int total = 0;
  double current_iteration_time = 0;   // estimated at the measured speeds, current distribution
  double balanced_iteration_time = 0;  // estimated at the measured speeds, rebalanced distribution
  double predicted_redistribution =
      0;                      // the rebalancing's predicted time before correction (seconds)
  double fixed_overhead = 0;  // time a redistribution costs beyond its transfers (seconds)
};

class AdaptivePolicy {
 public:
  explicit AdaptivePolicy(AdaptiveOptions options = {})
      : options_(options), slowdown_(options.initial_slowdown) {}

  /// Called once after every iteration (it accumulates the imbalance loss); true: redistribute now.
  bool decide(const AdaptiveView& view);
  /// Net value of rebalancing as `view` describes: the time it saves over the remaining iterations
  /// minus margin times its expected cost. Used to choose among candidate rebalancings.
  [[nodiscard]] double value(const AdaptiveView& view) const;
  /// Expected duration of a redistribution predicted at `predicted` seconds.
  [[nodiscard]] double expected_cost(double predicted, double fixed_overhead) const;
  /// Learns from a finished redistribution (predicted > 0): the slowdown of the real (or simulated)
  /// redistribution over the planner's prediction, a ratio of sums over every one seen, never
  /// below 1.
  void observe(double predicted, double measured);
  [[nodiscard]] double slowdown() const { return slowdown_; }

 private:
  AdaptiveOptions options_;
  double slowdown_ = 1.0;
  double lost_since_redistribution_ = 0;
  double predicted_sum_ = 0;
  double measured_sum_ = 0;
};

}  // namespace redist::sim
