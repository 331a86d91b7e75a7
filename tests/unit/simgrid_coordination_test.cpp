// The cost of coordinating the ranks in the simulated application (CoordinationModel): exec's
// agreement before each redistribution and the MPI example's per-iteration decision messages, on
// platforms small enough to compute the collectives' times by hand. Off, the run is the study's.
#include <gtest/gtest.h>

#include "redist/simgrid/application_simulation.hpp"
#include "redist/simgrid/isolated_run.hpp"
#include "redist/simgrid/platform_routes.hpp"
#include "redist/simgrid/study_scenario.hpp"

namespace redist {
namespace {

constexpr double kLatency = 1e-3;   // seconds, every link
constexpr double kBandwidth = 1e6;  // bytes per second, every link
constexpr double kLocal = 5e-3;     // CoordinationModel::local_seconds in these tests
constexpr double kRecord = 40;      // bytes: exec's compact agreement record
constexpr double kDigests = 24;     // bytes: the status exchange's three words

std::string numbered(const char* prefix, int i) {
  return std::string(prefix).append(std::to_string(i));
}

// p hosts of 100 MFlops, 10 columns of 10^7 flops each (1 s per iteration), 10 iterations. With a
// router: a star (every pair two hops apart, each host's own link both ways); without (p = 2): one
// direct link.
simgrid::StudyScenario scenario(int p, bool star, double slow_factor = 1.0) {
  simgrid::ScenarioOptions o;
  o.ring_size = 4;
  o.iterations = 10;
  o.columns = 10 * p;
  simgrid::StudyScenario s = make_scenario(o);
  s.platform = {};
  for (int i = 0; i < p; ++i)
    s.platform.nodes.push_back({numbered("h", i), simgrid::NodeKind::host});
  if (star) {
    s.platform.nodes.push_back({"switch", simgrid::NodeKind::lan_router});
    for (int i = 0; i < p; ++i)
      s.platform.links.push_back(
          {i, p, simgrid::LinkClass::lan, kBandwidth, kLatency, numbered("l", i)});
  } else {
    s.platform.links.push_back({0, 1, simgrid::LinkClass::lan, kBandwidth, kLatency, "l01"});
  }
  s.ring_hosts.clear();
  for (int i = 0; i < p; ++i) s.ring_hosts.push_back(i);
  s.routes = simgrid::ring_routes(s.platform, s.ring_hosts);
  s.speeds.assign(static_cast<std::size_t>(p), simgrid::SpeedTrace{100, 4, 100, 9, 100});
  s.speeds[0].first_mflops = s.speeds[0].second_mflops = 100 * slow_factor;  // from iteration 4
  s.initial_columns.assign(static_cast<std::size_t>(p), 10);
  s.flops_per_column = 1e7;
  s.balanced_iteration_time = 1.0;
  return s;
}

simgrid::CoordinationModel agreement_on() {
  simgrid::CoordinationModel c;
  c.agreement = true;
  c.local_seconds = kLocal;
  return c;
}

simgrid::ApplicationRun run_app(const simgrid::StudyScenario& s, simgrid::Scheme scheme,
                                const simgrid::CoordinationModel& c) {
  return simgrid::parse_application_run(simgrid::run_isolated(
      [&] { return simgrid::serialize(simgrid::simulate_application(s, scheme, {}, c)); }));
}

// On the star of 4, every round of the dissemination patterns sends one message up each host's
// link and one down it, so rounds do not share links: a round of b bytes takes 2 L + b / B.
// All-gather: rounds of 1 and 2 records; all-reduce: two rounds of the digests.
constexpr double kStarAgreement =
    4 * 2 * kLatency + (kRecord + 2 * kRecord + 2 * kDigests) / kBandwidth + kLocal;

TEST(SimgridCoordination, AgreementOnAStarTakesTheHandComputedCollectiveTime) {
  // Balanced: after_50 decides after iteration 5 and moves nothing, but the real example calls
  // redistribute all the same, so the agreement is paid.
  const simgrid::ApplicationRun r =
      run_app(scenario(4, true), simgrid::Scheme::after_50, agreement_on());
  EXPECT_EQ(r.redistributions, 1);
  EXPECT_TRUE(r.records.empty());
  EXPECT_NEAR(r.agreement_time, kStarAgreement, 1e-9);
  EXPECT_NEAR(r.total_time, 10.0 + kStarAgreement, 1e-9);
  EXPECT_EQ(r.decision_time, 0.0);
}

TEST(SimgridCoordination, EveryDecisionPaysOneAgreement) {
  const simgrid::ApplicationRun r =
      run_app(scenario(4, true), simgrid::Scheme::every_2, agreement_on());
  EXPECT_EQ(r.redistributions, 9);  // every 2 of 100 iterations, scaled to 10: after every one
  EXPECT_NEAR(r.agreement_time, 9 * kStarAgreement, 1e-9);
  EXPECT_NEAR(r.total_time, 10.0 + 9 * kStarAgreement, 1e-9);
}

TEST(SimgridCoordination, TwoHostsPayOneRoundPerCollective) {
  constexpr double kTwo = 2 * kLatency + (kRecord + kDigests) / kBandwidth + kLocal;
  const simgrid::ApplicationRun r =
      run_app(scenario(2, false), simgrid::Scheme::after_50, agreement_on());
  EXPECT_NEAR(r.agreement_time, kTwo, 1e-9);
  EXPECT_NEAR(r.total_time, 10.0 + kTwo, 1e-9);
}

TEST(SimgridCoordination, TheAgreementDelaysTheMoveThatFollowsIt) {
  // P0 at half speed from iteration 4: after 5 the move runs, after the agreement; every rank
  // starts the agreement at once and ends it at once on the star, so the run shifts by exactly it.
  const simgrid::StudyScenario s = scenario(4, true, 0.5);
  const simgrid::ApplicationRun off = run_app(s, simgrid::Scheme::after_50, {});
  const simgrid::ApplicationRun on = run_app(s, simgrid::Scheme::after_50, agreement_on());
  ASSERT_EQ(off.records.size(), 1u);
  ASSERT_EQ(on.records.size(), 1u);
  EXPECT_GT(off.records[0].items, 0);
  EXPECT_NEAR(on.total_time - off.total_time, kStarAgreement, 1e-9);
  EXPECT_NEAR(on.records[0].measured - off.records[0].measured, kStarAgreement, 1e-9);
}

TEST(SimgridCoordination, OffByDefaultTheRunIsTheStudys) {
  const simgrid::StudyScenario s = scenario(4, true, 0.5);
  for (const simgrid::Scheme scheme : simgrid::all_schemes()) {
    const simgrid::ApplicationRun plain = simgrid::parse_application_run(simgrid::run_isolated(
        [&] { return simgrid::serialize(simgrid::simulate_application(s, scheme)); }));
    simgrid::CoordinationModel sizes_only;  // sizes and local time change nothing while off
    sizes_only.local_seconds = 1.0;
    sizes_only.record_bytes = 1e6;
    const simgrid::ApplicationRun off = run_app(s, scheme, sizes_only);
    EXPECT_EQ(simgrid::serialize(plain), simgrid::serialize(off)) << simgrid::scheme_name(scheme);
    EXPECT_EQ(off.agreement_time, 0.0);
    EXPECT_EQ(off.decision_time, 0.0);
  }
  // The balanced run keeps its hand-computed time: 10 iterations of 1 s, decisions free.
  EXPECT_NEAR(run_app(scenario(4, true), simgrid::Scheme::every_2, {}).total_time, 10.0, 1e-9);
}

TEST(SimgridCoordination, ExampleDecisionMessagesOnTwoHosts) {
  // After iterations 1-9: two gathers to rank 0 (8 bytes each, one after the other) and the
  // broadcast of the decision and the counts ((2 + 1) x 8 bytes): 3 L + 40 / B. Balanced, so the
  // example's policy never rebalances.
  simgrid::CoordinationModel c;
  c.example_adaptive = true;
  const simgrid::ApplicationRun r = run_app(scenario(2, false), simgrid::Scheme::adaptive, c);
  constexpr double kDecision = 3 * kLatency + 40 / kBandwidth;
  EXPECT_EQ(r.redistributions, 0);
  EXPECT_NEAR(r.decision_time, 9 * kDecision, 1e-9);
  EXPECT_NEAR(r.total_time, 10.0 + 9 * kDecision, 1e-9);
}

TEST(SimgridCoordination, ExampleRulesWaitForThreeTimesAtTheNewSpeed) {
  // P0 halves its speed at iteration 4. The example's window (median of three, noise floor) sees it
  // only once iterations 4, 5 and 6 ran at the new speed; the study's coordinator, which trusts
  // one exact measurement, acts on iteration 4's.
  const simgrid::StudyScenario s = scenario(4, true, 0.5);
  simgrid::CoordinationModel example;
  example.example_adaptive = true;
  const simgrid::ApplicationRun mine = run_app(s, simgrid::Scheme::adaptive, example);
  const simgrid::ApplicationRun study = run_app(s, simgrid::Scheme::adaptive, {});
  ASSERT_EQ(mine.records.size(), 1u);
  ASSERT_FALSE(study.records.empty());
  EXPECT_EQ(mine.records[0].after_iteration, 6);
  EXPECT_EQ(study.records[0].after_iteration, 4);
}

}  // namespace
}  // namespace redist
