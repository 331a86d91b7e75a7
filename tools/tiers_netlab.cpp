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
//
// --simulate-example: instead, simulates redist-mpi-example matrix (examples/mpi_example) on the
// same hosts and routes with the SimGrid layer, every scheme of the study including the adaptive
// one, and prints scheme,simulated_s as CSV. The scenario is the example's, not the study's: its
// speed traces (speed_trace.cpp, same seed), columns proportional to the initial speeds, compute
// time columns x column_us / speed, columns of rows x 8 bytes. Latencies are set to 0 with
// --no-latency (the emulation on a kernel without sch_netem has none; docs/netlab.md). Like the
// example, each redistribution pays exec's agreement (its collectives as SimGrid messages plus
// --agreement-local-ms of planning and wake-ups, measured on the real runs) and the adaptive scheme
// decides by the example's rules, its per-iteration gathers and broadcast played as messages
// (simgrid::CoordinationModel); --free-coordinator simulates the study's free coordinator instead.
// CSV: scheme, redistributions, simulated_s (the example's total_s: compute and redistributions,
// the adaptive scheme's per-iteration messages left out as the example leaves them out of its
// total), agreement_s and decision_s (the simulated time of those messages), after (the iterations
// after which items moved).
// Exit status: 0 success, 2 bad input (one line on stderr).

#include <CLI/CLI.hpp>
#include <cstdio>
#include <fstream>
#include <set>
#include <string>

#include "redist/core/error.hpp"
#include "redist/io/ring_instance_io.hpp"
#include "redist/simgrid/application_simulation.hpp"
#include "redist/simgrid/balanced_distribution.hpp"
#include "redist/simgrid/isolated_run.hpp"
#include "redist/simgrid/study_scenario.hpp"
#include "speed_trace.hpp"

