// Linear, Traffic (printed and corrected index), the document's window search and our optimal
// search on document 002's examples and docs/errata.md items 5, 7 and 8; the planner facade; the
// drawings.

#include <gtest/gtest.h>

#include "redist/core/error.hpp"
#include "redist/lau/generator.hpp"
#include "redist/lau/optimal.hpp"
#include "redist/lau/planner.hpp"
#include "redist/report/execution_svg.hpp"
#include "redist/report/flow_drawing.hpp"
#include "redist/sim/allport_executor.hpp"

namespace redist {
namespace {

using Vec = std::vector<std::int64_t>;

TEST(LauTraffic, Section4ExampleUsesUpperMedian) {
  const sim::ShiftEvaluator eval(sim::allport_instance({5, 1, 1, 3, 3, 1, 0, 1, 2, 3}));
  EXPECT_EQ(lau::traffic_shift(eval.base(), lau::TrafficRule::printed), -2);  // h = s̄_5 = 2
  EXPECT_EQ(lau::traffic_shift(eval.base(), lau::TrafficRule::corrected), -2);
  EXPECT_EQ(lau::traffic_window(eval.base()),
            (lau::ShiftRange{-2, -1}));  // h = 1 is traffic-optimal too
  EXPECT_EQ(eval.traffic(0), 15);
  EXPECT_EQ(eval.traffic(-2), 13);
  EXPECT_EQ(eval.traffic(-1), 13);
}

TEST(LauTraffic, Erratum7OddIndex) {
  const sim::ShiftEvaluator eval(sim::allport_instance({3, 0, 0}));
  EXPECT_EQ(eval.traffic(lau::traffic_shift(eval.base(), lau::TrafficRule::printed)), 3);
  EXPECT_EQ(eval.traffic(lau::traffic_shift(eval.base(), lau::TrafficRule::corrected)), 2);
  EXPECT_EQ(lau::traffic_window(eval.base()), (lau::ShiftRange{-1, -1}));
}

TEST(LauTraffic, CorrectedRuleIsTrafficOptimalEverywhere) {
  Rng rng(5);
  for (int trial = 0; trial < 2000; ++trial) {
    const auto n = static_cast<std::size_t>(rng.uniform(1, 15));
    const sim::ShiftEvaluator eval(sim::allport_instance(lau::random_lau_loads(rng, n, 20, false)));
    const lau::ShiftRange window = lau::traffic_window(eval.base());
    const __int128 best = eval.traffic(window.lo);
    ASSERT_EQ(eval.traffic(lau::traffic_shift(eval.base(), lau::TrafficRule::corrected)), best);
    ASSERT_EQ(eval.traffic(window.hi), best);
    ASSERT_GT(eval.traffic(window.lo - 1), best);
    ASSERT_GT(eval.traffic(window.hi + 1), best);
    if (n % 2 == 0) {
      ASSERT_EQ(eval.traffic(lau::traffic_shift(eval.base(), lau::TrafficRule::printed)), best);
    }
  }
}

TEST(LauTraffic, Figure10TrafficGivesHalfAndHalf) {
  Vec loads(100, 0);
  loads[0] = 100;
  const sim::ShiftEvaluator eval(sim::allport_instance(loads));
  const std::int64_t x = lau::traffic_shift(eval.base(), lau::TrafficRule::printed);
  EXPECT_EQ(x, -50);  // h = 50 (docs/errata.md item 8: not 45)
  const Vec flows = eval.flows(x);
  EXPECT_EQ(flows[0], 49);                             // to the successor
  EXPECT_EQ(flows[99], -50);                           // to the predecessor: all 99 items leave P0
  EXPECT_EQ(lau::deficit_window(eval, 0).size(), 98);  // the Linear window: d_max = 98, d_min = 1
  EXPECT_EQ(lau::optimal_shift(eval, sim::SendMode::single).time.steps, 50);
}

TEST(LauWindowSearch, Erratum5MissesInSingleSend) {
  const sim::ShiftEvaluator eval(sim::allport_instance({0, 0, 0, 1, 4}));
  const std::int64_t traffic_x = lau::traffic_shift(eval.base(), lau::TrafficRule::printed);
  EXPECT_EQ(eval.single_send(traffic_x).steps, 2);
  const lau::WindowSearchResult w = lau::window_search(eval, sim::SendMode::single);
  EXPECT_EQ(w.window.size(), 1);
  EXPECT_EQ(w.time.steps, 3);
  EXPECT_EQ(lau::optimal_shift(eval, sim::SendMode::single).time.steps, 2);
}

TEST(LauWindowSearch, EightNodeExampleOutsideTrafficWindow) {
  const sim::ShiftEvaluator eval(sim::allport_instance({34, 40, 90, 40, 50, 60, 30, 0}));
  EXPECT_EQ(lau::traffic_window(eval.base()), (lau::ShiftRange{-35, -32}));  // h in [32, 35]
  EXPECT_EQ(eval.flows(-13), (Vec{-22, -25, 22, 19, 26, 43, 30, -13}));
  EXPECT_EQ(eval.single_send(-13).steps, 1);
  EXPECT_EQ(eval.traffic(-13), 200);
  EXPECT_EQ(eval.single_send(-32).steps, 2);  // Traffic+
  EXPECT_EQ(eval.traffic(-32), 162);
  const lau::OptimalShift ours = lau::optimal_shift(eval, sim::SendMode::single);
  EXPECT_EQ(ours.time.steps, 1);
  EXPECT_LE(eval.traffic(ours.shift), 200);
  EXPECT_EQ(lau::window_search(eval, sim::SendMode::single).time.steps, 1);
}

TEST(LauWindowSearch, NoRedNodeKeepsTrafficSchedule) {
  const sim::ShiftEvaluator eval(sim::allport_instance({2, 2, 2, 2}));
  const lau::WindowSearchResult w = lau::window_search(eval, sim::SendMode::multi);
  EXPECT_FALSE(w.window.defined);
  EXPECT_EQ(w.window.size(), 0);
  EXPECT_EQ(w.shift, 0);
  EXPECT_EQ(w.time.steps, 0);
}

TEST(LauPlanner, Figure1IsOurLeastTrafficOptimum) {
  const sim::AllportInstance inst = sim::allport_instance({7, 0, 3, 1, 1, 0});
  const lau::LauPlan plan = lau::plan_lau(inst, {});
  EXPECT_EQ(plan.flows, (Vec{2, 0, 1, 0, -1, -3}));
  EXPECT_EQ(plan.t_single.steps, 2);
  EXPECT_EQ(plan.t_multi.steps, 2);
  EXPECT_EQ(plan.traffic, 7);
  ASSERT_TRUE(plan.optimal_shifts.has_value());
  EXPECT_LE(plan.optimal_shifts->lo, -3);
  const lau::LauPlan linear =
      lau::plan_lau(inst, {lau::LauAlgorithm::linear, sim::SendMode::single});
  EXPECT_EQ(linear.flows, (Vec{5, 3, 4, 3, 2, 0}));
  EXPECT_EQ(linear.t_single.steps, 5);
}

TEST(LauPlanner, Lemma6ModesDisagree) {
  const sim::AllportInstance inst = sim::allport_instance({10, 1, 3, 1, 2, 2, 0, 0, 0, 1});
  const lau::LauPlan single =
      lau::plan_lau(inst, {lau::LauAlgorithm::optimal, sim::SendMode::single});
  const lau::LauPlan multi =
      lau::plan_lau(inst, {lau::LauAlgorithm::optimal, sim::SendMode::multi});
  EXPECT_EQ(single.t_single.steps, 3);
  EXPECT_EQ(multi.t_multi.steps, 2);
  EXPECT_EQ(multi.flows, (Vec{4, 3, 4, 3, 3, 3, 1, -1, -3, -4}));  // the only T_m-optimal shift
  EXPECT_GT(multi.t_single.steps, 3);
}

TEST(LauPlanner, TrivialRings) {
  for (const Vec& loads : {Vec{7}, Vec{0}, Vec{0, 0}, Vec{3, 3, 3}, Vec{0, 0, 0, 0}}) {
    for (auto algorithm : {lau::LauAlgorithm::linear, lau::LauAlgorithm::traffic,
                           lau::LauAlgorithm::optimal, lau::LauAlgorithm::window}) {
      const lau::LauPlan plan =
          lau::plan_lau(sim::allport_instance(loads), {algorithm, sim::SendMode::multi});
      EXPECT_EQ(plan.shift, 0);
      EXPECT_EQ(plan.traffic, 0);
      EXPECT_EQ(plan.t_single.steps, 0);
      EXPECT_EQ(plan.t_multi.steps, 0);
    }
  }
  const lau::LauPlan two = lau::plan_lau(sim::allport_instance({4, 0}), {});
  EXPECT_EQ(two.t_single.steps, 1);  // [2, 0] or [1, -1] (both links at once): one step, traffic 2
  EXPECT_EQ(two.traffic, 2);
}

TEST(LauPlanner, NonWholeAverageAndExplicitTargets) {
  const sim::AllportInstance inst = sim::allport_instance({5, 0, 0});
  EXPECT_EQ(inst.targets, (Vec{2, 2, 1}));
  sim::AllportInstance explicit_targets{{5, 0, 0}, {1, 2, 2}};
  for (const auto& i : {inst, explicit_targets}) {
    const lau::LauPlan plan = lau::plan_lau(i, {});
    const sim::AllportExecution run = execute_allport(i, plan.flows, sim::SendMode::single);
    EXPECT_TRUE(run.reached_targets);
    EXPECT_EQ(run.time(), plan.t_single);
  }
}

TEST(LauPlanner, WindowSearchRefusesHugeWindows) {
  Vec loads(50, 0);
  loads[0] = std::int64_t{1} << 40;
  const lau::LauPlan plan = lau::plan_lau(sim::allport_instance(loads),
                                          {lau::LauAlgorithm::window, sim::SendMode::single});
  EXPECT_EQ(plan.status, lau::LauStatus::window_too_large);
  EXPECT_EQ(lau::plan_lau(sim::allport_instance(loads), {}).status, lau::LauStatus::ok);
  // The refusal as an error: the option at fault and the numbers (the caller adds the file).
  const lau::LauOptions window{lau::LauAlgorithm::window, sim::SendMode::single};
  try {
    lau::require_planned(plan, window);
    ADD_FAILURE() << "a refused window search passed require_planned";
  } catch (const InputError& e) {
    EXPECT_EQ(e.field(), "--algorithm");
    EXPECT_EQ(e.reason(), "the window search would evaluate " +
                              std::to_string(plan.window->size()) + " shifts (limit 100000000); " +
                              "use optimal");
  }
  EXPECT_NO_THROW(lau::require_planned(lau::plan_lau(sim::allport_instance(loads), {}), {}));
  EXPECT_EQ(lau::parse_lau_algorithm("window"), lau::LauAlgorithm::window);
  EXPECT_EQ(lau::parse_lau_algorithm("fastest"), std::nullopt);
}

TEST(LauDrawing, Figure1AsTheDocumentDrawsIt) {
  EXPECT_EQ(report::draw_flows(Vec{7, 0, 3, 1, 1, 0}, Vec{2, 0, 1, 0, -1, -3}),
            "7_0 --2--> 0_1 ..0.. 3_2 --1--> 1_3 ..0.. 1_4 <--1-- [0_5] <--3-- (7_0)\n");
  const std::string wrapped = report::draw_flows(Vec(30, 1), Vec(30, 0), 60);
  EXPECT_NE(wrapped.find("\n    "), std::string::npos);
  for (std::size_t at = 0, next; (next = wrapped.find('\n', at)) != std::string::npos;
       at = next + 1)
    EXPECT_LE(next - at, 60u);
}

TEST(LauDrawing, ExecutionSvgShowsEveryStep) {
  const sim::AllportInstance inst = sim::allport_instance({7, 0, 3, 1, 1, 0});
  const Vec flows{5, 3, 4, 3, 2, 0};
  const sim::AllportExecution run = execute_allport(inst, flows, sim::SendMode::multi, {100, true});
  const std::string svg = report::execution_svg(inst, flows, sim::SendMode::multi, run);
  EXPECT_EQ(svg.rfind("<svg", 0), 0u);
  EXPECT_NE(svg.find("</svg>"), std::string::npos);
  EXPECT_NE(svg.find("T = 3"), std::string::npos);
  EXPECT_NE(svg.find(">t = 3<"), std::string::npos);
  std::size_t circles = 0;
  for (std::size_t at = 0; (at = svg.find("<circle", at)) != std::string::npos; ++at) ++circles;
  EXPECT_EQ(circles, 6u * 4u);  // every node in every row, t = 0..3
}

TEST(LauGenerator, ReproducibleAndWholeAverageOnRequest) {
  const lau::LauGenOptions options{12, 100, 7, false};
  EXPECT_EQ(lau::generate_lau_instance(options).loads, generate_lau_instance(options).loads);
  const sim::AllportInstance whole = lau::generate_lau_instance({12, 100, 7, true});
  EXPECT_EQ(whole.total() % 12, 0);
  for (auto l : whole.loads) EXPECT_LE(l, 100);
  EXPECT_THROW((void)lau::generate_lau_instance({0, 100, 1, false}), InputError);
  EXPECT_THROW((void)lau::generate_lau_instance({20'000, 100, 1, true}), InputError);
}

}  // namespace
}  // namespace redist
