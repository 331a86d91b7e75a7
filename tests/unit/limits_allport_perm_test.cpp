// docs/limits.md at its boundaries for `redist lau` and `redist perm` (the ring side:
// limits_test.cpp): the largest accepted totals give correct answers checked by the executor or the
// step-schedule checker, and one step beyond is a clear InputError naming the field and index.

#include <gtest/gtest.h>

#include <string>

#include "redist/core/error.hpp"
#include "redist/lau/allport_io.hpp"
#include "redist/lau/planner.hpp"
#include "redist/perm/edge_colouring.hpp"
#include "redist/perm/perm_io.hpp"
#include "redist/perm/steps.hpp"
#include "redist/perm/volume.hpp"
#include "redist/sim/allport_executor.hpp"

namespace redist {
namespace {

sim::AllportInstance allport(const std::string& loads, const std::string& targets = "") {
  std::string text = R"({"model": "allport", "loads": )" + loads;
  if (!targets.empty()) text += R"(, "targets": )" + targets;
  return lau::allport_instance_from_json(io::parse_exact_json(text + "}", "in.json"), "in.json");
}

std::string allport_error(const std::string& loads, const std::string& targets = "") {
  try {
    allport(loads, targets);
  } catch (const InputError& e) {
    return e.field() + ": " + e.reason();
  }
  return "no error";
}

// Every algorithm's reported times agree with the step-by-step executor, which ends on the targets.
void expect_executed(const sim::AllportInstance& inst) {
  for (sim::SendMode mode : {sim::SendMode::single, sim::SendMode::multi})
    for (lau::LauAlgorithm algorithm :
         {lau::LauAlgorithm::linear, lau::LauAlgorithm::traffic, lau::LauAlgorithm::optimal}) {
      lau::LauOptions options;
      options.algorithm = algorithm;
      options.mode = mode;
      const lau::LauPlan plan = plan_lau(inst, options);
      for (sim::SendMode run_mode : {sim::SendMode::single, sim::SendMode::multi}) {
        const sim::AllportTime want =
            run_mode == sim::SendMode::single ? plan.t_single : plan.t_multi;
        const sim::AllportExecution run = execute_allport(inst, plan.flows, run_mode);
        EXPECT_EQ(run.time(), want) << to_string(algorithm) << " " << to_string(run_mode);
        EXPECT_TRUE(want.deadlock || run.reached_targets);
      }
    }
}

TEST(AllportLimits, TotalOfTwoToThe61IsTheLargestAccepted) {
  const std::string half = std::to_string(std::int64_t{1} << 60);
  expect_executed(allport("[" + half + ", 0, 0, " + half + "]"));
  expect_executed(allport("[" + std::to_string(std::int64_t{1} << 61) + ", 0, 0]"));
  EXPECT_EQ(allport_error("[" + half + ", " + half + ", 1]"),
            "loads[2]: running total exceeds 2^61 items (flows would overflow 64 bits)");
  EXPECT_EQ(allport_error("[1, 2]", "[3, " + std::to_string(std::int64_t{1} << 61) + "]"),
            "targets[1]: running total exceeds 2^61 items (flows would overflow 64 bits)");
}

TEST(AllportLimits, TenToTheTwelveItemsOnOneProcessorAndAllEqual) {
  std::string loads = "[1000000000000";
  for (int i = 1; i < 100; ++i) loads += ", 0";
  expect_executed(allport(loads + "]"));
  const sim::AllportInstance equal = allport("[7, 7, 7, 7]");
  const lau::LauPlan plan = lau::plan_lau(equal, {});
  EXPECT_EQ(plan.t_single.steps, 0);
  EXPECT_EQ(plan.traffic, 0);
}

TEST(AllportLimits, HostileValues) {
  EXPECT_EQ(allport_error("[]"), "loads: the ring needs at least one processor (n = 0)");
  EXPECT_EQ(allport_error("[-1]"), "loads[0]: must be >= 0, got -1");
  EXPECT_EQ(allport_error("[1e30]"), "loads[0]: integer does not fit 64 bits");
  EXPECT_EQ(allport_error("[0.5, 0.5]"), "loads[0]: must be an integer, got 0.5");
  EXPECT_EQ(allport_error("[-0, 3]"), "no error");
  EXPECT_EQ(allport_error("[1, 2]", "[1]"), "targets: has 1 entries but loads has 2");
}

std::string perm_error(const std::string& text) {
  try {
    perm::parse_perm_instance(text, "in.json");
  } catch (const InputError& e) {
    return e.field() + ": " + e.reason();
  }
  return "no error";
}

// Both optima, and their step schedules through the checker with exactly the promised steps.
void expect_solved(const perm::PermInstance& inst) {
  for (const perm::PermSolution& s : {perm::solve_min_volume(inst), perm::solve_min_steps(inst)}) {
    const auto demand = perm::transfer_demand(inst, s.assignment);
    const perm::StepSchedule schedule = perm::colour_transfers(inst.processors(), demand);
    const perm::StepCheck check = perm::check_step_schedule(inst.processors(), demand, schedule);
    EXPECT_TRUE(check.valid);
    EXPECT_EQ(check.steps, s.steps);
  }
}

TEST(PermLimits, TwoToThe60ItemsIsTheLargestAccepted) {
  const std::string half = std::to_string(std::int64_t{1} << 59);
  const perm::PermInstance inst =
      perm::parse_perm_instance("{\"counts\": [[0, " + half + "], [" + half + ", 0]]}", "x");
  EXPECT_EQ(inst.total_items(), std::int64_t{1} << 60);
  EXPECT_EQ(perm::solve_min_volume(inst).volume, 0);
  expect_solved(inst);
  EXPECT_EQ(perm_error("{\"counts\": [[0, " + half + "], [" + half + ", 1]]}"),
            "counts[1][1]: the counts add up to more than 2^60 items");
}

TEST(PermLimits, OneProcessorHoldingEverythingAndAllEqual) {
  std::string row = "[1000000000000", zeros = "[0";
  for (int j = 1; j < 6; ++j) {
    row += ", 1000000000000";
    zeros += ", 0";
  }
  std::string counts = "{\"counts\": [" + row + "]";
  for (int i = 1; i < 6; ++i) counts += ", " + zeros + "]";
  const perm::PermInstance all_on_one = perm::parse_perm_instance(counts + "]}", "x");
  EXPECT_EQ(perm::solve_min_volume(all_on_one).volume, 5 * std::int64_t{1'000'000'000'000});
  expect_solved(all_on_one);
  const perm::PermInstance equal =
      perm::parse_perm_instance(R"({"counts": [[2, 2, 2], [2, 2, 2], [2, 2, 2]]})", "x");
  EXPECT_EQ(perm::solve_min_volume(equal).volume, 12);
  expect_solved(equal);
}

// Whole numbers written as floats are read as every other file reads them (docs/limits.md).
TEST(PermLimits, WholeNumberFloatsAreAccepted) {
  const perm::PermInstance a =
      perm::parse_perm_instance(R"({"counts": [[2.0, 0], [1e0, 2e0]]})", "x");
  EXPECT_EQ(a.total_items(), 5);
  const perm::PermInstance b = perm::parse_perm_instance(
      R"({"processors": 2.0, "initial": [0, 1.0], "partition": [1e0, 0]})", "x");
  EXPECT_EQ(b.total_items(), 2);
}

TEST(PermLimits, HostileValues) {
  EXPECT_NE(perm_error(R"({"counts": [[NaN]]})"), "no error");
  EXPECT_EQ(perm_error(R"({"counts": [[1e30]]})"),
            "counts[0][0]: integer does not fit 64 bits, got 1e30");
  EXPECT_EQ(perm_error(R"({"counts": [[2.5]]})"), "counts[0][0]: must be an integer, got 2.5");
  EXPECT_EQ(perm_error(R"({"counts": [[-2.0]]})"), "counts[0][0]: must be >= 0, got -2.0");
  EXPECT_EQ(perm_error(R"({"counts": [[1]], "counts": [[1]]})"),
            "counts: duplicate key in the same object");
  EXPECT_EQ(perm_error(R"({"processors": 0, "initial": [], "partition": []})").substr(0, 25),
            "processors: must be in [1");
  EXPECT_NE(
      perm_error("{\"counts\": " + std::string(100'000, '[') + std::string(100'000, ']') + "}"),
      "no error");
  EXPECT_EQ(perm_error(R"({"counts": [[-0]]})"), "no error");
}

}  // namespace
}  // namespace redist
