#include "ring_arrays.hpp"

#include <algorithm>
#include <vector>

#include "io/schedule_assembler.hpp"  // the schedule readers' rules (private to io)
#include "redist/core/decimal.hpp"
#include "redist/core/error.hpp"
#include "redist/redist.h"

namespace redist::capi {

namespace {

// Whether the cost list `field` fits a ring of n processors: one value or n.
void check_cost_count(std::span<const std::int64_t> costs, std::size_t n, const std::string& source,
                      const char* field) {
  if (costs.size() != 1 && costs.size() != n)
    throw InputError(source, field,
                     "has " + std::to_string(costs.size()) + " entries but the ring has " +
                         std::to_string(n) + " processors (give 1 value or n)");
  for (std::size_t i = 0; i < costs.size(); ++i)
    if (costs[i] <= 0)
      throw InputError(source, costs.size() == 1 ? std::string(field) : indexed(field, i),
                       "must be a positive finite number");
}

// Decimals a cost needs once its trailing zeros are dropped (12.50 needs 1).
int needed_decimals(std::int64_t ticks, int decimals) {
  while (decimals > 0 && ticks % 10 == 0) {
    ticks /= 10;
    --decimals;
  }
  return decimals;
}

std::vector<std::int64_t> at_scale(std::span<const std::int64_t> costs, std::size_t n, int from,
                                   int to) {
  if (costs.size() == 1)
    return std::vector<std::int64_t>(n,
                                     costs[0] / static_cast<std::int64_t>(pow10_ticks(from - to)));
  if (from == to) return {costs.begin(), costs.end()};  // the common case: a copy, no division
  const auto divisor = static_cast<std::int64_t>(pow10_ticks(from - to));
  std::vector<std::int64_t> ticks(n);
  for (std::size_t i = 0; i < n; ++i) ticks[i] = costs[i] / divisor;
  return ticks;
}

// A time given in units of 10^-decimals, as the JSON reader would have met it: trailing zeros
// dropped, so that the schedule's time scale is the one its JSON text would have.
Decimal as_decimal(std::int64_t value, int decimals) {
  while (decimals > 0 && value % 10 == 0) {
    value /= 10;
    --decimals;
  }
  return {value, decimals};
}

}  // namespace

RingInstance ring_from_arrays(const RingArrays& a, const std::string& source) {
  const std::size_t n = a.loads.size();
  if (n == 0) throw InputError(source, "loads", "the ring needs at least one processor (n = 0)");
  if (a.targets.size() != n)
    throw InputError(
        source, "targets",
        "has " + std::to_string(a.targets.size()) + " entries but loads has " + std::to_string(n));
  if (a.cost_decimals < 0 || a.cost_decimals > kMaxTimeScale)
    throw InputError(source, "cost_decimals",
                     "must be in [0, " + std::to_string(kMaxTimeScale) + "], got " +
                         std::to_string(a.cost_decimals));
  const bool bidirectional = a.kind == RingKind::bidirectional;
  if (!bidirectional && a.has_pred)
    throw InputError(source, "pred_cost",
                     "is only allowed on a bidirectional ring (this ring is unidirectional)");
  if (bidirectional && !a.has_pred)
    throw InputError(source, "pred_cost",
                     "missing required field (a bidirectional ring needs the cost P_i -> P_{i-1})");
  check_cost_count(a.succ_cost, n, source, "succ_cost");
  if (bidirectional) check_cost_count(a.pred_cost, n, source, "pred_cost");
  int scale = 0;
  for (const auto costs : {a.succ_cost, a.pred_cost})
    for (std::size_t i = 0; i < costs.size() && scale < a.cost_decimals; ++i)
      scale = std::max(scale, needed_decimals(costs[i], a.cost_decimals));
  RingInstance instance;
  instance.kind = a.kind;
  instance.loads.assign(a.loads.begin(), a.loads.end());
  instance.targets.assign(a.targets.begin(), a.targets.end());
  instance.cost_scale = scale;
  instance.succ_cost = at_scale(a.succ_cost, n, a.cost_decimals, scale);
  if (bidirectional) instance.pred_cost = at_scale(a.pred_cost, n, a.cost_decimals, scale);
  check_ring_instance(instance, source);
  return instance;
}

Schedule schedule_from_arrays(const RingInstance& ring, std::size_t count, const int32_t* from,
                              const int32_t* to, const int64_t* items, const int64_t* start,
                              const int64_t* spacing, const int8_t* link, int time_decimals) {
  if (time_decimals < 0 || time_decimals > kMaxTimeScale)
    throw InputError("schedule", "time_decimals",
                     "must be in [0, " + std::to_string(kMaxTimeScale) + "], got " +
                         std::to_string(time_decimals));
  const std::string source = "schedule";  // the assembler keeps a reference to it
  io::detail::ScheduleAssembler assembler(source, ring.size());
  assembler.mark_transfers_seen();
  assembler.reserve(count);
  for (std::size_t k = 0; k < count; ++k) {
    io::detail::RawTransfer raw;
    raw.from = Decimal{from[k], 0};
    raw.to = Decimal{to[k], 0};
    raw.items = Decimal{items[k], 0};
    raw.start = as_decimal(start[k], time_decimals);
    if (spacing != nullptr && spacing[k] != 0) raw.spacing = as_decimal(spacing[k], time_decimals);
    if (link != nullptr && link[k] != REDIST_LINK_NONE)
      raw.link = link[k] == REDIST_LINK_SUCC   ? "succ"
                 : link[k] == REDIST_LINK_PRED ? "pred"
                                               : std::to_string(link[k]);
    assembler.add_transfer(raw, k);
  }
  return assembler.finish();
}

}  // namespace redist::capi
