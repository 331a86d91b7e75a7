// SimGrid simulations on platforms small enough to compute the simulated time by hand. Each
// simulation runs in a child process (SimGrid allows one engine per process).
#include <gtest/gtest.h>

#include "redist/core/random.hpp"
#include "redist/ring/plan.hpp"
#include "redist/simgrid/application_simulation.hpp"
#include "redist/simgrid/isolated_run.hpp"
#include "redist/simgrid/platform_routes.hpp"
#include "redist/simgrid/simulated_redistribution.hpp"
#include "redist/simgrid/study_scenario.hpp"

namespace redist {
namespace {

// (by append: GCC 12 warns falsely on "literal" + std::string temporaries)
std::string numbered(const char* prefix, int i) {
  return std::string(prefix).append(std::to_string(i));
}

constexpr double kItem = 8000;  // bytes: one column of 1000 doubles

simgrid::SimulatedRedistribution simulate(const simgrid::TiersPlatform& p,
                                          const std::vector<int>& ring,
                                          const std::vector<std::int64_t>& loads,
                                          const std::vector<std::int64_t>& targets,
                                          bool startups = false) {
  return simgrid::parse_simulated_redistribution(simgrid::run_isolated([&] {
    return simgrid::serialize(
        simgrid::simulate_redistribution(p, ring, kItem, loads, targets, startups));
  }));
}

// Three hosts joined in a triangle: P0-P1 at 16 MB/s (0.5 ms per item), the others at 8 MB/s (1
// ms).
simgrid::TiersPlatform triangle() {
  simgrid::TiersPlatform p;
  for (int i = 0; i < 3; ++i) p.nodes.push_back({numbered("h", i), simgrid::NodeKind::host});
  p.links.push_back({0, 1, simgrid::LinkClass::lan, 16e6, 0.010, "l01"});
  p.links.push_back({1, 2, simgrid::LinkClass::lan, 8e6, 0.020, "l12"});
  p.links.push_back({0, 2, simgrid::LinkClass::lan, 8e6, 0.030, "l02"});
  return p;
}

TEST(SimgridRedistribution, OneItemCostsLatencyPlusItemTime) {
  // delta = [1, -1, 0]: the unique optimum sends one item P0 -> P1 (0.5 ms).
  const auto r = simulate(triangle(), {0, 1, 2}, {2, 1, 1}, {1, 2, 1});
  EXPECT_DOUBLE_EQ(r.predicted, 0.0005);
  EXPECT_TRUE(r.light);
  EXPECT_EQ(r.items, 1);
  EXPECT_NEAR(r.measured, 0.010 + 0.0005, 1e-9);
}

TEST(SimgridRedistribution, AHostSendsWhileItReceives) {
  // Optimum (1 ms): P0 sends 2 items to P1 (one message: 10 ms + 2 x 0.5 ms) while P1 sends its own
  // item to P2 (20 ms + 1 ms); full duplex and one-port let both run at once.
  const auto r = simulate(triangle(), {0, 1, 2}, {3, 1, 1}, {1, 2, 2});
  EXPECT_DOUBLE_EQ(r.predicted, 0.001);
  EXPECT_NEAR(r.finished[0], 0.011, 1e-9);
  EXPECT_NEAR(r.measured, 0.021, 1e-9);
}

TEST(SimgridRedistribution, RoutesSharingALinkShareItsBandwidth) {
  // Dumbbell: h0, h1 on router A; h2, h3 on router B; A-B at 8 MB/s (1 ms per item), 5 ms.
  simgrid::TiersPlatform p;
  for (int i = 0; i < 4; ++i) p.nodes.push_back({numbered("h", i), simgrid::NodeKind::host});
  p.nodes.push_back({"A", simgrid::NodeKind::lan_router});
  p.nodes.push_back({"B", simgrid::NodeKind::lan_router});
  p.links.push_back({4, 5, simgrid::LinkClass::wan, 8e6, 0.005, "ab"});
  for (int i = 0; i < 4; ++i)
    p.links.push_back({i, i < 2 ? 4 : 5, simgrid::LinkClass::lan, 800e6, 1e-4, numbered("h", i)});
  // Ring h0 -> h2 -> h1 -> h3: both transfers of the optimum cross A -> B at the same time, each at
  // half the bandwidth: 5.2 ms of latency + 2 ms, where the item model, blind to routes, says 1 ms.
  const auto r = simulate(p, {0, 2, 1, 3}, {2, 1, 2, 1}, {1, 2, 1, 2});
  EXPECT_DOUBLE_EQ(r.predicted, 0.001);
  EXPECT_NEAR(r.measured, 0.0052 + 0.002, 1e-9);
}

// Random loads of 1..most per host, targets of at least 1 with the same total, and the ring 0..n-1.
struct RandomRing {
  std::vector<std::int64_t> loads, targets;
  std::vector<int> ring;
};
RandomRing random_ring(Rng& rng, int n, std::int64_t most) {
  RandomRing r;
  for (int i = 0; i < n; ++i) r.loads.push_back(rng.uniform(1, most)), r.targets.push_back(1);
  std::int64_t rest = 0;
  for (auto l : r.loads) rest += l - 1;
  for (; rest > 0; --rest) ++r.targets[static_cast<std::size_t>(rng.uniform(0, n - 1))];
  for (int i = 0; i < n; ++i) r.ring.push_back(i);
  return r;
}

TEST(SimgridRedistribution, ReplaysEveryPlanExactlyOnTheItemModelsNetwork) {
  // Dedicated links without latency are the item model: the executor must reproduce the plan's
  // makespan exactly, for light plans (one message per batch) and for relaying ones, whose sends to
  // relays then go one item per message (size_relay_messages with zero latency), as in the item
  // model.
  const simgrid::TiersPlatform tiers = simgrid::generate_tiers_platform({});
  Rng rng(11);
  int light = 0, relaying = 0;
  for (int trial = 0; trial < 30; ++trial) {
    const int n = static_cast<int>(rng.uniform(3, 9));
    const simgrid::RingRoutes routes = ring_routes(tiers, draw_ring_hosts(tiers, n, rng.next()));
    const auto [loads, targets, ring] = random_ring(rng, n, 40);
    const auto r = simulate(simgrid::dedicated_ring_platform(routes, false), ring, loads, targets);
    ++(r.light ? light : relaying);
    EXPECT_NEAR(r.measured, r.predicted, 1e-9 * r.predicted)
        << "trial " << trial << (r.light ? " (light)" : " (relaying)");
  }
  EXPECT_GE(light, 1);
  EXPECT_GE(relaying, 1);
}

TEST(SimgridRedistribution, ReplaysPlansWithStartupsInThePlansOwnMessages) {
  // Dedicated links with their routes' latencies are document 004's L + m c model: planned with
  // those start-ups, a plan chooses its messages, and the simulation, sending exactly those (each
  // once all its items are held), must take the plan's makespan, relaying plans included.
  const simgrid::TiersPlatform tiers = simgrid::generate_tiers_platform({});
  Rng rng(31);
  int relaying = 0, grouped = 0;
  for (int trial = 0; trial < 20; ++trial) {
    const int n = static_cast<int>(rng.uniform(3, 7));
    const simgrid::RingRoutes routes = ring_routes(tiers, draw_ring_hosts(tiers, n, rng.next()));
    const auto [loads, targets, ring] = random_ring(rng, n, 60);
    const simgrid::TiersPlatform platform = simgrid::dedicated_ring_platform(routes, true);
    const auto r = simulate(platform, ring, loads, targets, true);
    ++(r.light ? grouped : relaying);
    // The plan's costs and start-ups are the routes' rounded to whole nanoseconds (kStudyCostScale):
    // at most half a nanosecond per item and per message off, so at most a nanosecond per item.
    const double rounding = 1e-9 * static_cast<double>(r.items);
    EXPECT_NEAR(r.measured, r.predicted, 1e-9 * r.predicted + rounding)
        << "trial " << trial << (r.light ? " (light)" : " (relaying)");
    EXPECT_GT(r.predicted, 0.0);
  }
  EXPECT_GE(relaying, 3);
}

TEST(SimgridRedistribution, ASpacedRelayKeepsItsPaceAndTheItemModelsTime) {
  // A square h0 -> h1 -> h2 -> h3 -> h0 without latency: 1 ms per item, then 0.5, 1 and 10 ms. h0's
  // items for h3 go mostly the long way, and h1 relays them at h0's pace (a spaced transfer); the
  // simulation must replay the plan's makespan exactly, neither faster nor slower.
  simgrid::TiersPlatform square;
  for (int i = 0; i < 4; ++i) square.nodes.push_back({numbered("h", i), simgrid::NodeKind::host});
  square.links.push_back({0, 1, simgrid::LinkClass::lan, 8e6, 0.010, "l01"});
  square.links.push_back({1, 2, simgrid::LinkClass::lan, 16e6, 0.010, "l12"});
  square.links.push_back({2, 3, simgrid::LinkClass::lan, 8e6, 0.010, "l23"});
  square.links.push_back({3, 0, simgrid::LinkClass::lan, 0.8e6, 0.010, "l30"});
  const simgrid::TiersPlatform platform =
      dedicated_ring_platform(ring_routes(square, {0, 1, 2, 3}), false);
  const std::vector<std::int64_t> loads = {41, 1, 1, 1}, targets = {1, 1, 1, 41};
  const simgrid::RingRoutes routes = ring_routes(platform, {0, 1, 2, 3});
  const ring::RingPlan plan = ring::plan_ring(
      ring_instance_on_routes(routes, kItem, simgrid::kStudyCostScale, loads, targets));
  bool spaced = false;
  for (const Transfer& t : plan.schedule.transfers) spaced = spaced || t.spacing != 0;
  ASSERT_TRUE(spaced) << plan.method;
  const auto r = simulate(platform, {0, 1, 2, 3}, loads, targets);
  EXPECT_FALSE(r.light);
  EXPECT_NEAR(r.measured, r.predicted, 1e-9 * r.predicted);
}

// Four hosts of 100 MFlops on a dedicated ring without latency, 40 columns of 10^7 flops each:
// a balanced iteration takes 10 x 10^7 / 10^8 = 1 s.
simgrid::StudyScenario small_scenario(double slow_factor) {
  simgrid::ScenarioOptions o;
  o.ring_size = 4;
  o.iterations = 10;
  o.columns = 40;
  simgrid::StudyScenario s = make_scenario(o);
  s.platform = simgrid::dedicated_ring_platform(s.routes, false);
  s.ring_hosts = {0, 1, 2, 3};
  s.routes = simgrid::ring_routes(s.platform, s.ring_hosts);
  s.speeds.assign(4, simgrid::SpeedTrace{100, 4, 100, 9, 100});
  s.speeds[0].first_mflops = s.speeds[0].second_mflops = 100 * slow_factor;  // from iteration 4 on
  s.initial_columns = {10, 10, 10, 10};
  s.flops_per_column = 1e7;
  s.balanced_iteration_time = 1.0;  // the nominal timeline: iteration 4 starts at 3 s
  return s;
}

simgrid::ApplicationRun run_app(const simgrid::StudyScenario& s, simgrid::Scheme scheme) {
  return simgrid::parse_application_run(simgrid::run_isolated(
      [&] { return simgrid::serialize(simgrid::simulate_application(s, scheme)); }));
}

TEST(SimgridApplication, BalancedRunTakesOneSecondPerIteration) {
  const simgrid::StudyScenario s = small_scenario(1.0);
  EXPECT_NEAR(run_app(s, simgrid::Scheme::none).total_time, 10.0, 1e-9);
  const simgrid::ApplicationRun every = run_app(s, simgrid::Scheme::every_10);
  EXPECT_NEAR(every.total_time, 10.0, 1e-9);  // nothing to move: the decisions cost nothing
  EXPECT_EQ(every.redistributions, 9);
  EXPECT_TRUE(every.records.empty());
}

TEST(SimgridApplication, SlowdownDoublesTheIterationsAfterIt) {
  // P0 runs at half speed from iteration 4 (from 3 s on, in the trace): iterations 4..10 take 2 s.
  simgrid::StudyScenario s = small_scenario(0.5);
  EXPECT_NEAR(run_app(s, simgrid::Scheme::none).total_time, 3.0 + 7 * 2.0, 1e-9);
  s.options.speed_changes = simgrid::SpeedChanges::timed_trace;
  EXPECT_NEAR(run_app(s, simgrid::Scheme::none).total_time, 3.0 + 7 * 2.0, 1e-9);
}

TEST(SimgridApplication, TraceTimesAndIterationsDifferOnceARunIsLate) {
  // P0 at half speed for iterations 4 and 5 only. At iterations: 3 + 2 x 2 + 5 = 12 s. As a trace
  // the slow phase is [3 s, 5 s) whatever the run does: iteration 4 ends at 5 s (10^8 flops at half
  // speed), the slow phase is over before iteration 5 starts: 3 + 2 + 6 = 11 s.
  simgrid::StudyScenario s = small_scenario(0.5);
  s.speeds[0].second_change = 6;
  s.speeds[0].second_mflops = 100;
  EXPECT_NEAR(run_app(s, simgrid::Scheme::none).total_time, 12.0, 1e-9);
  s.options.speed_changes = simgrid::SpeedChanges::timed_trace;
  EXPECT_NEAR(run_app(s, simgrid::Scheme::none).total_time, 11.0, 1e-9);
}

TEST(SimgridApplication, RedistributionAfterIterationFive) {
  // At 7 s the measured speeds are (50, 100, 100, 100) MFlops: targets (6, 12, 11, 11), 1.2 s per
  // iteration. The light move runs at the plan's makespan on this network (no latency, no sharing).
  const simgrid::ApplicationRun r = run_app(small_scenario(0.5), simgrid::Scheme::after_50);
  ASSERT_EQ(r.records.size(), 1u);
  const simgrid::RedistributionRecord& rec = r.records[0];
  EXPECT_EQ(rec.after_iteration, 5);
  EXPECT_TRUE(rec.light);
  EXPECT_NEAR(rec.measured, rec.predicted, 1e-9);
  EXPECT_GE(r.total_time, 7.0 + 5 * 1.2 - 1e-9);
  EXPECT_LE(r.total_time, 7.0 + rec.measured + 5 * 1.2 + 1e-9);
}

TEST(SimgridApplication, AdaptivePolicyRebalancesOnceAfterTheChange) {
  const simgrid::ApplicationRun r = run_app(small_scenario(0.5), simgrid::Scheme::adaptive);
  ASSERT_EQ(r.records.size(), 1u);
  EXPECT_GE(r.records[0].after_iteration, 4);
  EXPECT_LT(r.total_time, 17.0);
}

}  // namespace
}  // namespace redist
