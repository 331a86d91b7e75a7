#pragma once
// Internal to the simgrid layer: what the simulated application's coordinator decides after each
// iteration, apart from any messaging: measured speeds, the scheme's decision, redist's plan and
// each rank's part of it.

#include <optional>
#include <vector>

#include "one_port_exchange.hpp"
#include "redist/sim/speed_window.hpp"
#include "redist/simgrid/application_simulation.hpp"

namespace redist::simgrid::detail {

struct PlannedRedistribution {
  std::vector<std::int64_t> targets;
  std::vector<ExchangeRole> roles;  // empty when nothing moves
  RedistributionRecord record;  // after_iteration, items, batches, light, predicted, lower_bound
};

class CoordinatorLogic {
 public:
  /// example_adaptive: the adaptive scheme decides as the MPI example's (CoordinationModel).
  CoordinatorLogic(const StudyScenario& scenario, Scheme scheme,
                   const sim::AdaptiveOptions& adaptive, bool example_adaptive = false);

  /// After iteration `completed`, given each rank's compute time in it: the redistribution to run,
  /// if the scheme asks for one. Commits the new counts when it returns one.
  std::optional<PlannedRedistribution> after_iteration(int completed,
                                                       const std::vector<double>& compute_seconds);
  /// A redistribution finished (record.measured set): the adaptive policy learns its slowdown over
  /// the prediction it was chosen on.
  void observe(const RedistributionRecord& record);

  [[nodiscard]] bool adaptive() const { return scheme_ == Scheme::adaptive; }
  [[nodiscard]] const std::vector<std::int64_t>& counts() const { return counts_; }
  [[nodiscard]] double learned_slowdown() const { return adaptive_.slowdown(); }

 private:
  [[nodiscard]] std::vector<double> measured_speeds(
      const std::vector<double>& compute_seconds) const;
  [[nodiscard]] PlannedRedistribution plan_to(std::vector<std::int64_t> targets,
                                              int completed) const;
  /// The adaptive policy's view of one candidate rebalancing.
  [[nodiscard]] sim::AdaptiveView view_of(const PlannedRedistribution& plan,
                                          const std::vector<double>& speeds, int completed) const;
  /// The adaptive policy: the most valuable candidate (full rebalance or a capped one), if any.
  std::optional<PlannedRedistribution> adaptive_choice(int completed,
                                                       const std::vector<double>& speeds);
  /// The MPI example's adaptive decision (adaptive_rebalance.cpp) from the raw compute times.
  std::optional<PlannedRedistribution> example_choice(int completed,
                                                      const std::vector<double>& compute_seconds);

  const StudyScenario& scenario_;
  Scheme scheme_;
  sim::AdaptivePolicy adaptive_;
  bool example_adaptive_ = false;
  sim::SpeedWindow window_;  // example_adaptive: the recent compute times
  double fixed_overhead_ = 0;
  std::vector<std::int64_t> counts_;
};

}  // namespace redist::simgrid::detail
