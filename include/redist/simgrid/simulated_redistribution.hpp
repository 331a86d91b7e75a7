#pragma once
// One redistribution, planned by redist and executed as SimGrid communications on a platform: the
// building block of the application study, and the check of the planner against the simulator
// (issue item 6) in its purest form, with no computation around it.
//
//   auto r = run_isolated([&] { return serialize(simulate_redistribution(platform, ring, 8000,
//   loads, targets)); });
//
// Starts a SimGrid engine: SimGrid allows one per process, so call it in a child process
// (isolated_run.hpp) or once per test process.

#include <cstdint>
#include <string>
#include <vector>

#include "redist/simgrid/tiers_platform.hpp"

namespace redist::simgrid {

struct SimulatedRedistribution {
  double predicted = 0;          // the plan's makespan in the item model (seconds)
  double measured = 0;           // simulated time until the last item arrived (seconds, start at 0)
  std::int64_t items = 0;        // items moved, summed over transfers
  bool light = false;            // the plan sends only initially held items (no relaying)
  std::vector<double> finished;  // per ring host: when its sends and receipts were all done
};

/// The ring's costs come from the routes between consecutive ring hosts (platform_routes.hpp), so
/// the instance redist plans is exactly the simulated network's item model. With `startups` the
/// routes' latencies are the instance's start-up costs too (add_route_latencies): the plan chooses
/// its messages and the simulation sends exactly those (docs/latency.md), `predicted` being its
/// makespan under L + m c; without, relays get document 004's chunk (docs/simgrid.md).
SimulatedRedistribution simulate_redistribution(const TiersPlatform& platform,
                                                const std::vector<int>& ring_hosts,
                                                double item_bytes,
                                                const std::vector<std::int64_t>& loads,
                                                const std::vector<std::int64_t>& targets,
                                                bool startups = false);

std::string serialize(const SimulatedRedistribution& result);
SimulatedRedistribution parse_simulated_redistribution(const std::string& text);

}  // namespace redist::simgrid
