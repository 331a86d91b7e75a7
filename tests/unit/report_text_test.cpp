// The summaries the CLI prints, written by the report layer: `redist lau`'s text (document 002's
// Fig. 1 drawn as the document draws it), its execution drawing and the plan diagram's title, with
// the refusals that leave no file behind.

#include <gtest/gtest.h>

#include "redist/core/decimal.hpp"
#include "redist/core/error.hpp"
#include "redist/report/execution_svg.hpp"
#include "redist/report/lau_text.hpp"
#include "redist/report/schedule_svg.hpp"
#include "redist/ring/plan.hpp"

namespace redist {
namespace {

lau::LauPlan optimal_plan(const sim::AllportInstance& instance) {
  return lau::plan_lau(instance, lau::LauOptions{});
}

TEST(LauText, Figure1IsDrawnAsTheDocumentDrawsIt) {
  const auto inst = sim::allport_instance({7, 0, 3, 1, 1, 0});
  const std::string text = report::lau_text(inst, optimal_plan(inst));
  EXPECT_EQ(text.rfind("all-port ring: n = 6, total 12, targets = the average, 2 each\n", 0), 0u)
      << text;
  EXPECT_NE(text.find("optimal schedule (single-send mode): shift -3"), std::string::npos);
  EXPECT_NE(text.find("7_0 --2--> 0_1 ..0.. 3_2 --1--> 1_3 ..0.. 1_4 <--1-- [0_5] <--3-- (7_0)"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("traffic 7, T_single 2, T_multi 2\n"), std::string::npos) << text;
}

TEST(LauText, TargetsAreDescribed) {
  EXPECT_EQ(report::targets_text(sim::allport_instance({5, 0, 0})),
            "average 1 + 2/3: P_0..P_1 get 2, the others 1");
  EXPECT_EQ(report::targets_text(sim::allport_instance({3, 3})), "targets = the average, 3 each");
  sim::AllportInstance explicit_targets = sim::allport_instance({5, 0, 0});
  explicit_targets.targets = {0, 0, 5};
  EXPECT_EQ(report::targets_text(explicit_targets), "explicit targets");
}

TEST(LauText, LargeRingsAreNotDrawn) {
  std::vector<std::int64_t> loads(report::kMaxDrawnNodes + 1, 1);
  loads[0] = 2;
  loads[1] = 0;
  const auto inst = sim::allport_instance(loads);
  const std::string text = report::lau_text(inst, optimal_plan(inst));
  EXPECT_NE(text.find("(drawing omitted for n > 200"), std::string::npos);
  EXPECT_EQ(text.find("-->"), std::string::npos);
}

TEST(LauExecutionSvg, DrawsSmallRingsAndRefusesLargeOnes) {
  const auto inst = sim::allport_instance({7, 0, 3, 1, 1, 0});
  const std::string svg = report::lau_execution_svg(inst, optimal_plan(inst));
  EXPECT_NE(svg.find("<svg"), std::string::npos);
  EXPECT_NE(svg.find("</svg>"), std::string::npos);
  std::vector<std::int64_t> loads(report::kMaxSvgNodes + 1, 0);
  loads[0] = 1;
  const auto large = sim::allport_instance(loads);
  try {
    report::lau_execution_svg(large, optimal_plan(large));
    FAIL() << "a ring above kMaxSvgNodes was drawn";
  } catch (const InputError& e) {
    EXPECT_EQ(e.field(), "svg");
    EXPECT_NE(e.reason().find("drawing supports n <= 128"), std::string::npos) << e.reason();
  }
}

TEST(PlanSvg, TitleNamesFrameworkSizeAndMakespan) {
  RingInstance inst;
  inst.loads = {4, 0, 0};
  inst.targets = {0, 0, 4};
  inst.succ_cost = {1, 1, 1};
  check_ring_instance(inst, "test");
  const ring::RingPlan plan = ring::plan_ring(inst, {});
  const std::string svg = report::plan_svg(inst, plan);
  const std::string title = plan.framework + ", n = 3, makespan " +
                            format_ticks(*plan.schedule.makespan, plan.schedule.time_scale);
  EXPECT_NE(svg.find(title), std::string::npos) << svg.substr(0, 400);
}

}  // namespace
}  // namespace redist
