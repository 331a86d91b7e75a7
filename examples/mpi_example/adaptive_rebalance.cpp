#include "adaptive_rebalance.hpp"

#include <mpi.h>

#include <algorithm>

#include "redist/exec/new_share.hpp"
#include "redist/exec/prediction.hpp"

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

}  // namespace

std::optional<std::vector<std::int64_t>> AdaptiveRebalancer::decide(
    const exec::Context& ctx, int completed, const std::vector<std::int64_t>& counts,
    const std::vector<double>& seconds, std::int64_t origin) {
  if (!window_.record(counts, seconds)) return std::nullopt;
  const std::vector<double> speeds = window_.speeds(counts);
  std::vector<std::int64_t> targets = exec::counts_from_weights(speeds, total_);
  const double balanced = sim::slowest_time(targets, speeds);
  const double current = std::max(balanced, sim::slowest_time(counts, speeds) - window_.noise());
  sim::AdaptiveView view{completed, iterations_, current, balanced, 0.0, 0.0};
  if (targets != counts) {
    // The layout's origin only rotates the picture: the prediction does not depend on it.
    static_cast<void>(origin);
    view.predicted_redistribution =
        exec::predict_redistribution(counts, targets, ctx.network(), ctx.link_models(),
                                     column_bytes_, options_)
            .seconds;
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
