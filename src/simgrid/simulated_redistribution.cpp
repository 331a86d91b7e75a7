#include "redist/simgrid/simulated_redistribution.hpp"

#include <sstream>

#include "one_port_exchange.hpp"
#include "redist/core/error.hpp"
#include "redist/ring/plan.hpp"
#include "redist/simgrid/platform_routes.hpp"
#include "redist/simgrid/study_scenario.hpp"
#include "simgrid_platform.hpp"
#include "text_fields.hpp"

namespace redist::simgrid {

using namespace detail;

SimulatedRedistribution simulate_redistribution(const TiersPlatform& platform,
                                                const std::vector<int>& ring_hosts,
                                                double item_bytes,
                                                const std::vector<std::int64_t>& loads,
                                                const std::vector<std::int64_t>& targets,
                                                bool startups) {
  const RingRoutes routes = ring_routes(platform, ring_hosts);
  RingInstance instance =
      ring_instance_on_routes(routes, item_bytes, kStudyCostScale, loads, targets);
  if (startups) add_route_latencies(instance, routes, kStudyCostScale);
  check_ring_instance(instance, "simulated redistribution");
  const ring::RingPlan plan = ring::plan_ring(instance);
  // One rule for the messages: the plan's own when it was made with start-ups, else document
  // 004's chunk for the sends to relays.
  const bool plan_messages = instance.has_latency();
  auto roles = exchange_roles(plan.schedule, loads, plan_messages);
  if (!plan_messages) size_relay_messages(roles, routes, item_bytes);

  SimulatedRedistribution out;
  out.predicted = study_seconds(*plan.schedule.makespan);
  out.light = sends_only_held(roles);
  for (const Transfer& t : plan.schedule.transfers) out.items += t.items;
  out.finished.assign(ring_hosts.size(), 0.0);

  auto engine = start_engine();
  ExchangeNetwork net;
  net.hosts = build_platform(platform, ring_hosts, std::vector<RingHostSpec>(ring_hosts.size()));
  net.item_bytes = item_bytes;
  for (std::size_t i = 0; i < ring_hosts.size(); ++i)
    sg4::Actor::create("rank-" + std::to_string(i), net.hosts[i], [&, i] {
      run_exchange(static_cast<int>(i), roles[i], net);
      out.finished[i] = sg4::Engine::get_clock();
    });
  engine->run();
  for (double t : out.finished) out.measured = std::max(out.measured, t);
  return out;
}

std::string serialize(const SimulatedRedistribution& r) {
  TextWriter w;
  w.put("predicted", r.predicted)
      .put("measured", r.measured)
      .put("items", static_cast<double>(r.items));
  w.put("light", r.light ? 1.0 : 0.0);
  w.put_list("finished", r.finished);
  return w.text();
}

SimulatedRedistribution parse_simulated_redistribution(const std::string& text) {
  const TextReader in(text);
  SimulatedRedistribution r;
  r.predicted = in.number("predicted");
  r.measured = in.number("measured");
  r.items = static_cast<std::int64_t>(in.number("items"));
  r.light = in.number("light") != 0;
  r.finished = in.list("finished");
  return r;
}

}  // namespace redist::simgrid
