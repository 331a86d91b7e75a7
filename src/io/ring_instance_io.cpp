#include "redist/io/ring_instance_io.hpp"

#include <algorithm>

#include "redist/core/error.hpp"

namespace redist::io {

namespace {

// A cost field: one number or a list of n numbers, as exact decimals.
std::vector<Decimal> read_costs(const Json& value, const JsonPlace& place, std::size_t n) {
  std::vector<Decimal> costs;
  if (value.is_array()) {
    if (value.size() != n)
      place.fail("has " + std::to_string(value.size()) + " entries but the ring has " + std::to_string(n) +
                 " processors");
    for (std::size_t i = 0; i < n; ++i) costs.push_back(as_decimal(value[i], place[i]));
  } else {
    costs.assign(n, as_decimal(value, place));
  }
  for (std::size_t i = 0; i < costs.size(); ++i)
    if (costs[i].mantissa <= 0) (value.is_array() ? place[i] : place).fail("must be a positive finite number");
  return costs;
}

std::vector<std::int64_t> to_cost_ticks(const std::vector<Decimal>& costs, int scale, const JsonPlace& place,
                                        bool listed) {
  std::vector<std::int64_t> ticks(costs.size());
  for (std::size_t i = 0; i < costs.size(); ++i) {
    const auto t = to_ticks(costs[i], scale);
    if (!t || *t > INT64_MAX)
      (listed ? place[i] : place).fail("cost too large for 64-bit ticks at 10^-" + std::to_string(scale));
    ticks[i] = static_cast<std::int64_t>(*t);
  }
  return ticks;
}

int finest_scale(const std::vector<Decimal>& costs) {
  int scale = 0;
  for (const auto& c : costs) scale = std::max(scale, c.scale);
  return scale;
}

Json costs_to_json(const std::vector<std::int64_t>& costs, int scale) {
  if (std::all_of(costs.begin(), costs.end(), [&](std::int64_t c) { return c == costs.front(); }))
    return ticks_to_json(costs.front(), scale);
  Json list = Json::array();
  for (auto c : costs) list.push_back(ticks_to_json(c, scale));
  return list;
}

}  // namespace

RingInstance ring_instance_from_json(const Json& document, const std::string& source) {
  const JsonPlace root{source, ""};
  check_object_fields(document, root, {"ring", "loads", "targets", "succ_cost", "pred_cost"},
                      {"ring", "loads", "targets", "succ_cost"});
  RingInstance inst;
  const std::string& ring = as_string(document["ring"], root["ring"]);
  if (ring == "unidirectional") {
    inst.kind = RingKind::unidirectional;
  } else if (ring == "bidirectional") {
    inst.kind = RingKind::bidirectional;
  } else {
    root["ring"].fail("must be \"unidirectional\" or \"bidirectional\", got \"" + ring + "\"");
  }
  inst.loads = as_count_array(document["loads"], root["loads"]);
  inst.targets = as_count_array(document["targets"], root["targets"]);
  const std::size_t n = inst.loads.size();
  if (n == 0) root["loads"].fail("the ring needs at least one processor (n = 0)");
  if (inst.targets.size() != n)
    root["targets"].fail("has " + std::to_string(inst.targets.size()) + " entries but loads has " +
                         std::to_string(n));
  if (!inst.bidirectional() && document.contains("pred_cost"))
    root["pred_cost"].fail("is only allowed on a bidirectional ring (this ring is unidirectional)");
  if (inst.bidirectional() && !document.contains("pred_cost"))
    root["pred_cost"].fail("missing required field (a bidirectional ring needs the cost P_i -> P_{i-1})");

  const auto succ = read_costs(document["succ_cost"], root["succ_cost"], n);
  std::vector<Decimal> pred;
  if (inst.bidirectional()) pred = read_costs(document["pred_cost"], root["pred_cost"], n);
  inst.cost_scale = std::max(finest_scale(succ), finest_scale(pred));
  inst.succ_cost = to_cost_ticks(succ, inst.cost_scale, root["succ_cost"], document["succ_cost"].is_array());
  if (inst.bidirectional())
    inst.pred_cost = to_cost_ticks(pred, inst.cost_scale, root["pred_cost"], document["pred_cost"].is_array());
  check_ring_instance(inst, source);
  return inst;
}

RingInstance read_ring_instance(const std::string& path) {
  return ring_instance_from_json(read_exact_json_file(path), path);
}

Json ring_instance_to_json(const RingInstance& inst) {
  Json doc = Json::object();
  doc["ring"] = to_string(inst.kind);
  doc["loads"] = inst.loads;
  doc["targets"] = inst.targets;
  doc["succ_cost"] = costs_to_json(inst.succ_cost, inst.cost_scale);
  if (inst.bidirectional()) doc["pred_cost"] = costs_to_json(inst.pred_cost, inst.cost_scale);
  return doc;
}

}  // namespace redist::io
