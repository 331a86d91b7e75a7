#include "coordinator_logic.hpp"

#include <algorithm>
#include <cmath>

#include "redist/ring/plan.hpp"
#include "redist/simgrid/balanced_distribution.hpp"

namespace redist::simgrid::detail {

namespace {

// A redistribution's cost beyond its transfers' item times: a light plan sends at most two messages
// per host one after the other (succ then pred), each paying its route's latency.
double latency_overhead(const RingRoutes& routes) {
  double worst = 0;
  for (std::size_t i = 0; i < routes.succ.size(); ++i)
    worst = std::max(worst, routes.succ[i].latency + routes.pred[i].latency);
  return worst;
}

// Partial rebalances the adaptive policy weighs against the full one: cap every rank's iteration at
// the balanced time plus this fraction of the current excess (capped_counts).
constexpr double kCapFractions[] = {0.0, 0.25, 0.5};

}  // namespace

CoordinatorLogic::CoordinatorLogic(const StudyScenario& scenario, Scheme scheme,
                                   const sim::AdaptiveOptions& adaptive, bool example_adaptive)
    : scenario_(scenario),
      scheme_(scheme),
      adaptive_(adaptive),
      example_adaptive_(example_adaptive),
      fixed_overhead_(latency_overhead(scenario.routes)),
      counts_(scenario.initial_columns) {}

std::vector<double> CoordinatorLogic::measured_speeds(
    const std::vector<double>& compute_seconds) const {
  // Rounded to whole kflop/s: a constant speed then reads back exactly, so rounding noise in the
  // simulated durations cannot flip a largest-remainder tie and move one column back and forth.
  std::vector<double> speeds(counts_.size());
  for (std::size_t i = 0; i < counts_.size(); ++i) {
    const double raw = static_cast<double>(counts_[i]) * scenario_.flops_per_column /
                       std::max(compute_seconds[i], 1e-12);
    speeds[i] = std::max(1e3, std::round(raw * 1e-3) * 1e3);
  }
  return speeds;
}

PlannedRedistribution CoordinatorLogic::plan_to(std::vector<std::int64_t> targets,
                                                int completed) const {
  PlannedRedistribution out;
  out.record.after_iteration = completed;
  out.targets = std::move(targets);
  if (out.targets == counts_) return out;
  const ring::RingPlan plan = ring::plan_ring(scenario_.instance(counts_, out.targets));
  out.roles = exchange_roles(plan.schedule, counts_);
  out.record.light = sends_only_held(out.roles);
  size_relay_messages(out.roles, scenario_.routes, scenario_.item_bytes);
  out.record.predicted = study_seconds(*plan.schedule.makespan);
  out.record.lower_bound = study_seconds(*plan.schedule.lower_bound);
  out.record.route_bound =
      route_load_bound(scenario_.platform, scenario_.routes, plan.schedule, scenario_.item_bytes);
  for (const Transfer& t : plan.schedule.transfers) out.record.items += t.items;
  out.record.batches = static_cast<std::int64_t>(plan.schedule.transfers.size());
  return out;
}

sim::AdaptiveView CoordinatorLogic::view_of(const PlannedRedistribution& plan,
                                            const std::vector<double>& speeds,
                                            int completed) const {
  sim::AdaptiveView view;
  view.completed = completed;
  view.total = scenario_.options.iterations;
  view.current_iteration_time = iteration_time(counts_, speeds, scenario_.flops_per_column);
  view.balanced_iteration_time = iteration_time(plan.targets, speeds, scenario_.flops_per_column);
  // The planner's makespan knows the ring, not the routes: the busiest link bounds it from below.
  view.predicted_redistribution = std::max(plan.record.predicted, plan.record.route_bound);
  view.fixed_overhead = fixed_overhead_;
  return view;
}

std::optional<PlannedRedistribution> CoordinatorLogic::adaptive_choice(
    int completed, const std::vector<double>& speeds) {
  const double work = scenario_.flops_per_column;
  std::vector<std::vector<std::int64_t>> candidates{
      proportional_counts(scenario_.options.columns, speeds)};
  const double full = iteration_time(candidates[0], speeds, work);
  const double now = iteration_time(counts_, speeds, work);
  for (double f : kCapFractions)
    candidates.push_back(capped_counts(counts_, speeds, work, full + f * (now - full)));
  std::optional<PlannedRedistribution> best;
  double best_value = 0;
  for (auto& targets : candidates) {
    if (targets == counts_ || (best && targets == best->targets)) continue;
    PlannedRedistribution plan = plan_to(std::move(targets), completed);
    const double value = adaptive_.value(view_of(plan, speeds, completed));
    if (!best || value > best_value) best = std::move(plan), best_value = value;
  }
  // decide() runs once per iteration, balanced or not: it accounts for the time lost to imbalance.
  sim::AdaptiveView view =
      best ? view_of(*best, speeds, completed)
           : sim::AdaptiveView{completed, scenario_.options.iterations, now, now, 0, 0};
  if (!adaptive_.decide(view)) return std::nullopt;
  return best;
}

void CoordinatorLogic::observe(const RedistributionRecord& record) {
  // The example predicts with the planner's makespan alone (its ring executor only talks to ring
  // neighbours); the study's coordinator with the busiest route link's bound too (view_of).
  const double predicted =
      example_adaptive_ ? record.predicted : std::max(record.predicted, record.route_bound);
  adaptive_.observe(predicted, record.measured);
}

std::optional<PlannedRedistribution> CoordinatorLogic::example_choice(
    int completed, const std::vector<double>& compute_seconds) {
  if (!window_.record(counts_, compute_seconds)) return std::nullopt;
  const std::vector<double> speeds = window_.speeds(counts_);  // columns per second
  // The study's apportionment (at least one column each); the example's exec::counts_from_weights
  // rounds the same shares without that floor, so at a rounding edge the two may differ by a column
  // (the simgrid layer cannot call exec's: they are sibling layers).
  std::vector<std::int64_t> targets = proportional_counts(scenario_.options.columns, speeds);
  const double balanced = sim::slowest_time(targets, speeds);
  const double current = std::max(balanced, sim::slowest_time(counts_, speeds) - window_.noise());
  sim::AdaptiveView view{completed, scenario_.options.iterations, current, balanced, 0, 0};
  std::optional<PlannedRedistribution> plan;
  if (targets != counts_) {
    plan = plan_to(std::move(targets), completed);
    view.predicted_redistribution = plan->record.predicted;
    view.fixed_overhead = fixed_overhead_;
  }
  // decide() runs after every iteration, balanced or not: it accounts for the time lost to
  // imbalance.
  if (!adaptive_.decide(view) || !plan) return std::nullopt;
  return plan;
}

std::optional<PlannedRedistribution> CoordinatorLogic::after_iteration(
    int completed, const std::vector<double>& compute_seconds) {
  const int total = scenario_.options.iterations;
  if (completed >= total) return std::nullopt;
  const bool adaptive = scheme_ == Scheme::adaptive;
  if (!adaptive && !fixed_redistributes(scheme_, completed, total)) return std::nullopt;
  if (adaptive && example_adaptive_) {
    std::optional<PlannedRedistribution> plan = example_choice(completed, compute_seconds);
    if (plan) counts_ = plan->targets;
    return plan;
  }
  const std::vector<double> speeds = measured_speeds(compute_seconds);
  std::optional<PlannedRedistribution> plan =
      adaptive ? adaptive_choice(completed, speeds)
               : plan_to(proportional_counts(scenario_.options.columns, speeds), completed);
  if (plan) counts_ = plan->targets;
  return plan;
}

}  // namespace redist::simgrid::detail
