// Linear, Traffic (printed and corrected index), the document's window search and our optimal
// search on document 002's examples and docs/errata.md items 5, 7 and 8; the planner facade; the drawings.

#include <gtest/gtest.h>

#include "redist/core/error.hpp"
#include "redist/report/execution_svg.hpp"
#include "redist/report/flow_drawing.hpp"
#include "redist/lau/generator.hpp"
#include "redist/lau/optimal.hpp"
#include "redist/lau/planner.hpp"
#include "redist/sim/allport_executor.hpp"

namespace redist {
namespace {

using Vec = std::vector<std::int64_t>;

TEST(LauTraffic, Section4ExampleUsesUpperMedian) {
  const ShiftEvaluator eval(allport_instance({5, 1, 1, 3, 3, 1, 0, 1, 2, 3}));
  EXPECT_EQ(traffic_shift(eval.base(), TrafficRule::printed), -2);  // h = s̄_5 = 2
  EXPECT_EQ(traffic_shift(eval.base(), TrafficRule::corrected), -2);
  EXPECT_EQ(traffic_window(eval.base()), (ShiftRange{-2, -1}));  // h = 1 is traffic-optimal too
  EXPECT_EQ(eval.traffic(0), 15);
  EXPECT_EQ(eval.traffic(-2), 13);
  EXPECT_EQ(eval.traffic(-1), 13);
}

TEST(LauTraffic, Erratum7OddIndex) {
  const ShiftEvaluator eval(allport_instance({3, 0, 0}));
  EXPECT_EQ(eval.traffic(traffic_shift(eval.base(), TrafficRule::printed)), 3);
  EXPECT_EQ(eval.traffic(traffic_shift(eval.base(), TrafficRule::corrected)), 2);
  EXPECT_EQ(traffic_window(eval.base()), (ShiftRange{-1, -1}));
}

TEST(LauTraffic, CorrectedRuleIsTrafficOptimalEverywhere) {
  Rng rng(5);
  for (int trial = 0; trial < 2000; ++trial) {
    const auto n = static_cast<std::size_t>(rng.uniform(1, 15));
    const ShiftEvaluator eval(allport_instance(random_lau_loads(rng, n, 20, false)));
    const ShiftRange window = traffic_window(eval.base());
    const __int128 best = eval.traffic(window.lo);
    ASSERT_EQ(eval.traffic(traffic_shift(eval.base(), TrafficRule::corrected)), best);
    ASSERT_EQ(eval.traffic(window.hi), best);
    ASSERT_GT(eval.traffic(window.lo - 1), best);
    ASSERT_GT(eval.traffic(window.hi + 1), best);
    if (n % 2 == 0) {
      ASSERT_EQ(eval.traffic(traffic_shift(eval.base(), TrafficRule::printed)), best);
    }
  }
}

TEST(LauTraffic, Figure10TrafficGivesHalfAndHalf) {
  Vec loads(100, 0);
  loads[0] = 100;
  const ShiftEvaluator eval(allport_instance(loads));
  const std::int64_t x = traffic_shift(eval.base(), TrafficRule::printed);
  EXPECT_EQ(x, -50);  // h = 50 (docs/errata.md item 8: not 45)
  const Vec flows = eval.flows(x);
  EXPECT_EQ(flows[0], 49);   // to the successor
  EXPECT_EQ(flows[99], -50); // to the predecessor: all 99 items leave P0
  EXPECT_EQ(deficit_window(eval, 0).size(), 98);  // the Linear window: d_max = 98, d_min = 1
  EXPECT_EQ(optimal_shift(eval, SendMode::single).time.steps, 50);
}

TEST(LauWindowSearch, Erratum5MissesInSingleSend) {
  const ShiftEvaluator eval(allport_instance({0, 0, 0, 1, 4}));
  const std::int64_t traffic_x = traffic_shift(eval.base(), TrafficRule::printed);
  EXPECT_EQ(eval.single_send(traffic_x).steps, 2);
  const WindowSearchResult w = window_search(eval, SendMode::single);
  EXPECT_EQ(w.window.size(), 1);
  EXPECT_EQ(w.time.steps, 3);
  EXPECT_EQ(optimal_shift(eval, SendMode::single).time.steps, 2);
}

TEST(LauWindowSearch, EightNodeExampleOutsideTrafficWindow) {
  const ShiftEvaluator eval(allport_instance({34, 40, 90, 40, 50, 60, 30, 0}));
  EXPECT_EQ(traffic_window(eval.base()), (ShiftRange{-35, -32}));  // h in [32, 35]
  EXPECT_EQ(eval.flows(-13), (Vec{-22, -25, 22, 19, 26, 43, 30, -13}));
  EXPECT_EQ(eval.single_send(-13).steps, 1);
  EXPECT_EQ(eval.traffic(-13), 200);
  EXPECT_EQ(eval.single_send(-32).steps, 2);  // Traffic+
  EXPECT_EQ(eval.traffic(-32), 162);
  const OptimalShift ours = optimal_shift(eval, SendMode::single);
  EXPECT_EQ(ours.time.steps, 1);
  EXPECT_LE(eval.traffic(ours.shift), 200);
  EXPECT_EQ(window_search(eval, SendMode::single).time.steps, 1);
}

TEST(LauWindowSearch, NoRedNodeKeepsTrafficSchedule) {
  const ShiftEvaluator eval(allport_instance({2, 2, 2, 2}));
  const WindowSearchResult w = window_search(eval, SendMode::multi);
  EXPECT_FALSE(w.window.defined);
  EXPECT_EQ(w.window.size(), 0);
  EXPECT_EQ(w.shift, 0);
  EXPECT_EQ(w.time.steps, 0);
}

TEST(LauPlanner, Figure1IsOurLeastTrafficOptimum) {
  const AllportInstance inst = allport_instance({7, 0, 3, 1, 1, 0});
  const LauPlan plan = plan_lau(inst, {});
  EXPECT_EQ(plan.flows, (Vec{2, 0, 1, 0, -1, -3}));
  EXPECT_EQ(plan.t_single.steps, 2);
  EXPECT_EQ(plan.t_multi.steps, 2);
  EXPECT_EQ(plan.traffic, 7);
  ASSERT_TRUE(plan.optimal_shifts.has_value());
  EXPECT_LE(plan.optimal_shifts->lo, -3);
  const LauPlan linear = plan_lau(inst, {LauAlgorithm::linear, SendMode::single});
  EXPECT_EQ(linear.flows, (Vec{5, 3, 4, 3, 2, 0}));
  EXPECT_EQ(linear.t_single.steps, 5);
}

TEST(LauPlanner, Lemma6ModesDisagree) {
  const AllportInstance inst = allport_instance({10, 1, 3, 1, 2, 2, 0, 0, 0, 1});
  const LauPlan single = plan_lau(inst, {LauAlgorithm::optimal, SendMode::single});
  const LauPlan multi = plan_lau(inst, {LauAlgorithm::optimal, SendMode::multi});
  EXPECT_EQ(single.t_single.steps, 3);
  EXPECT_EQ(multi.t_multi.steps, 2);
  EXPECT_EQ(multi.flows, (Vec{4, 3, 4, 3, 3, 3, 1, -1, -3, -4}));  // the only T_m-optimal shift
  EXPECT_GT(multi.t_single.steps, 3);
}

TEST(LauPlanner, TrivialRings) {
  for (const Vec& loads : {Vec{7}, Vec{0}, Vec{0, 0}, Vec{3, 3, 3}, Vec{0, 0, 0, 0}}) {
    for (auto algorithm : {LauAlgorithm::linear, LauAlgorithm::traffic, LauAlgorithm::optimal, LauAlgorithm::window}) {
      const LauPlan plan = plan_lau(allport_instance(loads), {algorithm, SendMode::multi});
      EXPECT_EQ(plan.shift, 0);
      EXPECT_EQ(plan.traffic, 0);
      EXPECT_EQ(plan.t_single.steps, 0);
      EXPECT_EQ(plan.t_multi.steps, 0);
    }
  }
  const LauPlan two = plan_lau(allport_instance({4, 0}), {});
  EXPECT_EQ(two.t_single.steps, 1);  // [2, 0] or [1, -1] (both links at once): one step, traffic 2
  EXPECT_EQ(two.traffic, 2);
}

TEST(LauPlanner, NonWholeAverageAndExplicitTargets) {
  const AllportInstance inst = allport_instance({5, 0, 0});
  EXPECT_EQ(inst.targets, (Vec{2, 2, 1}));
  AllportInstance explicit_targets{{5, 0, 0}, {1, 2, 2}};
  for (const auto& i : {inst, explicit_targets}) {
    const LauPlan plan = plan_lau(i, {});
    const AllportExecution run = execute_allport(i, plan.flows, SendMode::single);
    EXPECT_TRUE(run.reached_targets);
    EXPECT_EQ(run.time(), plan.t_single);
  }
}

TEST(LauPlanner, WindowSearchRefusesHugeWindows) {
  Vec loads(50, 0);
  loads[0] = std::int64_t{1} << 40;
  const LauPlan plan = plan_lau(allport_instance(loads), {LauAlgorithm::window, SendMode::single});
  EXPECT_EQ(plan.status, LauStatus::window_too_large);
  EXPECT_EQ(plan_lau(allport_instance(loads), {}).status, LauStatus::ok);
  EXPECT_EQ(parse_lau_algorithm("window"), LauAlgorithm::window);
  EXPECT_EQ(parse_lau_algorithm("fastest"), std::nullopt);
}

TEST(LauDrawing, Figure1AsTheDocumentDrawsIt) {
  EXPECT_EQ(draw_flows(Vec{7, 0, 3, 1, 1, 0}, Vec{2, 0, 1, 0, -1, -3}),
            "7_0 --2--> 0_1 ..0.. 3_2 --1--> 1_3 ..0.. 1_4 <--1-- [0_5] <--3-- (7_0)\n");
  const std::string wrapped = draw_flows(Vec(30, 1), Vec(30, 0), 60);
  EXPECT_NE(wrapped.find("\n    "), std::string::npos);
  for (std::size_t at = 0, next; (next = wrapped.find('\n', at)) != std::string::npos; at = next + 1)
    EXPECT_LE(next - at, 60u);
}

TEST(LauDrawing, ExecutionSvgShowsEveryStep) {
  const AllportInstance inst = allport_instance({7, 0, 3, 1, 1, 0});
  const Vec flows{5, 3, 4, 3, 2, 0};
  const AllportExecution run = execute_allport(inst, flows, SendMode::multi, {100, true});
  const std::string svg = execution_svg(inst, flows, SendMode::multi, run);
  EXPECT_EQ(svg.rfind("<svg", 0), 0u);
  EXPECT_NE(svg.find("</svg>"), std::string::npos);
  EXPECT_NE(svg.find("T = 3"), std::string::npos);
  EXPECT_NE(svg.find(">t = 3<"), std::string::npos);
  std::size_t circles = 0;
  for (std::size_t at = 0; (at = svg.find("<circle", at)) != std::string::npos; ++at) ++circles;
  EXPECT_EQ(circles, 6u * 4u);  // every node in every row, t = 0..3
}

TEST(LauGenerator, ReproducibleAndWholeAverageOnRequest) {
  const LauGenOptions options{12, 100, 7, false};
  EXPECT_EQ(generate_lau_instance(options).loads, generate_lau_instance(options).loads);
  const AllportInstance whole = generate_lau_instance({12, 100, 7, true});
  EXPECT_EQ(whole.total() % 12, 0);
  for (auto l : whole.loads) EXPECT_LE(l, 100);
  EXPECT_THROW((void)generate_lau_instance({0, 100, 1, false}), InputError);
  EXPECT_THROW((void)generate_lau_instance({20'000, 100, 1, true}), InputError);
}

}  // namespace
}  // namespace redist
