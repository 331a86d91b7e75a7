#pragma once
// Routes on a TiersPlatform, and the ring costs derived from them.
//
// A route is a path with the fewest hops (ties: lower latency, then lower link index), as hop-count
// routing would choose; it is the very list of links the SimGrid platform is given, so the
// planner's instance and the simulated network agree: the cost of one item from P_i to its ring
// successor is item_bytes / (slowest bandwidth on the route), as document 000 section 8 prescribes.
// Latency and links shared by several ring routes are what the item model leaves out;
// route_sharing() measures the latter.

#include <cstdint>
#include <vector>

#include "redist/core/ring_instance.hpp"
#include "redist/core/schedule.hpp"
#include "redist/simgrid/tiers_platform.hpp"

namespace redist::simgrid {

/// One hop of a route: a link index and whether it is crossed from its node a to its node b.
struct RouteHop {
  int link = 0;
  bool forward = true;  // a -> b
};

struct Route {
  std::vector<RouteHop> hops;
  double latency = 0;               // sum of the hops' latencies (seconds)
  double bottleneck_bandwidth = 0;  // slowest hop (bytes per second); 0 for an empty route
};

/// Route from node `from` to node `to` (empty when from == to). Throws InputError when no path
/// exists. Dijkstra on (hops, latency), O(E log V).
Route shortest_route(const TiersPlatform& platform, int from, int to);

/// Draws `size` distinct hosts in random order: the ring P_0 -> P_1 -> ... of document 000
/// section 8 ("we randomly select p processors"). Throws InputError when size exceeds the hosts.
std::vector<int> draw_ring_hosts(const TiersPlatform& platform, int size, std::uint64_t seed);

/// Routes of every ring link: succ[i] is P_i -> P_{i+1}, pred[i] is P_i -> P_{i-1}.
struct RingRoutes {
  std::vector<Route> succ;
  std::vector<Route> pred;
};
RingRoutes ring_routes(const TiersPlatform& platform, const std::vector<int>& ring_hosts);

/// Integer ticks (10^-cost_scale s) of one item of `item_bytes` over a route: the bottleneck rule,
/// rounded to the nearest tick and at least 1.
std::int64_t item_cost_ticks(const Route& route, double item_bytes, int cost_scale);

/// A bidirectional ring instance with these costs and the given loads and targets.
RingInstance ring_instance_on_routes(const RingRoutes& routes, double item_bytes, int cost_scale,
                                     std::vector<std::int64_t> loads,
                                     std::vector<std::int64_t> targets);

/// Gives `instance` the routes' latencies as its start-up costs (succ_latency / pred_latency, ticks
/// of 10^-cost_scale seconds, rounded as the per-item costs are), so that its plans choose their
/// messages under document 004's L + m c (docs/latency.md); routes without latency leave it without.
void add_route_latencies(RingInstance& instance, const RingRoutes& routes, int cost_scale);

/// A lower bound on the time of a schedule on the real network, which the item model ignores: every
/// one-way link must carry all the bytes routed through it, so the schedule takes at least
/// max over links of (bytes of the transfers crossing it) / bandwidth. Routes shared by several
/// ring links make it exceed the item-model makespan. Seconds; 0 for an empty schedule.
double route_load_bound(const TiersPlatform& platform, const RingRoutes& routes,
                        const Schedule& schedule, double item_bytes);

/// A platform of the ring's hosts alone (host i is P_i) where each ring link has a dedicated
/// full-duplex link with its route's bottleneck bandwidth and, if `keep_latency`, its route's
/// latency: the network the item model assumes. Needs at least 3 hosts (two would share one link).
TiersPlatform dedicated_ring_platform(const RingRoutes& routes, bool keep_latency);

/// For each ring link (succ links first, then pred links), the largest number of ring processors
/// whose routes cross one of its inner one-way links (a processor's own two routes count once, and
/// the hosts' access links are left out: one-port already serialises what they carry). 1: no
/// other processor's data can slow this ring link down.
std::vector<int> route_sharing(const RingRoutes& routes);

}  // namespace redist::simgrid
