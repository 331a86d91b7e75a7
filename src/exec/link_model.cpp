#include "redist/exec/link_model.hpp"

#include <algorithm>
#include <cmath>

#include "redist/ring/pipeline.hpp"

namespace redist::exec {

RingLinkModels RingLinkModels::uniform(std::size_t n, LinkModel model) {
  RingLinkModels models;
  models.succ.assign(n, model);
  models.pred.assign(n, model);
  return models;
}

namespace {

// Two significant digits: 1234 -> 1200, 987654 -> 990000.
std::int64_t round_two_digits(double ticks) {
  if (!(ticks >= 1.0)) return 1;
  const double magnitude = std::pow(10.0, std::floor(std::log10(ticks)) - 1.0);
  const double rounded = std::round(ticks / magnitude) * magnitude;
  return std::max<std::int64_t>(1, static_cast<std::int64_t>(std::llround(rounded)));
}

}  // namespace

LinkModel fit_link_model(const std::vector<std::int64_t>& bytes,
                         const std::vector<double>& seconds) {
  const std::size_t count = std::min(bytes.size(), seconds.size());
  if (count == 0) return {};
  // The smallest exchange gives the latency; the slope comes from the larger ones (all of them when
  // there are only two points): their noise is milliseconds, which would swamp a microsecond
  // intercept of a line through every point.
  std::size_t smallest = 0;
  for (std::size_t k = 1; k < count; ++k)
    if (bytes[k] < bytes[smallest]) smallest = k;
  const bool skip_smallest = count >= 3;
  double n = 0.0;
  double mean_m = 0.0;
  double mean_t = 0.0;
  for (std::size_t k = 0; k < count; ++k) {
    if (skip_smallest && k == smallest) continue;
    n += 1.0;
    mean_m += static_cast<double>(bytes[k]);
    mean_t += seconds[k];
  }
  mean_m /= n;
  mean_t /= n;
  double covariance = 0.0;
  double variance = 0.0;
  for (std::size_t k = 0; k < count; ++k) {
    if (skip_smallest && k == smallest) continue;
    const double dm = static_cast<double>(bytes[k]) - mean_m;
    covariance += dm * (seconds[k] - mean_t);
    variance += dm * dm;
  }
  LinkModel model;
  model.seconds_per_byte = std::max(variance > 0.0 ? covariance / variance : 0.0, 1e-13);
  const double small_rest =
      seconds[smallest] - model.seconds_per_byte * static_cast<double>(bytes[smallest]);
  model.latency_s = std::max(small_rest / 2.0, 1e-8);
  return model;
}

std::int64_t item_cost_ticks(const LinkModel& model, std::int64_t item_bytes,
                             std::int64_t chunk_items) {
  const double per_item =
      model.seconds_per_byte * static_cast<double>(item_bytes) +
      model.latency_s / static_cast<double>(std::max<std::int64_t>(1, chunk_items));
  return round_two_digits(per_item / kSecondsPerTick);
}

void apply_link_costs(RingInstance& instance, const RingLinkModels& models, std::int64_t item_bytes,
                      std::int64_t chunk_items) {
  const std::size_t n = instance.size();
  instance.cost_scale = kCostScale;
  instance.succ_cost.resize(n);
  for (std::size_t i = 0; i < n; ++i)
    instance.succ_cost[i] = item_cost_ticks(models.succ[i], item_bytes, chunk_items);
  instance.pred_cost.clear();
  if (!instance.bidirectional()) return;
  instance.pred_cost.resize(n);
  for (std::size_t i = 0; i < n; ++i)
    instance.pred_cost[i] = item_cost_ticks(models.pred[i], item_bytes, chunk_items);
}

void apply_link_costs_and_latencies(RingInstance& instance, const RingLinkModels& models,
                                    std::int64_t item_bytes) {
  const std::size_t n = instance.size();
  const bool both = instance.bidirectional();
  const auto bytes = static_cast<double>(item_bytes);
  instance.cost_scale = kCostScale;
  instance.succ_cost.assign(n, 0);
  instance.succ_latency.assign(n, 0);
  instance.pred_cost.assign(both ? n : 0, 0);
  instance.pred_latency.assign(both ? n : 0, 0);
  for (std::size_t i = 0; i < n; ++i) {
    instance.succ_cost[i] =
        round_two_digits(models.succ[i].seconds_per_byte * bytes / kSecondsPerTick);
    instance.succ_latency[i] = round_two_digits(models.succ[i].latency_s / kSecondsPerTick);
    if (!both) continue;
    instance.pred_cost[i] =
        round_two_digits(models.pred[i].seconds_per_byte * bytes / kSecondsPerTick);
    instance.pred_latency[i] = round_two_digits(models.pred[i].latency_s / kSecondsPerTick);
  }
}

std::int64_t longest_path_hops(const std::vector<std::int64_t>& flows) {
  const std::size_t n = flows.size();
  auto sign = [](std::int64_t f) { return (f > 0) - (f < 0); };
  std::int64_t best = 0;
  std::int64_t run = 0;
  int run_sign = 0;
  // Two passes around the ring catch the runs that wrap; a run never exceeds n.
  for (std::size_t k = 0; k < 2 * n; ++k) {
    const int s = sign(flows[k % n]);
    run = (s != 0 && s == run_sign) ? run + 1 : (s != 0 ? 1 : 0);
    run_sign = s;
    best = std::max(best, run);
  }
  return std::min<std::int64_t>(best, static_cast<std::int64_t>(n));
}

std::int64_t choose_chunk_items(const std::vector<std::int64_t>& flows,
                                const RingLinkModels& models, std::int64_t item_bytes,
                                std::int64_t max_chunk_bytes) {
  const std::int64_t cap =
      std::max<std::int64_t>(1, max_chunk_bytes / std::max<std::int64_t>(1, item_bytes));
  std::int64_t busiest = 0;
  for (const std::int64_t f : flows) busiest = std::max(busiest, f < 0 ? -f : f);
  const std::int64_t hops = longest_path_hops(flows);
  if (hops <= 1 || busiest == 0) return cap;
  double latency = 0.0;
  double per_byte = 0.0;
  for (const auto* side : {&models.succ, &models.pred})
    for (const LinkModel& m : *side) {
      latency = std::max(latency, m.latency_s);
      per_byte = std::max(per_byte, m.seconds_per_byte);
    }
  if (per_byte <= 0.0) return cap;
  // Document 004's pipelined transfer over the longest path, the ring layer's one rule
  // (ring/pipeline.hpp): the busiest flow cut into the best whole number of pieces.
  const double item_time = per_byte * static_cast<double>(item_bytes);
  const ring::PipelinePieces best = ring::best_pipeline_pieces(busiest, hops, latency, item_time);
  return std::clamp<std::int64_t>(best.piece_items, 1, cap);
}

}  // namespace redist::exec
