// redist-tiers-netlab: writes the part of the SimGrid study's Tiers-like platform that a ring of p
// hosts uses (docs/simgrid.md "Platform") as a netlab topology of kind "graph" (docs/netlab.md), so
// that the emulated network has the same routes and bottlenecks as the simulated one.
//
//   redist-tiers-netlab --ring-size 8 --seed 1 -o tiers8.json
//   tools/netlab run tiers8.json -- redist-mpi-example matrix ...
//
// The ring and its hosts are the study's for that seed and ring size (make_scenario). Kept: every
// node and link on the route between any two ring hosts, in the platform's own order, so that
// netlab's shortest routes (fewest hops, then latency, then link index, searched from the lower
// node index) are exactly platform_routes.cpp's. Rates in Mbit/s, one-way latencies in ms.
// Exit status: 0 success, 2 bad input (one line on stderr).

#include <CLI/CLI.hpp>
#include <cstdio>
#include <fstream>
#include <set>
#include <string>

#include "redist/core/error.hpp"
#include "redist/simgrid/study_scenario.hpp"
#include "redist/io/ring_instance_io.hpp"

namespace {

using redist::io::Json;

// Links (platform indices) on the routes between every pair of ring hosts.
std::set<int> used_links(const redist::StudyScenario& s) {
  std::set<int> links;
  for (std::size_t i = 0; i < s.ring_hosts.size(); ++i)
    for (std::size_t j = i + 1; j < s.ring_hosts.size(); ++j)
      for (const redist::RouteHop& hop : redist::shortest_route(s.platform, s.ring_hosts[i], s.ring_hosts[j]).hops)
        links.insert(hop.link);
  return links;
}

Json topology(const redist::StudyScenario& s, int ring_size, std::uint64_t seed) {
  const std::set<int> links = used_links(s);
  std::set<int> nodes(s.ring_hosts.begin(), s.ring_hosts.end());
  for (const int l : links) {
    nodes.insert(s.platform.links[static_cast<std::size_t>(l)].a);
    nodes.insert(s.platform.links[static_cast<std::size_t>(l)].b);
  }
  Json out = {{"description", "Tiers-like platform of the SimGrid study (seed " + std::to_string(seed) + ", ring of " +
                                  std::to_string(ring_size) + "): the nodes and links on the routes between ring hosts"},
              {"kind", "graph"}};
  Json names = Json::array();
  for (const int n : nodes) names.push_back(s.platform.nodes[static_cast<std::size_t>(n)].name);
  Json hosts = Json::array();
  for (const int h : s.ring_hosts) hosts.push_back(s.platform.nodes[static_cast<std::size_t>(h)].name);
  Json edges = Json::array();
  for (const int l : links) {
    const redist::PlatformLink& link = s.platform.links[static_cast<std::size_t>(l)];
    edges.push_back({{"a", s.platform.nodes[static_cast<std::size_t>(link.a)].name},
                     {"b", s.platform.nodes[static_cast<std::size_t>(link.b)].name},
                     {"rate_mbit", link.bandwidth * 8.0 / 1e6},
                     {"delay_ms", link.latency * 1e3},
                     {"class", redist::to_string(link.cls)}});
  }
  out["nodes"] = names;
  out["hosts"] = hosts;
  out["links"] = edges;
  return out;
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"redist-tiers-netlab: the SimGrid study's platform, as used by one ring, as a netlab topology"};
  int ring_size = 8;
  std::uint64_t seed = 1;
  std::string output = "-";
  app.add_option("--ring-size", ring_size, "hosts of the ring (the study's p)")->check(CLI::Range(2, 64));
  app.add_option("--seed", seed, "the study's scenario seed (draws the ring hosts)");
  app.add_option("-o,--output", output, "where to write the topology (default: standard output)");
  CLI11_PARSE(app, argc, argv);
  try {
    redist::ScenarioOptions options;
    options.ring_size = ring_size;
    options.seed = seed;
    const std::string text = topology(redist::make_scenario(options), ring_size, seed).dump(1) + "\n";
    if (output == "-") {
      std::fputs(text.c_str(), stdout);
      return 0;
    }
    std::ofstream out(output);
    out << text;
    if (!out) throw redist::InputError(output, "", "cannot write the output file");
  } catch (const redist::InputError& e) {
    std::fprintf(stderr, "redist-tiers-netlab: %s\n", e.what());
    return 2;
  }
  return 0;
}
