#include "adaptive_rebalance.hpp"

#include <mpi.h>

#include <algorithm>

#include "redist/exec/agreement.hpp"
#include "redist/exec/ordered_plan.hpp"

namespace redist::example {

namespace {

// What a rebalancing costs beyond the planner's makespan before any was measured: one message each
// way on the slowest pair of links (the policy learns the rest, the agreement's collectives
// included, as its slowdown).
double latency_overhead(const exec::RingLinkModels& models) {
  double worst = 0.0;
  for (std::size_t i = 0; i < models.size(); ++i)
    worst = std::max(worst, models.succ[i].latency_s + models.pred[i].latency_s);
  return worst;
}

// How far a rank's recent compute times spread (max - min over the window, worst rank): imbalance
// below this is measurement noise (late wake-ups), not a speed difference to rebalance for.
double noise_of(const std::vector<std::vector<double>>& recent) {
  double worst = 0.0;
  for (const std::vector<double>& times : recent) {
    const auto [low, high] = std::minmax_element(times.begin(), times.end());
    worst = std::max(worst, *high - *low);
  }
  return worst;
}

double slowest_time(const std::vector<std::int64_t>& counts, const std::vector<double>& speeds) {
  double worst = 0.0;
  for (std::size_t i = 0; i < counts.size(); ++i)
    worst = std::max(worst, static_cast<double>(counts[i]) / speeds[i]);
  return worst;
}

}  // namespace

bool AdaptiveRebalancer::record(const std::vector<std::int64_t>& counts,
                                const std::vector<double>& seconds) {
  if (counts !=
      recent_counts_) {  // new counts (a rebalancing): earlier times say nothing about them
    recent_.assign(counts.size(), {});
    recent_counts_ = counts;
  }
  for (std::size_t i = 0; i < counts.size(); ++i) {
    recent_[i].push_back(seconds[i]);
    if (recent_[i].size() > kWindow) recent_[i].erase(recent_[i].begin());
  }
  return recent_[0].size() == kWindow;
}

std::vector<double> AdaptiveRebalancer::speeds_of(const std::vector<std::int64_t>& counts) {
  if (last_speeds_.empty()) last_speeds_.assign(counts.size(), 0.0);
  for (std::size_t i = 0; i < counts.size(); ++i) {
    std::vector<double> times = recent_[i];
    std::nth_element(times.begin(), times.begin() + static_cast<std::ptrdiff_t>(times.size() / 2),
                     times.end());
    if (counts[i] > 0)
      last_speeds_[i] = static_cast<double>(counts[i]) / std::max(times[times.size() / 2], 1e-9);
  }
  // A rank that never held a column has no measured speed: assume the fastest one's.
  const double fastest = *std::max_element(last_speeds_.begin(), last_speeds_.end());
  std::vector<double> speeds = last_speeds_;
  for (double& s : speeds)
    if (s <= 0.0) s = fastest > 0.0 ? fastest : 1.0;
  return speeds;
}

std::optional<std::vector<std::int64_t>> AdaptiveRebalancer::decide(
    const exec::Context& ctx, int completed, const std::vector<std::int64_t>& counts,
    const std::vector<double>& seconds, std::int64_t origin) {
  if (!record(counts, seconds)) return std::nullopt;
  const std::vector<double> speeds = speeds_of(counts);
  std::vector<std::int64_t> targets = exec::targets_from_weights(speeds, total_);
  const double balanced = slowest_time(targets, speeds);
  const double current = std::max(balanced, slowest_time(counts, speeds) - noise_of(recent_));
  sim::AdaptiveView view{completed, iterations_, current, balanced, 0.0, 0.0};
  if (targets != counts) {
    exec::AgreedLayout layout{column_bytes_, counts, targets, total_, origin};
    view.predicted_redistribution =
        exec::build_exec_plan(layout, ctx.link_models(), options_).predicted_seconds;
    view.fixed_overhead = latency_overhead(ctx.link_models());
  }
  // decide() runs after every iteration, balanced or not: it accounts for the time lost to
  // imbalance.
  if (!policy_.decide(view)) return std::nullopt;
  last_predicted_ = view.predicted_redistribution;
  return targets;
}

std::optional<std::vector<std::int64_t>> AdaptiveRebalancer::after_iteration(
    const exec::Context& ctx, int completed, std::int64_t count, double compute_seconds,
    std::int64_t first) {
  const auto n = static_cast<std::size_t>(ctx.size());
  std::vector<std::int64_t> counts(n);
  std::vector<double> seconds(n);
  exec::check_mpi(MPI_Gather(&count, 1, MPI_INT64_T, counts.data(), 1, MPI_INT64_T, 0, ctx.comm()),
                  "MPI_Gather");
  exec::check_mpi(
      MPI_Gather(&compute_seconds, 1, MPI_DOUBLE, seconds.data(), 1, MPI_DOUBLE, 0, ctx.comm()),
      "MPI_Gather");
  // Rank 0 decides; the broadcast makes the decision and the counts the same on every rank.
  std::vector<std::int64_t> message(n + 1, 0);
  if (ctx.rank() == 0) {
    if (const auto targets = decide(ctx, completed, counts, seconds, first)) {
      message[0] = 1;
      std::copy(targets->begin(), targets->end(), message.begin() + 1);
    }
  }
  exec::check_mpi(MPI_Bcast(message.data(), static_cast<int>(n + 1), MPI_INT64_T, 0, ctx.comm()),
                  "MPI_Bcast");
  if (message[0] == 0) return std::nullopt;
  return std::vector<std::int64_t>(message.begin() + 1, message.end());
}

void AdaptiveRebalancer::observe(double measured_seconds) {
  policy_.observe(last_predicted_, measured_seconds);
}

}  // namespace redist::example
