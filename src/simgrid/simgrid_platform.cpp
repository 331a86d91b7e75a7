#include "simgrid_platform.hpp"

#include <simgrid/kernel/ProfileBuilder.hpp>

#include "redist/core/error.hpp"
#include "redist/simgrid/platform_routes.hpp"

namespace redist::simgrid::detail {

namespace {

std::vector<sg4::Link*> create_links(sg4::NetZone* zone, const TiersPlatform& platform) {
  std::vector<sg4::Link*> links;
  for (const PlatformLink& l : platform.links) {
    sg4::Link* link = zone->create_split_duplex_link(l.name, l.bandwidth);
    link->set_latency(l.latency);
    link->seal();
    links.push_back(link);
  }
  return links;
}

std::vector<sg4::LinkInRoute> simgrid_route(const Route& route,
                                            const std::vector<sg4::Link*>& links) {
  using Direction = sg4::LinkInRoute::Direction;
  std::vector<sg4::LinkInRoute> out;
  for (const RouteHop& hop : route.hops)
    out.emplace_back(links[static_cast<std::size_t>(hop.link)],
                     hop.forward ? Direction::UP : Direction::DOWN);
  return out;
}

sg4::Host* create_host(sg4::NetZone* zone, const std::string& name, const RingHostSpec& spec) {
  sg4::Host* host = zone->create_host(name, spec.pstate_flops);
  if (!spec.speed_profile.empty())
    host->set_speed_profile(::simgrid::kernel::profile::ProfileBuilder::from_string(
        name + "-speed", spec.speed_profile, -1));
  host->seal();
  return host;
}

}  // namespace

std::unique_ptr<sg4::Engine> start_engine() {
  if (sg4::Engine::has_instance())
    throw InternalError(
        "SimGrid allows one engine per process: run each simulation in its own process "
        "(isolated_run.hpp)");
  static char program[] = "redist-simgrid";
  static char quiet[] = "--log=root.threshold:critical";
  static char* argv[] = {program, quiet, nullptr};
  static int argc = 2;
  auto engine = std::make_unique<sg4::Engine>(&argc, argv);
  sg4::Engine::set_config("network/model:CM02");
  sg4::Engine::set_config("network/crosstraffic:0");
  return engine;
}

std::vector<sg4::Host*> build_platform(const TiersPlatform& platform,
                                       const std::vector<int>& ring_hosts,
                                       const std::vector<RingHostSpec>& specs) {
  REDIST_ASSERT(specs.size() == ring_hosts.size());
  sg4::NetZone* zone = sg4::create_full_zone("tiers");
  std::vector<sg4::Host*> hosts;
  for (std::size_t i = 0; i < ring_hosts.size(); ++i)
    hosts.push_back(
        create_host(zone, platform.nodes[static_cast<std::size_t>(ring_hosts[i])].name, specs[i]));
  const std::vector<sg4::Link*> links = create_links(zone, platform);
  for (std::size_t i = 0; i < ring_hosts.size(); ++i)
    for (std::size_t j = 0; j < ring_hosts.size(); ++j) {
      if (i == j) continue;
      const Route route = shortest_route(platform, ring_hosts[i], ring_hosts[j]);
      zone->add_route(hosts[i]->get_netpoint(), hosts[j]->get_netpoint(), nullptr, nullptr,
                      simgrid_route(route, links), false);
    }
  zone->seal();
  return hosts;
}

}  // namespace redist::simgrid::detail
