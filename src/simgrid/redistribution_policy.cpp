#include "redist/simgrid/redistribution_policy.hpp"

#include <algorithm>

namespace redist {

namespace {

// `completed` is one of the document's iteration numbers `at` (out of 100), scaled to `total`.
bool at_scaled(int completed, int total, int at) {
  return static_cast<long long>(completed) * 100 == static_cast<long long>(at) * total;
}

bool every(int completed, int total, int period_of_100) {
  for (int at = period_of_100; at < 100; at += period_of_100)
    if (at_scaled(completed, total, at)) return true;
  return false;
}

}  // namespace

const std::vector<Scheme>& all_schemes() {
  static const std::vector<Scheme> list{Scheme::none,    Scheme::after_50, Scheme::four_times, Scheme::every_10,
                                        Scheme::every_5, Scheme::every_3,  Scheme::every_2,    Scheme::adaptive};
  return list;
}

const char* scheme_name(Scheme s) {
  switch (s) {
    case Scheme::none: return "none";
    case Scheme::after_50: return "after50";
    case Scheme::four_times: return "at20-40-60-80";
    case Scheme::every_10: return "every10";
    case Scheme::every_5: return "every5";
    case Scheme::every_3: return "every3";
    case Scheme::every_2: return "every2";
    case Scheme::adaptive: return "adaptive";
  }
  return "?";
}

const char* scheme_label(Scheme s) {
  switch (s) {
    case Scheme::none: return "no redistribution";
    case Scheme::after_50: return "after iteration 50";
    case Scheme::four_times: return "every 20 (20, 40, 60, 80)";
    case Scheme::every_10: return "every 10 iterations";
    case Scheme::every_5: return "every 5 iterations";
    case Scheme::every_3: return "every 3 iterations";
    case Scheme::every_2: return "every 2 iterations";
    case Scheme::adaptive: return "adaptive (ours)";
  }
  return "?";
}

std::optional<Scheme> scheme_from_name(std::string_view name) {
  for (Scheme s : all_schemes())
    if (name == scheme_name(s)) return s;
  return std::nullopt;
}

bool fixed_redistributes(Scheme s, int completed, int total) {
  if (completed <= 0 || completed >= total) return false;
  switch (s) {
    case Scheme::none: return false;
    case Scheme::after_50: return at_scaled(completed, total, 50);
    case Scheme::four_times: return every(completed, total, 20);
    case Scheme::every_10: return every(completed, total, 10);
    case Scheme::every_5: return every(completed, total, 5);
    case Scheme::every_3: return every(completed, total, 3);
    case Scheme::every_2: return every(completed, total, 2);
    case Scheme::adaptive: return false;
  }
  return false;
}

double AdaptivePolicy::expected_cost(double predicted, double fixed_overhead) const {
  return slowdown_ * predicted + fixed_overhead;
}

double AdaptivePolicy::value(const AdaptiveView& v) const {
  const double saving_per_iteration = v.current_iteration_time - v.balanced_iteration_time;
  return saving_per_iteration * (v.total - v.completed) - options_.margin * expected_cost(v.predicted_redistribution, v.fixed_overhead);
}

bool AdaptivePolicy::decide(const AdaptiveView& v) {
  const double saving_per_iteration = std::max(0.0, v.current_iteration_time - v.balanced_iteration_time);
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

}  // namespace redist