namespace {

using redist::io::Json;

// Links (platform indices) on the routes between every pair of ring hosts.
std::set<int> used_links(const redist::simgrid::StudyScenario& s) {
  std::set<int> links;
  for (std::size_t i = 0; i < s.ring_hosts.size(); ++i)
    for (std::size_t j = i + 1; j < s.ring_hosts.size(); ++j)
      for (const redist::simgrid::RouteHop& hop :
           redist::simgrid::shortest_route(s.platform, s.ring_hosts[i], s.ring_hosts[j]).hops)
        links.insert(hop.link);
  return links;
}

Json topology(const redist::simgrid::StudyScenario& s, int ring_size, std::uint64_t seed) {
  const std::set<int> links = used_links(s);
  std::set<int> nodes(s.ring_hosts.begin(), s.ring_hosts.end());
  for (const int l : links) {
    nodes.insert(s.platform.links[static_cast<std::size_t>(l)].a);
    nodes.insert(s.platform.links[static_cast<std::size_t>(l)].b);
  }
  Json out = {{"description", "Tiers-like platform of the SimGrid study (seed " +
                                  std::to_string(seed) + ", ring of " + std::to_string(ring_size) +
                                  "): the nodes and links on the routes between ring hosts"},
              {"kind", "graph"}};
  Json names = Json::array();
  for (const int n : nodes) names.push_back(s.platform.nodes[static_cast<std::size_t>(n)].name);
  Json hosts = Json::array();
  for (const int h : s.ring_hosts)
    hosts.push_back(s.platform.nodes[static_cast<std::size_t>(h)].name);
  Json edges = Json::array();
  for (const int l : links) {
    const redist::simgrid::PlatformLink& link = s.platform.links[static_cast<std::size_t>(l)];
    edges.push_back({{"a", s.platform.nodes[static_cast<std::size_t>(link.a)].name},
                     {"b", s.platform.nodes[static_cast<std::size_t>(link.b)].name},
                     {"rate_mbit", link.bandwidth * 8.0 / 1e6},
                     {"delay_ms", link.latency * 1e3},
                     {"class", redist::simgrid::to_string(link.cls)}});
  }
  out["nodes"] = names;
  out["hosts"] = hosts;
  out["links"] = edges;
  return out;
}

// Per agreement, what the real ranks spend beyond the collectives' messages (planning, checks,
// wake-ups). Measured without latency (docs/netlab.md): at load average 2-9 the real agreements
// took 1-2 ms, less than their modelled messages alone, so nothing is added; at load average 27
// they took about 30 ms more (--agreement-local-ms 30 reproduces those runs).
constexpr double kAgreementLocalMs = 0.0;

struct ExampleRun {
  std::int64_t rows = 100;
  std::int64_t columns = 1000;
  int iterations = 100;
  double column_us = 200;
  std::uint64_t example_seed = 1;
  bool no_latency = false;
  bool free_coordinator = false;
  double agreement_local_ms = kAgreementLocalMs;
};

// The study's scenario (platform, ring, routes) with the example's application on it. Speeds in
// MFlop/s = 1000 x the example's relative speed (1.0 = 1 GFlop/s) and column_us x 1000 flops per
// column, so that a rank computes columns x column_us / speed, as the example sleeps.
redist::simgrid::StudyScenario example_scenario(redist::simgrid::StudyScenario s,
                                                const ExampleRun& run) {
  if (run.no_latency) {
    for (redist::simgrid::PlatformLink& link : s.platform.links) link.latency = 0;
    s.routes = redist::simgrid::ring_routes(s.platform, s.ring_hosts);
  }
  const auto traces =
      redist::example::speed_traces(s.ring_hosts.size(), run.iterations, run.example_seed);
  std::vector<double> initial;
  for (std::size_t r = 0; r < traces.size(); ++r) {
    const auto& t = traces[r];
    s.speeds[r] = {1e3 * t.speeds[0], t.changes[0], 1e3 * t.speeds[1], t.changes[1],
                   1e3 * t.speeds[2]};
    initial.push_back(t.speeds[0]);
  }
  s.options.rows = run.rows;
  s.options.columns = run.columns;
  s.options.iterations = run.iterations;
  s.item_bytes = static_cast<double>(run.rows) * 8.0;
  s.initial_columns = redist::simgrid::proportional_counts(run.columns, initial);
  s.flops_per_column = run.column_us * 1e3;
  return s;
}

void simulate_example(const redist::simgrid::StudyScenario& study, const ExampleRun& run) {
  const redist::simgrid::StudyScenario s = example_scenario(study, run);
  redist::simgrid::CoordinationModel coordination;
  coordination.agreement = !run.free_coordinator;
  coordination.example_adaptive = !run.free_coordinator;
  coordination.local_seconds = run.free_coordinator ? 0.0 : run.agreement_local_ms * 1e-3;
  std::printf("scheme,redistributions,simulated_s,agreement_s,decision_s,after\n");
  for (const redist::simgrid::Scheme scheme : redist::simgrid::all_schemes()) {
    const std::string text = redist::simgrid::run_isolated([&] {
      return redist::simgrid::serialize(
          redist::simgrid::simulate_application(s, scheme, {}, coordination));
    });
    const redist::simgrid::ApplicationRun result = redist::simgrid::parse_application_run(text);
    std::string after;
    for (const redist::simgrid::RedistributionRecord& r : result.records) {
      if (!after.empty()) after += ' ';  // appended: `" " + text` warns falsely in GCC 12
      after += std::to_string(r.after_iteration);
    }
    std::printf("%s,%d,%.4f,%.4f,%.4f,%s\n", redist::simgrid::scheme_name(scheme),
                result.redistributions, result.total_time - result.decision_time,
                result.agreement_time, result.decision_time, after.c_str());
  }
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{
      "redist-tiers-netlab: the SimGrid study's platform, as used by one ring, as a netlab "
      "topology"};
  int ring_size = 8;
  std::uint64_t seed = 1;
  std::string output = "-";
  app.add_option("--ring-size", ring_size, "hosts of the ring (the study's p)")
      ->check(CLI::Range(2, 64));
  app.add_option("--seed", seed, "the study's scenario seed (draws the ring hosts)");
  app.add_option("-o,--output", output, "where to write the topology (default: standard output)");
  bool simulate = false;
  ExampleRun run;
  app.add_flag("--simulate-example", simulate,
               "simulate redist-mpi-example matrix on this platform (CSV)");
  app.add_option("--rows", run.rows, "the example's --rows")->check(CLI::Range(1, 1 << 24));
  app.add_option("--columns", run.columns, "the example's --columns")
      ->check(CLI::Range(1, 1 << 24));
  app.add_option("--iterations", run.iterations, "the example's --iterations")
      ->check(CLI::Range(5, 100000));
  app.add_option("--column-us", run.column_us, "the example's --column-us")
      ->check(CLI::Range(0.001, 1e6));
  app.add_option("--example-seed", run.example_seed, "the example's --seed (its speed traces)");
  app.add_flag("--no-latency", run.no_latency, "simulate with zero link latencies");
  app.add_flag("--free-coordinator", run.free_coordinator,
               "no agreement before redistributions, the study's adaptive policy (as the study)");
  app.add_option("--agreement-local-ms", run.agreement_local_ms,
                 "per agreement, the ranks' time beyond its messages (planning, wake-ups)")
      ->check(CLI::Range(0.0, 1e6));
  CLI11_PARSE(app, argc, argv);
  try {
    redist::simgrid::ScenarioOptions options;
    options.ring_size = ring_size;
    options.seed = seed;
    if (simulate) {
      simulate_example(redist::simgrid::make_scenario(options), run);
      return 0;
    }
    const std::string text =
        topology(redist::simgrid::make_scenario(options), ring_size, seed).dump(1) + "\n";
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
