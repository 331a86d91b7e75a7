#include "redist/io/schedule_io.hpp"

#include <algorithm>

#include "redist/core/error.hpp"

namespace redist::io {

namespace {

struct TimeField {
  Decimal value;
  bool present = false;
};

Decimal read_time(const Json& value, const JsonPlace& place) {
  const Decimal d = as_decimal(value, place);
  if (d.mantissa < 0) place.fail("must be >= 0");
  return d;
}

std::int64_t read_processor(const Json& value, const JsonPlace& place, std::size_t ring_size) {
  const std::int64_t p = as_int64(value, place);
  if (p < 0 || static_cast<std::size_t>(p) >= ring_size)
    place.fail("processor " + std::to_string(p) + " is out of range 0.." + std::to_string(ring_size - 1));
  return p;
}

Ticks ticks_at(const Decimal& d, int scale, const JsonPlace& place) {
  const auto t = to_ticks(d, scale);
  if (!t) place.fail("does not fit 128-bit ticks at 10^-" + std::to_string(scale));
  return *t;
}

}  // namespace

Schedule schedule_from_json(const Json& document, const std::string& source, std::size_t ring_size) {
  const JsonPlace root{source, ""};
  check_object_fields(document, root, {}, {"transfers"});
  const Json& list = document["transfers"];
  if (!list.is_array()) root["transfers"].fail("must be an array");

  std::vector<Decimal> starts(list.size());
  Schedule schedule;
  schedule.transfers.resize(list.size());
  int scale = 0;
  for (std::size_t i = 0; i < list.size(); ++i) {
    const JsonPlace place = root["transfers"][i];
    check_object_fields(list[i], place, {}, {"from", "to", "items", "start"});
    Transfer& t = schedule.transfers[i];
    t.from = read_processor(list[i]["from"], place["from"], ring_size);
    t.to = read_processor(list[i]["to"], place["to"], ring_size);
    // A batch moves 1 .. 2^63-1 items (docs/limits.md); a 0-item "transfer" is refused, not skipped.
    t.items = as_int64(list[i]["items"], place["items"]);
    if (t.items < 1) place["items"].fail("must be in 1 .. 2^63-1, got " + std::to_string(t.items));
    starts[i] = read_time(list[i]["start"], place["start"]);
    scale = std::max(scale, starts[i].scale);
    if (list[i].contains("link")) {
      const std::string& link = as_string(list[i]["link"], place["link"]);
      if (link != "succ" && link != "pred") place["link"].fail("must be \"succ\" or \"pred\", got \"" + link + "\"");
      t.link = link == "succ" ? Link::succ : Link::pred;
    }
  }
  Decimal makespan{}, lower_bound{};
  if (document.contains("makespan")) scale = std::max(scale, (makespan = read_time(document["makespan"], root["makespan"])).scale);
  if (document.contains("lower_bound"))
    scale = std::max(scale, (lower_bound = read_time(document["lower_bound"], root["lower_bound"])).scale);
  schedule.time_scale = scale;
  for (std::size_t i = 0; i < list.size(); ++i)
    schedule.transfers[i].start = ticks_at(starts[i], scale, root["transfers"][i]["start"]);
  if (document.contains("makespan")) schedule.makespan = ticks_at(makespan, scale, root["makespan"]);
  if (document.contains("lower_bound")) schedule.lower_bound = ticks_at(lower_bound, scale, root["lower_bound"]);
  if (document.contains("status")) {
    const std::string& status = as_string(document["status"], root["status"]);
    if (status != "optimal" && status != "feasible")
      root["status"].fail("must be \"optimal\" or \"feasible\", got \"" + status + "\"");
    schedule.status = status == "optimal" ? PlanStatus::optimal : PlanStatus::feasible;
  }
  if (document.contains("flow_shift")) schedule.flow_shift = as_int64(document["flow_shift"], root["flow_shift"]);
  return schedule;
}

Schedule read_schedule(const std::string& path, std::size_t ring_size) {
  return schedule_from_json(read_exact_json_file(path), path, ring_size);
}

Json schedule_to_json(const Schedule& schedule) {
  Json doc = Json::object();
  if (schedule.makespan) doc["makespan"] = ticks_to_json(*schedule.makespan, schedule.time_scale);
  if (schedule.lower_bound) doc["lower_bound"] = ticks_to_json(*schedule.lower_bound, schedule.time_scale);
  if (schedule.status) doc["status"] = to_string(*schedule.status);
  if (schedule.flow_shift) doc["flow_shift"] = *schedule.flow_shift;
  Json list = Json::array();
  for (const Transfer& t : schedule.transfers) {
    Json entry = {{"from", t.from}, {"to", t.to}, {"items", t.items},
                  {"start", ticks_to_json(t.start, schedule.time_scale)}};
    if (t.link) entry["link"] = *t.link == Link::succ ? "succ" : "pred";
    list.push_back(std::move(entry));
  }
  doc["transfers"] = std::move(list);
  return doc;
}

std::string transfers_json_text(const Schedule& schedule, const std::string& indent) {
  if (schedule.transfers.empty()) return "[]";
  std::string out = "[\n";
  out.reserve(schedule.transfers.size() * (indent.size() + 48));
  const std::string inner = indent + "  ";
  for (std::size_t i = 0; i < schedule.transfers.size(); ++i) {
    const Transfer& t = schedule.transfers[i];
    // Keys in the order nlohmann::json sorts them, so that the text matches schedule_to_json's dump.
    out += inner + "{\"from\":" + std::to_string(t.from) + ",\"items\":" + std::to_string(t.items);
    if (t.link) out += *t.link == Link::succ ? ",\"link\":\"succ\"" : ",\"link\":\"pred\"";
    out += ",\"start\":" + ticks_to_json(t.start, schedule.time_scale).dump() + ",\"to\":" + std::to_string(t.to) + "}";
    out += i + 1 < schedule.transfers.size() ? ",\n" : "\n";
  }
  return out + indent + "]";
}

}  // namespace redist::io
