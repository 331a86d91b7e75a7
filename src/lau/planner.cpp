#include "redist/lau/planner.hpp"

#include "redist/core/error.hpp"
#include "redist/lau/optimal.hpp"
#include "redist/sim/allport_shift_evaluator.hpp"

namespace redist::lau {

const char* to_string(LauAlgorithm algorithm) {
  switch (algorithm) {
    case LauAlgorithm::linear:
      return "linear";
    case LauAlgorithm::traffic:
      return "traffic";
    case LauAlgorithm::optimal:
      return "optimal";
    case LauAlgorithm::window:
      return "window";
  }
  return "?";
}

std::optional<LauAlgorithm> parse_lau_algorithm(const std::string& name) {
  for (auto a :
       {LauAlgorithm::linear, LauAlgorithm::traffic, LauAlgorithm::optimal, LauAlgorithm::window})
    if (name == to_string(a)) return a;
  return std::nullopt;
}

LauPlan plan_lau(const sim::AllportInstance& instance, const LauOptions& options) {
  const sim::ShiftEvaluator eval(instance);
  LauPlan plan;
  plan.algorithm = options.algorithm;
  plan.mode = options.mode;
  switch (options.algorithm) {
    case LauAlgorithm::linear:
      plan.shift = 0;
      break;
    case LauAlgorithm::traffic:
      plan.shift = traffic_shift(eval.base(), options.traffic_rule);
      break;
    case LauAlgorithm::optimal: {
      const OptimalShift best = optimal_shift(eval, options.mode);
      plan.shift = best.shift;
      plan.optimal_shifts = best.optimal;
      break;
    }
    case LauAlgorithm::window: {
      const WindowSearchResult found =
          window_search(eval, options.mode, TrafficRule::printed, options.max_window);
      plan.window = found.window;
      if (!found.completed) {
        plan.status = LauStatus::window_too_large;
        return plan;
      }
      plan.shift = found.shift;
      break;
    }
  }
  plan.flows = eval.flows(plan.shift);
  plan.traffic = eval.traffic(plan.shift);
  plan.t_single = eval.single_send(plan.shift);
  plan.t_multi = eval.multi_send(plan.shift);
  return plan;
}

void require_planned(const LauPlan& plan, const LauOptions& options) {
  if (plan.status != LauStatus::window_too_large) return;
  throw InputError("", "--algorithm",
                   "the window search would evaluate " + std::to_string(plan.window->size()) +
                       " shifts (limit " + std::to_string(options.max_window) + "); use optimal");
}

}  // namespace redist::lau
