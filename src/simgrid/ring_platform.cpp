#include "redist/simgrid/ring_platform.hpp"

#include <cmath>

#include "redist/core/error.hpp"
#include "redist/io/exact_json.hpp"

namespace redist::simgrid {

namespace {

double number_field(const io::Json& object, const io::JsonPlace& place, const char* key, double low,
                    double high) {
  const io::Json& value = object[key];
  const Decimal d = io::as_decimal(value, place[key]);
  const double v = static_cast<double>(d.mantissa) * std::pow(10.0, -d.scale);
  if (v < low || v > high)
    place[key].fail("must be in [" + std::to_string(low) + ", " + std::to_string(high) + "]");
  return v;
}

RingLinkSpec link_spec(const io::Json& spec, const io::JsonPlace& place) {
  if (!spec.is_object()) place.fail("must be a JSON object");
  RingLinkSpec link;
  if (!spec.contains("rate_mbit")) place["rate_mbit"].fail("missing required field");
  link.rate_mbit = number_field(spec, place, "rate_mbit", 0.01, 100000);
  link.delay_ms = spec.contains("delay_ms") ? number_field(spec, place, "delay_ms", 0, 10000) : 0;
  link.back_rate_mbit = spec.contains("back_rate_mbit")
                            ? number_field(spec, place, "back_rate_mbit", 0.01, 100000)
                            : link.rate_mbit;
  link.back_delay_ms = spec.contains("back_delay_ms")
                           ? number_field(spec, place, "back_delay_ms", 0, 10000)
                           : link.delay_ms;
  return link;
}

RingPlatform uniform_ring(std::string name, std::vector<double> rates) {
  RingPlatform p;
  p.name = std::move(name);
  for (const double r : rates) p.links.push_back({r, 1, r, 1});
  return p;
}

}  // namespace

RingPlatform read_netlab_ring(const std::string& path) {
  const io::Json doc = io::read_exact_json_file(path);
  const io::JsonPlace root{path, ""};
  if (!doc.is_object()) root.fail("must be a JSON object");
  if (!doc.contains("kind") || !doc["kind"].is_string() ||
      io::as_string(doc["kind"], root["kind"]).compare("ring") != 0)
    root["kind"].fail("must be \"ring\"");
  const std::int64_t hosts =
      io::as_int64(doc.contains("hosts") ? doc["hosts"] : io::Json(), root["hosts"]);
  if (hosts < 3 || hosts > 64) root["hosts"].fail("must be an integer in [3, 64]");
  if (!doc.contains("links") || !doc["links"].is_array() ||
      doc["links"].size() != static_cast<std::size_t>(hosts))
    root["links"].fail("must be a list of " + std::to_string(hosts) + " links");
  RingPlatform p;
  p.name = path;
  for (std::size_t i = 0; i < doc["links"].size(); ++i)
    p.links.push_back(link_spec(doc["links"][i], root["links"][i]));
  return p;
}

RingPlatform ring6_hetero() {
  RingPlatform p;
  p.name = "ring6_hetero";
  p.links = {{40, 1, 40, 1}, {80, 1, 20, 1}, {100, 0.5, 100, 0.5},
             {20, 2, 60, 2}, {50, 1, 50, 1}, {30, 5, 90, 5}};
  return p;
}

RingPlatform ring6_slow_link() {
  return uniform_ring("ring6_slow_link", {100, 100, 20, 100, 100, 100});
}

double item_seconds(double rate_mbit, double item_bytes) {
  return item_bytes * 8 / (rate_mbit * 1e6);
}

RingInstance ring_platform_instance(const RingPlatform& platform, double item_bytes, int cost_scale,
                                    std::vector<std::int64_t> loads,
                                    std::vector<std::int64_t> targets) {
  const std::size_t n = platform.size();
  REDIST_ASSERT(loads.size() == n && targets.size() == n);
  const double tick = std::pow(10.0, -cost_scale);
  const auto ticks = [&](double rate) {
    return std::max<std::int64_t>(1, std::llround(item_seconds(rate, item_bytes) / tick));
  };
  RingInstance inst;
  inst.kind = RingKind::bidirectional;
  inst.loads = std::move(loads);
  inst.targets = std::move(targets);
  inst.cost_scale = cost_scale;
  inst.succ_cost.resize(n);
  inst.pred_cost.resize(n);
  for (std::size_t i = 0; i < n; ++i) {
    inst.succ_cost[i] = ticks(platform.links[i].rate_mbit);
    inst.pred_cost[(i + 1) % n] = ticks(platform.links[i].back_rate_mbit);
  }
  return inst;
}

}  // namespace redist::simgrid
