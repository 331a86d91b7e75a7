// The Tiers-like platform, its routes and the ring costs derived from them (document 000 section
// 8).
#include <gtest/gtest.h>

#include <algorithm>
#include <set>

#include "redist/core/error.hpp"
#include "redist/simgrid/platform_routes.hpp"
#include "redist/simgrid/tiers_platform.hpp"

namespace redist {
namespace {

// (by append: GCC 12 warns falsely on "literal" + std::string temporaries)
std::string numbered(const char* prefix, int i) {
  return std::string(prefix).append(std::to_string(i));
}

// hosts 0 and 1 under router 4, hosts 2 and 3 under router 5, routers joined by a slow link.
simgrid::TiersPlatform dumbbell() {
  simgrid::TiersPlatform p;
  for (int i = 0; i < 4; ++i) p.nodes.push_back({numbered("h", i), simgrid::NodeKind::host});
  p.nodes.push_back({"A", simgrid::NodeKind::lan_router});
  p.nodes.push_back({"B", simgrid::NodeKind::lan_router});
  p.links.push_back({4, 5, simgrid::LinkClass::wan, 8e6, 0.005, "ab"});
  p.links.push_back({0, 4, simgrid::LinkClass::lan, 800e6, 1e-4, "h0"});
  p.links.push_back({1, 4, simgrid::LinkClass::lan, 800e6, 1e-4, "h1"});
  p.links.push_back({2, 5, simgrid::LinkClass::lan, 400e6, 1e-4, "h2"});
  p.links.push_back({3, 5, simgrid::LinkClass::lan, 800e6, 1e-4, "h3"});
  return p;
}

TEST(SimgridPlatform, DefaultHasTheDocumentsSize) {
  const simgrid::TiersPlatform p = simgrid::generate_tiers_platform({});
  EXPECT_EQ(p.nodes.size(), 90u);
  EXPECT_EQ(p.links.size() * 2, 192u);  // full-duplex links, counted one way each
  EXPECT_EQ(p.hosts().size(), 69u);
  std::set<std::string> names;
  for (const auto& l : p.links) {
    EXPECT_LT(l.a, l.b);
    EXPECT_GT(l.bandwidth, 0);
    EXPECT_GT(l.latency, 0);
    names.insert(l.name);
  }
  EXPECT_EQ(names.size(), p.links.size());
}

TEST(SimgridPlatform, ReproducibleAndSeedDependent) {
  simgrid::TiersOptions o;
  const simgrid::TiersPlatform a = generate_tiers_platform(o), b = generate_tiers_platform(o);
  o.seed = 7;
  const simgrid::TiersPlatform c = generate_tiers_platform(o);
  ASSERT_EQ(a.links.size(), b.links.size());
  bool differs = false;
  for (std::size_t i = 0; i < a.links.size(); ++i) {
    EXPECT_EQ(a.links[i].b, b.links[i].b);
    EXPECT_EQ(a.links[i].bandwidth, b.links[i].bandwidth);
    differs =
        differs || a.links[i].bandwidth != c.links[i].bandwidth || a.links[i].a != c.links[i].a;
  }
  EXPECT_TRUE(differs);
}

TEST(SimgridPlatform, EveryHostPairHasASymmetricRoute) {
  const simgrid::TiersPlatform p = simgrid::generate_tiers_platform({});
  const auto hosts = p.hosts();
  for (std::size_t i = 0; i < hosts.size(); i += 7)
    for (std::size_t j = 0; j < hosts.size(); j += 5) {
      const simgrid::Route there = shortest_route(p, hosts[i], hosts[j]);
      const simgrid::Route back = shortest_route(p, hosts[j], hosts[i]);
      ASSERT_EQ(there.hops.size(), back.hops.size());
      for (std::size_t k = 0; k < there.hops.size(); ++k) {
        EXPECT_EQ(there.hops[k].link, back.hops[back.hops.size() - 1 - k].link);
        EXPECT_NE(there.hops[k].forward, back.hops[back.hops.size() - 1 - k].forward);
      }
      EXPECT_DOUBLE_EQ(there.bottleneck_bandwidth, back.bottleneck_bandwidth);
      if (i != j) {
        EXPECT_GE(there.hops.size(), 2u);  // host -> LAN router -> ... -> host
      }
    }
}

TEST(SimgridPlatform, RoutesBetweenRegionsCrossTheWanCore) {
  const simgrid::TiersPlatform p = simgrid::generate_tiers_platform({});
  const auto hosts = p.hosts();
  int crossing = 0, pairs = 0;
  for (std::size_t i = 0; i < hosts.size(); ++i)
    for (std::size_t j = i + 1; j < hosts.size(); ++j) {
      int wan = 0;
      for (const simgrid::RouteHop& h : shortest_route(p, hosts[i], hosts[j]).hops)
        wan += p.links[static_cast<std::size_t>(h.link)].cls == simgrid::LinkClass::wan ? 1 : 0;
      EXPECT_LE(wan, 1);  // the core is a full mesh
      crossing += wan;
      ++pairs;
    }
  // Three regions of about 23 hosts: two pairs in three are in different regions.
  EXPECT_GT(crossing, pairs / 2);
  EXPECT_LT(crossing, pairs * 5 / 6);
}

TEST(SimgridPlatform, RouteAndItemCostByHand) {
  const simgrid::TiersPlatform p = dumbbell();
  const simgrid::Route r = shortest_route(p, 0, 2);
  ASSERT_EQ(r.hops.size(), 3u);
  EXPECT_EQ(r.hops[0].link, 1);
  EXPECT_EQ(r.hops[1].link, 0);
  EXPECT_TRUE(r.hops[1].forward);  // A -> B
  EXPECT_DOUBLE_EQ(r.latency, 0.0052);
  EXPECT_DOUBLE_EQ(r.bottleneck_bandwidth, 8e6);
  // 8000 bytes over 8 MB/s: 1 ms = 10^6 ns.
  EXPECT_EQ(simgrid::item_cost_ticks(r, 8000, 9), 1'000'000);
  EXPECT_EQ(simgrid::item_cost_ticks(simgrid::shortest_route(p, 0, 1), 8000, 9),
            10'000);  // 800 MB/s inside a LAN
}

TEST(SimgridPlatform, RingInstanceUsesBothDirections) {
  const simgrid::TiersPlatform p = dumbbell();
  const simgrid::RingRoutes routes = ring_routes(p, {0, 2, 1, 3});
  const RingInstance inst =
      simgrid::ring_instance_on_routes(routes, 8000, 9, {2, 1, 2, 1}, {1, 2, 1, 2});
  EXPECT_TRUE(inst.bidirectional());
  EXPECT_EQ(inst.succ_cost,
            (std::vector<std::int64_t>{1'000'000, 1'000'000, 1'000'000, 1'000'000}));
  EXPECT_EQ(inst.pred_cost, inst.succ_cost);
  check_ring_instance(inst, "test");
  // Every ring route crosses the A-B link: each direction carries routes of two senders.
  for (int shared : simgrid::route_sharing(routes)) EXPECT_EQ(shared, 2);
}

TEST(SimgridPlatform, RingHostsAreDistinctAndReproducible) {
  const simgrid::TiersPlatform p = simgrid::generate_tiers_platform({});
  const auto ring = simgrid::draw_ring_hosts(p, 32, 5);
  EXPECT_EQ(ring, draw_ring_hosts(p, 32, 5));
  EXPECT_NE(ring, draw_ring_hosts(p, 32, 6));
  EXPECT_EQ(std::set<int>(ring.begin(), ring.end()).size(), 32u);
  for (int h : ring) EXPECT_EQ(p.nodes[static_cast<std::size_t>(h)].kind, simgrid::NodeKind::host);
  EXPECT_THROW(draw_ring_hosts(p, 70, 1), InputError);
}

TEST(SimgridPlatform, DedicatedRingHasDirectRoutes) {
  const simgrid::TiersPlatform p = simgrid::generate_tiers_platform({});
  const simgrid::RingRoutes routes = ring_routes(p, draw_ring_hosts(p, 6, 3));
  const simgrid::TiersPlatform ring = dedicated_ring_platform(routes, true);
  const simgrid::RingRoutes direct = ring_routes(ring, {0, 1, 2, 3, 4, 5});
  for (std::size_t i = 0; i < 6; ++i) {
    ASSERT_EQ(direct.succ[i].hops.size(), 1u);
    EXPECT_DOUBLE_EQ(direct.succ[i].bottleneck_bandwidth, routes.succ[i].bottleneck_bandwidth);
    EXPECT_DOUBLE_EQ(direct.succ[i].latency, routes.succ[i].latency);
    EXPECT_DOUBLE_EQ(direct.pred[i].bottleneck_bandwidth, routes.pred[i].bottleneck_bandwidth);
  }
  EXPECT_EQ(simgrid::dedicated_ring_platform(routes, false).links[0].latency, 0.0);
}

TEST(SimgridPlatform, BadOptionsAreInputErrors) {
  simgrid::TiersOptions o;
  o.hosts = 0;
  EXPECT_THROW(simgrid::generate_tiers_platform(o), InputError);
  o = {};
  o.mans_per_wan = 1;  // a dual-homed LAN needs a second MAN router in its region
  EXPECT_THROW(simgrid::generate_tiers_platform(o), InputError);
  o.dual_homed_lans = 0;
  EXPECT_NO_THROW(simgrid::generate_tiers_platform(o));
}

}  // namespace
}  // namespace redist
