#pragma once
// When the simulated application redistributes its columns.
//
// Fixed schemes (document 000 section 8): none; after iteration 50; after 20, 40, 60 and 80; every 10
// iterations (9 redistributions); every 5 iterations (19). Iteration numbers are those of a 100-
// iteration run and scale with the run's length.
//
// The adaptive policy (ours, beyond the document) decides after each iteration from what a real
// application can know at that point: the speeds it measured in the iteration just finished, the
// makespan redist's planner predicts for rebalancing to them (raised to the route-load bound of the
// plan when the routes' shared links make that larger), how far previous predictions were from the
// measured redistribution times, and the iterations left. It has no knowledge of future speed
// changes. Two tests, both on the expected cost C (slowdown-corrected prediction plus latency):
//   worth it   if the measured speeds persist, the time saved over the remaining iterations is at
//              least margin * C (otherwise rebalancing can never pay back before the end);
//   patience   the time already lost to imbalance since the last redistribution is at least
//              patience * C: the rent-or-buy rule, which keeps the policy from paying C again for
//              every speed change of a burst, and bounds its loss when changes keep coming.

#include <optional>
#include <string_view>
#include <vector>

namespace redist {

// The document's five fixed schemes (four_times is "every 20"), two denser periods as baselines
// (every 3 and every 2 iterations; issue 16), then ours.
enum class Scheme { none, after_50, four_times, every_10, every_5, every_3, every_2, adaptive };

/// Every scheme, fixed ones first, in the document's order.
const std::vector<Scheme>& all_schemes();
/// CSV / command-line names: none, after50, at20-40-60-80, every10, every5, every3, every2, adaptive.
const char* scheme_name(Scheme scheme);
std::optional<Scheme> scheme_from_name(std::string_view name);
/// A readable label for plots.
const char* scheme_label(Scheme scheme);

/// Whether a fixed scheme redistributes after `completed` iterations of `total` (never after the
/// last one). Always false for Scheme::adaptive.
bool fixed_redistributes(Scheme scheme, int completed, int total);

struct AdaptiveOptions {
  /// Redistribute only when the predicted saving is at least `margin` times the expected cost.
  double margin = 1.5;
  /// ... and the time lost to imbalance since the last redistribution is `patience` times it.
  double patience = 0.25;
  /// Prior for measured / predicted redistribution time before any redistribution was measured.
  /// 3, the pessimistic end of what the simulator measures (median 1.3 on rings of 8, 2.9 on rings
  /// of 32): with 1, the first redistribution at ratios 100-300 cost up to 8% (docs/simgrid.md).
  double initial_slowdown = 3.0;
};

/// What the coordinator knows after iteration `completed`.
struct AdaptiveView {
  int completed = 0;
  int total = 0;
  double current_iteration_time = 0;   // estimated at the measured speeds, current distribution
  double balanced_iteration_time = 0;  // estimated at the measured speeds, rebalanced distribution
  double predicted_redistribution = 0; // the rebalancing's estimated time before correction: redist's
                                       // makespan, or the route-load bound when larger (seconds)
  double fixed_overhead = 0;           // time a redistribution costs beyond its transfers (seconds)
};

class AdaptivePolicy {
 public:
  explicit AdaptivePolicy(AdaptiveOptions options = {}) : options_(options), slowdown_(options.initial_slowdown) {}

  /// Called once after every iteration (it accumulates the imbalance loss); true: redistribute now.
  bool decide(const AdaptiveView& view);
  /// Net value of rebalancing as `view` describes: the time it saves over the remaining iterations
  /// minus margin times its expected cost. Used to choose among candidate rebalancings.
  [[nodiscard]] double value(const AdaptiveView& view) const;
  /// Expected simulated duration of a redistribution the planner predicts at `predicted` seconds.
  [[nodiscard]] double expected_cost(double predicted, double fixed_overhead) const;
  /// Learns from a finished redistribution (predicted > 0): the simulator's slowdown over the item
  /// model, a ratio of sums over every redistribution seen.
  void observe(double predicted, double measured);
  [[nodiscard]] double slowdown() const { return slowdown_; }

 private:
  AdaptiveOptions options_;
  double slowdown_ = 1.0;
  double lost_since_redistribution_ = 0;
  double predicted_sum_ = 0;
  double measured_sum_ = 0;
};

}  // namespace redist
