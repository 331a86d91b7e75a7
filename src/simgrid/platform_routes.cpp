#include "redist/simgrid/platform_routes.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <queue>
#include <set>
#include <tuple>

#include "redist/core/decimal.hpp"
#include "redist/core/error.hpp"
#include "redist/core/random.hpp"

namespace redist::simgrid {

namespace {

struct Label {
  double latency = std::numeric_limits<double>::infinity();
  int hops = std::numeric_limits<int>::max();
  int via_link = -1;  // link used to reach the node
};

bool better(const Label& x, const Label& y) {
  return std::tie(x.hops, x.latency, x.via_link) < std::tie(y.hops, y.latency, y.via_link);
}

std::vector<std::vector<int>> incident_links(const TiersPlatform& p) {
  std::vector<std::vector<int>> out(p.nodes.size());
  for (std::size_t l = 0; l < p.links.size(); ++l) {
    out[static_cast<std::size_t>(p.links[l].a)].push_back(static_cast<int>(l));
    out[static_cast<std::size_t>(p.links[l].b)].push_back(static_cast<int>(l));
  }
  return out;
}

std::vector<Label> dijkstra(const TiersPlatform& p, int source) {
  const auto incident = incident_links(p);
  std::vector<Label> label(p.nodes.size());
  label[static_cast<std::size_t>(source)] = {0.0, 0, -1};
  using Entry = std::tuple<int, double, int>;  // hops, latency, node
  std::priority_queue<Entry, std::vector<Entry>, std::greater<>> queue;
  queue.emplace(0, 0.0, source);
  while (!queue.empty()) {
    const auto [hops, lat, node] = queue.top();
    queue.pop();
    const Label& here = label[static_cast<std::size_t>(node)];
    if (lat != here.latency || hops != here.hops) continue;  // stale entry
    for (int l : incident[static_cast<std::size_t>(node)]) {
      const PlatformLink& link = p.links[static_cast<std::size_t>(l)];
      const int next = link.a == node ? link.b : link.a;
      const Label candidate{lat + link.latency, hops + 1, l};
      if (better(candidate, label[static_cast<std::size_t>(next)])) {
        label[static_cast<std::size_t>(next)] = candidate;
        queue.emplace(candidate.hops, candidate.latency, next);
      }
    }
  }
  return label;
}

// The path from `from` to `to` read back from the labels of a search rooted at `from`.
Route read_route(const TiersPlatform& p, const std::vector<Label>& label, int from, int to) {
  Route route;
  for (int node = to; node != from;) {
    const int l = label[static_cast<std::size_t>(node)].via_link;
    const PlatformLink& link = p.links[static_cast<std::size_t>(l)];
    const int prev = link.a == node ? link.b : link.a;
    route.hops.push_back({l, link.a == prev});
    node = prev;
  }
  std::reverse(route.hops.begin(), route.hops.end());
  return route;
}

void fill_summary(const TiersPlatform& p, Route& route) {
  route.latency = 0;
  route.bottleneck_bandwidth = route.hops.empty() ? 0.0 : std::numeric_limits<double>::infinity();
  for (const RouteHop& hop : route.hops) {
    const PlatformLink& link = p.links[static_cast<std::size_t>(hop.link)];
    route.latency += link.latency;
    route.bottleneck_bandwidth = std::min(route.bottleneck_bandwidth, link.bandwidth);
  }
}

void check_node(const TiersPlatform& p, int node, const char* field) {
  if (node < 0 || static_cast<std::size_t>(node) >= p.nodes.size())
    throw InputError("platform", field, "node " + std::to_string(node) + " does not exist");
}

}  // namespace

Route shortest_route(const TiersPlatform& p, int from, int to) {
  check_node(p, from, "route source");
  check_node(p, to, "route destination");
  // Always search from the smaller index so that a route and its reverse use the same links:
  // the ring's succ and pred costs of one pair then agree, as on the simulated network.
  const int root = std::min(from, to);
  const int leaf = std::max(from, to);
  const auto label = dijkstra(p, root);
  if (root != leaf && label[static_cast<std::size_t>(leaf)].via_link < 0)
    throw InputError("platform", "route",
                     p.nodes[static_cast<std::size_t>(from)].name + " cannot reach " +
                         p.nodes[static_cast<std::size_t>(to)].name);
  Route route = read_route(p, label, root, leaf);
  if (root != from) {
    std::reverse(route.hops.begin(), route.hops.end());
    for (RouteHop& hop : route.hops) hop.forward = !hop.forward;
  }
  fill_summary(p, route);
  return route;
}

std::vector<int> draw_ring_hosts(const TiersPlatform& p, int size, std::uint64_t seed) {
  std::vector<int> hosts = p.hosts();
  if (size < 1 || static_cast<std::size_t>(size) > hosts.size())
    throw InputError("platform", "ring size",
                     "must be in [1, " + std::to_string(hosts.size()) + "] (the hosts)");
  Rng rng(seed);
  for (std::size_t i = 0; i < static_cast<std::size_t>(size); ++i) {
    const auto j = static_cast<std::size_t>(
        rng.uniform(static_cast<std::int64_t>(i), static_cast<std::int64_t>(hosts.size()) - 1));
    std::swap(hosts[i], hosts[j]);
  }
  hosts.resize(static_cast<std::size_t>(size));
  return hosts;
}

RingRoutes ring_routes(const TiersPlatform& p, const std::vector<int>& ring) {
  RingRoutes out;
  const std::size_t n = ring.size();
  for (std::size_t i = 0; i < n; ++i) {
    out.succ.push_back(shortest_route(p, ring[i], ring[(i + 1) % n]));
    out.pred.push_back(shortest_route(p, ring[i], ring[(i + n - 1) % n]));
  }
  return out;
}

std::int64_t item_cost_ticks(const Route& route, double item_bytes, int cost_scale) {
  if (route.hops.empty()) return 1;  // same host: the loopback is treated as free
  const double seconds = item_bytes / route.bottleneck_bandwidth;
  const double ticks = std::round(seconds * std::pow(10.0, cost_scale));
  if (!(ticks < 1e15))
    throw InputError("platform", "item cost", "too large for the chosen cost scale");
  return std::max<std::int64_t>(1, static_cast<std::int64_t>(ticks));
}

RingInstance ring_instance_on_routes(const RingRoutes& routes, double item_bytes, int cost_scale,
                                     std::vector<std::int64_t> loads,
                                     std::vector<std::int64_t> targets) {
  RingInstance inst;
  inst.kind = RingKind::bidirectional;
  inst.cost_scale = cost_scale;
  inst.loads = std::move(loads);
  inst.targets = std::move(targets);
  for (const Route& r : routes.succ)
    inst.succ_cost.push_back(item_cost_ticks(r, item_bytes, cost_scale));
  for (const Route& r : routes.pred)
    inst.pred_cost.push_back(item_cost_ticks(r, item_bytes, cost_scale));
  return inst;
}

void add_route_latencies(RingInstance& instance, const RingRoutes& routes, int cost_scale) {
  const auto ticks = [cost_scale](const Route& r) {
    const double t = std::round(r.latency * std::pow(10.0, cost_scale));
    if (!(t < 1e15)) throw InputError("platform", "latency", "too large for the chosen cost scale");
    return static_cast<std::int64_t>(t);
  };
  instance.succ_latency.clear();
  instance.pred_latency.clear();
  for (const Route& r : routes.succ) instance.succ_latency.push_back(ticks(r));
  if (instance.bidirectional())
    for (const Route& r : routes.pred) instance.pred_latency.push_back(ticks(r));
  drop_zero_latencies(instance);
}

double route_load_bound(const TiersPlatform& platform, const RingRoutes& routes,
                        const Schedule& schedule, double item_bytes) {
  const std::size_t n = routes.succ.size();
  std::map<std::pair<int, bool>, double> bytes;  // one-way link -> bytes routed through it
  for (const Transfer& t : schedule.transfers) {
    const auto from = static_cast<std::size_t>(t.from);
    const bool succ =
        t.link ? *t.link == Link::succ : static_cast<std::size_t>(t.to) == (from + 1) % n;
    for (const RouteHop& h : (succ ? routes.succ : routes.pred)[from].hops)
      bytes[{h.link, h.forward}] += static_cast<double>(t.items) * item_bytes;
  }
  double bound = 0;
  for (const auto& [link, b] : bytes)
    bound = std::max(bound, b / platform.links[static_cast<std::size_t>(link.first)].bandwidth);
  return bound;
}

TiersPlatform dedicated_ring_platform(const RingRoutes& routes, bool keep_latency) {
  const std::size_t n = routes.succ.size();
  if (n < 3)
    throw InputError("platform", "ring size", "a dedicated ring platform needs at least 3 hosts");
  TiersPlatform p;
  // (names built by append: GCC 12 warns falsely on "literal" + std::string temporaries)
  for (std::size_t i = 0; i < n; ++i)
    p.nodes.push_back({std::string("P").append(std::to_string(i)), NodeKind::host});
  for (std::size_t i = 0; i < n; ++i) {
    const Route& r = routes.succ[i];
    const int a = static_cast<int>(i);
    const int b = static_cast<int>((i + 1) % n);
    p.links.push_back({std::min(a, b), std::max(a, b), LinkClass::lan, r.bottleneck_bandwidth,
                       keep_latency ? r.latency : 0.0,
                       std::string("ring").append(std::to_string(i))});
  }
  return p;
}

namespace {

// The hops past a route's first and last: a host's access links carry only its own sends (out) or
// receives (in), which one-port already serialises.
std::vector<RouteHop> inner_hops(const Route& r) {
  if (r.hops.size() <= 2) return {};
  return {r.hops.begin() + 1, r.hops.end() - 1};
}

}  // namespace

std::vector<int> route_sharing(const RingRoutes& routes) {
  // Two routes from one processor never carry data at once (one-port), so count distinct senders.
  std::map<std::pair<int, bool>, std::set<std::size_t>> senders;  // one-way link -> ring processors
  const std::size_t n = routes.succ.size();
  for (std::size_t i = 0; i < n; ++i)
    for (const Route* r : {&routes.succ[i], &routes.pred[i]})
      for (const RouteHop& h : inner_hops(*r)) senders[{h.link, h.forward}].insert(i);
  std::vector<int> out;
  for (const std::vector<Route>* list : {&routes.succ, &routes.pred})
    for (const Route& r : *list) {
      std::size_t m = 1;
      for (const RouteHop& h : inner_hops(r)) m = std::max(m, senders[{h.link, h.forward}].size());
      out.push_back(static_cast<int>(m));
    }
  return out;
}

}  // namespace redist::simgrid
