#include "redist/sim/adaptive_policy.hpp"

#include <algorithm>

namespace redist::sim {

double AdaptivePolicy::expected_cost(double predicted, double fixed_overhead) const {
  return slowdown_ * predicted + fixed_overhead;
}

double AdaptivePolicy::value(const AdaptiveView& v) const {
  const double saving_per_iteration = v.current_iteration_time - v.balanced_iteration_time;
  return saving_per_iteration * (v.total - v.completed) -
         options_.margin * expected_cost(v.predicted_redistribution, v.fixed_overhead);
}

bool AdaptivePolicy::decide(const AdaptiveView& v) {
  const double saving_per_iteration =
      std::max(0.0, v.current_iteration_time - v.balanced_iteration_time);
  lost_since_redistribution_ += saving_per_iteration;
  const int remaining = v.total - v.completed;
  if (remaining <= 0 || v.predicted_redistribution <= 0 || saving_per_iteration <= 0) return false;
  const double cost = expected_cost(v.predicted_redistribution, v.fixed_overhead);
  // Persistence: the speeds just measured are assumed to hold for the rest of the run.
  const bool worth_it = saving_per_iteration * remaining >= options_.margin * cost;
  const bool patient_enough = lost_since_redistribution_ >= options_.patience * cost;
  if (!worth_it || !patient_enough) return false;
  lost_since_redistribution_ = 0;
  return true;
}

void AdaptivePolicy::observe(double predicted, double measured) {
  if (!(predicted > 0) || !(measured > 0)) return;
  predicted_sum_ += predicted;
  measured_sum_ += measured;
  slowdown_ = std::max(1.0, measured_sum_ / predicted_sum_);
}

}  // namespace redist::sim
