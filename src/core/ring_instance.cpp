#include "redist/core/ring_instance.hpp"

#include <algorithm>

#include "redist/core/error.hpp"

namespace redist {

const char* to_string(RingKind kind) {
  return kind == RingKind::unidirectional ? "unidirectional" : "bidirectional";
}

bool RingInstance::homogeneous() const noexcept {
  if (succ_cost.empty()) return true;
  const auto c = succ_cost.front();
  const auto same = [c](std::int64_t x) { return x == c; };
  return std::all_of(succ_cost.begin(), succ_cost.end(), same) &&
         std::all_of(pred_cost.begin(), pred_cost.end(), same);
}

bool RingInstance::has_latency() const noexcept {
  const auto positive = [](std::int64_t l) { return l > 0; };
  return std::any_of(succ_latency.begin(), succ_latency.end(), positive) ||
         std::any_of(pred_latency.begin(), pred_latency.end(), positive);
}

std::vector<std::int64_t> RingInstance::imbalances() const {
  std::vector<std::int64_t> delta(size());
  for (std::size_t i = 0; i < size(); ++i) delta[i] = loads[i] - targets[i];
  return delta;
}

std::int64_t RingInstance::total_items() const noexcept {
  std::int64_t total = 0;
  for (auto l : loads) total += l;
  return total;
}

bool RingInstance::all_loads_positive() const noexcept {
  const auto positive = [](std::int64_t x) { return x >= 1; };
  return std::all_of(loads.begin(), loads.end(), positive) &&
         std::all_of(targets.begin(), targets.end(), positive);
}

namespace {

void check_item_counts(const std::vector<std::int64_t>& values, const char* field,
                       const std::string& source, std::int64_t& total) {
  total = 0;
  for (std::size_t i = 0; i < values.size(); ++i) {
    if (values[i] < 0)
      throw InputError(source, indexed(field, i), "must be >= 0, got " + std::to_string(values[i]));
    if (values[i] > kMaxTotalItems - total)
      throw InputError(
          source, indexed(field, i),
          "running total exceeds 2^62 items (later sums would overflow 64-bit arithmetic)");
    total += values[i];
  }
}

void check_costs(const std::vector<std::int64_t>& costs, const char* field,
                 const std::string& source) {
  for (std::size_t i = 0; i < costs.size(); ++i)
    if (costs[i] <= 0)
      throw InputError(source, indexed(field, i), "must be a positive finite number");
}

// A start-up list is empty (every start-up 0) or has n entries >= 0, not all 0.
void check_latencies(const std::vector<std::int64_t>& latencies, std::size_t n, const char* field,
                     const std::string& source) {
  if (latencies.empty()) return;
  if (latencies.size() != n)
    throw InputError(source, field,
                     "has " + std::to_string(latencies.size()) + " entries but the ring has " +
                         std::to_string(n) + " processors");
  for (std::size_t i = 0; i < latencies.size(); ++i)
    if (latencies[i] < 0)
      throw InputError(source, indexed(field, i), "must be >= 0 (a start-up cost)");
}

std::int64_t largest(const std::vector<std::int64_t>& values) {
  return values.empty() ? 0 : *std::max_element(values.begin(), values.end());
}

}  // namespace

void check_ring_instance(const RingInstance& inst, const std::string& source) {
  const std::size_t n = inst.size();
  if (n == 0) throw InputError(source, "loads", "the ring needs at least one processor (n = 0)");
  if (n > static_cast<std::size_t>(kMaxRingSize))
    throw InputError(source, "loads",
                     "at most " + std::to_string(kMaxRingSize) + " processors are supported");
  if (inst.targets.size() != n)
    throw InputError(source, "targets",
                     "has " + std::to_string(inst.targets.size()) + " entries but loads has " +
                         std::to_string(n));
  if (inst.succ_cost.size() != n)
    throw InputError(source, "succ_cost",
                     "has " + std::to_string(inst.succ_cost.size()) + " entries but the ring has " +
                         std::to_string(n) + " processors");
  if (inst.bidirectional() && inst.pred_cost.size() != n)
    throw InputError(source, "pred_cost",
                     "has " + std::to_string(inst.pred_cost.size()) + " entries but the ring has " +
                         std::to_string(n) + " processors");
  if (!inst.bidirectional() && !inst.pred_cost.empty())
    throw InputError(source, "pred_cost", "is only allowed on a bidirectional ring");
  std::int64_t load_total = 0;
  std::int64_t target_total = 0;
  check_item_counts(inst.loads, "loads", source, load_total);
  check_item_counts(inst.targets, "targets", source, target_total);
  if (load_total != target_total)
    throw InputError(source, "targets",
                     "sum to " + std::to_string(target_total) + " but loads sum to " +
                         std::to_string(load_total) + " (items are conserved)");
  check_costs(inst.succ_cost, "succ_cost", source);
  check_costs(inst.pred_cost, "pred_cost", source);
  check_latencies(inst.succ_latency, n, "succ_latency", source);
  check_latencies(inst.pred_latency, n, "pred_latency", source);
  if (!inst.bidirectional() && !inst.pred_latency.empty())
    throw InputError(source, "pred_latency", "is only allowed on a bidirectional ring");
  // Every time redist computes is at most a few times total items x largest cost (flows are bounded
  // by the total): keeping that product under 2^120 leaves 2^7 of headroom in 128-bit ticks. A
  // message holds at least one item, so with start-ups the same holds for the largest cost plus
  // the largest start-up.
  const std::int64_t max_cost = std::max(largest(inst.succ_cost), largest(inst.pred_cost));
  const std::int64_t max_latency = std::max(largest(inst.succ_latency), largest(inst.pred_latency));
  const Ticks limit = static_cast<Ticks>(1) << 120;
  if (static_cast<Ticks>(std::max<std::int64_t>(load_total, 1)) *
          (static_cast<Ticks>(max_cost) + max_latency) >
      limit)
    throw InputError(source, max_latency > 0 ? "succ_latency" : "succ_cost",
                     max_latency > 0 ? "total items x (largest cost + largest start-up) exceeds "
                                       "2^120 ticks: times would overflow 128-bit arithmetic"
                                     : "total items x largest cost exceeds 2^120 ticks: times "
                                       "would overflow 128-bit arithmetic");
}

void drop_zero_latencies(RingInstance& instance) {
  const auto all_zero = [](const std::vector<std::int64_t>& l) {
    return std::all_of(l.begin(), l.end(), [](std::int64_t v) { return v == 0; });
  };
  if (all_zero(instance.succ_latency) && all_zero(instance.pred_latency)) {
    instance.succ_latency.clear();
    instance.pred_latency.clear();
  }
}

RingInstance rescaled(const RingInstance& instance, int new_scale) {
  REDIST_ASSERT(new_scale >= instance.cost_scale);
  if (new_scale == instance.cost_scale) return instance;
  RingInstance out = instance;
  const Ticks factor = pow10_ticks(new_scale - instance.cost_scale);
  const auto scale_all = [factor, &new_scale](std::vector<std::int64_t>& costs, const char* field) {
    for (std::size_t i = 0; i < costs.size(); ++i) {
      const Ticks v = static_cast<Ticks>(costs[i]) * factor;
      if (v > INT64_MAX)
        throw InputError(
            "", indexed(field, i),
            "cost does not fit 64-bit ticks at time scale 10^-" + std::to_string(new_scale));
      costs[i] = static_cast<std::int64_t>(v);
    }
  };
  scale_all(out.succ_cost, "succ_cost");
  scale_all(out.pred_cost, "pred_cost");
  scale_all(out.succ_latency, "succ_latency");
  scale_all(out.pred_latency, "pred_latency");
  out.cost_scale = new_scale;
  return out;
}

}  // namespace redist
