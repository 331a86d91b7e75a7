#include "redist/io/allport_io.hpp"

#include "redist/core/error.hpp"

namespace redist::io {

sim::AllportInstance allport_instance_from_json(const Json& document, const std::string& source) {
  const JsonPlace root{source, ""};
  check_object_fields(document, root, {"model", "loads", "targets"}, {"loads"});
  if (document.contains("model")) {  // optional: `redist lau` reads all-port instances only
    const std::string& model = as_string(document["model"], root["model"]);
    if (model != "allport") root["model"].fail("must be \"allport\", got \"" + model + "\"");
  }
  sim::AllportInstance inst;
  inst.loads = as_count_array(document["loads"], root["loads"]);
  if (inst.loads.empty()) root["loads"].fail("the ring needs at least one processor (n = 0)");
  if (inst.loads.size() > sim::kMaxAllportSize)
    root["loads"].fail("at most " + std::to_string(sim::kMaxAllportSize) + " processors are supported");
  if (document.contains("targets")) {
    inst.targets = as_count_array(document["targets"], root["targets"]);
  } else {
    sim::check_allport_instance(sim::AllportInstance{inst.loads, inst.loads}, source);  // totals before averaging
    inst.targets = sim::average_targets(inst.loads);
  }
  sim::check_allport_instance(inst, source);
  return inst;
}

sim::AllportInstance read_allport_instance(const std::string& path) {
  return allport_instance_from_json(read_exact_json_file(path), path);
}

Json allport_instance_to_json(const sim::AllportInstance& inst) {
  Json doc = Json::object();
  doc["model"] = "allport";
  doc["loads"] = inst.loads;
  if (inst.targets != sim::average_targets(inst.loads)) doc["targets"] = inst.targets;
  return doc;
}

Json wide_to_json(__int128 value) {
  if (value >= INT64_MIN && value <= INT64_MAX) return Json(static_cast<std::int64_t>(value));
  const bool negative = value < 0;
  unsigned __int128 magnitude = negative ? -static_cast<unsigned __int128>(value) : static_cast<unsigned __int128>(value);
  std::string digits;
  while (magnitude > 0) {
    digits.insert(digits.begin(), static_cast<char>('0' + static_cast<int>(magnitude % 10)));
    magnitude /= 10;
  }
  return Json((negative ? "-" : "") + digits);
}

namespace {

void put_time(Json& doc, const char* key, const char* deadlock_key, const sim::AllportTime& t) {
  if (t.deadlock) {
    doc[key] = nullptr;
    doc[deadlock_key] = true;
  } else {
    doc[key] = t.steps;
  }
}

}  // namespace

Json lau_plan_to_json(const sim::AllportInstance& instance, const lau::LauPlan& plan) {
  Json doc = Json::object();
  doc["algorithm"] = to_string(plan.algorithm);
  doc["mode"] = to_string(plan.mode);
  doc["shift"] = plan.shift;
  doc["flows"] = plan.flows;
  doc["traffic"] = wide_to_json(plan.traffic);
  put_time(doc, "T_single", "deadlock_single", plan.t_single);
  put_time(doc, "T_multi", "deadlock_multi", plan.t_multi);
  doc["targets"] = instance.targets;
  if (plan.optimal_shifts) doc["optimal_shifts"] = {plan.optimal_shifts->lo, plan.optimal_shifts->hi};
  if (plan.window && plan.window->defined)
    doc["window"] = {{"d_min", plan.window->d_min}, {"d_max", plan.window->d_max}, {"size", plan.window->size()}};
  return doc;
}

}  // namespace redist::io
