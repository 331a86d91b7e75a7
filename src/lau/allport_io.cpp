#include "redist/lau/allport_io.hpp"

#include "io/json_release.hpp"
#include "redist/core/error.hpp"
#include "redist/io/json_text.hpp"
#include "redist/io/memory_budget.hpp"

namespace redist::lau {

using io::Json;
using io::JsonPlace;

sim::AllportInstance allport_instance_from_json(const Json& document, const std::string& source) {
  const JsonPlace root{source, ""};
  io::check_object_fields(document, root, {"model", "loads", "targets"}, {"loads"});
  if (document.contains("model")) {  // optional: `redist lau` reads all-port instances only
    const std::string& model = io::as_string(document["model"], root["model"]);
    if (model != "allport")
      root["model"].fail("must be \"allport\", got \"" + echoed(model) + "\"");
  }
  sim::AllportInstance inst;
  inst.loads = io::as_count_array(document["loads"], root["loads"]);
  if (inst.loads.empty()) root["loads"].fail("the ring needs at least one processor (n = 0)");
  if (inst.loads.size() > sim::kMaxAllportSize)
    root["loads"].fail("at most " + std::to_string(sim::kMaxAllportSize) +
                       " processors are supported");
  if (document.contains("targets")) {
    inst.targets = io::as_count_array(document["targets"], root["targets"]);
  } else {
    sim::check_allport_instance(sim::AllportInstance{inst.loads, inst.loads},
                                source);  // totals before averaging
    inst.targets = sim::average_targets(inst.loads);
  }
  sim::check_allport_instance(inst, source);
  return inst;
}

// Peak bytes of `redist lau` per byte of its instance file: the file is read into a DOM (16 bytes a
// number, its arrays grown by doubling) before the planner's vectors are made. Measured: 32 with
// one-digit loads (n = 5 x 10^6), 21 with three digits, 9.4 with thirteen; plus 25%.
constexpr std::uint64_t kReadBytesPerFileByte = 40;

sim::AllportInstance read_allport_instance(const std::string& path) {
  io::require_memory(io::kProgramBytes + kReadBytesPerFileByte * io::regular_file_size(path), path,
                     "reading this all-port instance");
  Json document = io::read_exact_json_file(path);
  const io::JsonReleaser release(document);  // freed without allocating (io/json_release.hpp)
  return allport_instance_from_json(document, path);
}

std::string allport_instance_text(const sim::AllportInstance& inst) {
  std::vector<io::RawMember> arrays{{"loads", io::int_array_text(inst.loads)}};
  if (inst.targets != sim::average_targets(inst.loads))
    arrays.push_back({"targets", io::int_array_text(inst.targets)});
  return io::json_text_with_arrays(Json{{"model", "allport"}}, std::move(arrays));
}

Json allport_instance_to_json(const sim::AllportInstance& inst) {
  Json doc = Json::object();
  doc["model"] = "allport";
  doc["loads"] = inst.loads;
  if (inst.targets != sim::average_targets(inst.loads)) doc["targets"] = inst.targets;
  return doc;
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

namespace {

// The result without its two n-long arrays (flows, targets).
Json lau_plan_summary(const LauPlan& plan) {
  Json doc = Json::object();
  doc["algorithm"] = to_string(plan.algorithm);
  doc["mode"] = to_string(plan.mode);
  doc["shift"] = plan.shift;
  doc["traffic"] = io::wide_to_json(plan.traffic);
  put_time(doc, "T_single", "deadlock_single", plan.t_single);
  put_time(doc, "T_multi", "deadlock_multi", plan.t_multi);
  if (plan.optimal_shifts)
    doc["optimal_shifts"] = {plan.optimal_shifts->lo, plan.optimal_shifts->hi};
  if (plan.window && plan.window->defined)
    doc["window"] = {{"d_min", plan.window->d_min},
                     {"d_max", plan.window->d_max},
                     {"size", plan.window->size()}};
  return doc;
}

}  // namespace

Json lau_plan_to_json(const sim::AllportInstance& instance, const LauPlan& plan) {
  Json doc = lau_plan_summary(plan);
  doc["flows"] = plan.flows;
  doc["targets"] = instance.targets;
  return doc;
}

std::string lau_plan_text(const sim::AllportInstance& instance, const LauPlan& plan) {
  return io::json_text_with_arrays(lau_plan_summary(plan),
                                   {{"flows", io::int_array_text(plan.flows)},
                                    {"targets", io::int_array_text(instance.targets)}});
}

}  // namespace redist::lau
