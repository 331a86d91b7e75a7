// The step-by-step executor and the closed forms on document 002's worked examples (Figs. 1-4, the
// Lemma 2 and Lemma 6 examples, docs/errata.md items 6 and 8) and on the degenerate cases.

#include <gtest/gtest.h>

#include "redist/core/error.hpp"
#include "redist/sim/allport_executor.hpp"
#include "redist/sim/allport_threads.hpp"

namespace redist {
namespace {

using Vec = std::vector<std::int64_t>;

sim::AllportTime run_time(const sim::AllportInstance& inst, const Vec& flows, sim::SendMode mode) {
  const sim::AllportExecution run = execute_allport(inst, flows, mode);
  if (run.status == sim::ExecStatus::completed) {
    EXPECT_TRUE(run.reached_targets);
  }
  EXPECT_EQ(run.time(), sim::send_time(mode, inst.loads, flows))
      << "closed form disagrees with execution";
  return run.time();
}

void expect_times(const sim::AllportInstance& inst, const Vec& flows, std::int64_t single,
                  std::int64_t multi) {
  EXPECT_EQ(run_time(inst, flows, sim::SendMode::single), (sim::AllportTime{single, false}));
  EXPECT_EQ(run_time(inst, flows, sim::SendMode::multi), (sim::AllportTime{multi, false}));
}

const sim::AllportInstance kFig1 = sim::allport_instance({7, 0, 3, 1, 1, 0});

TEST(AllportExecutor, Figure1OneRedNodeTakesTwoSteps) {
  expect_times(kFig1, {2, 0, 1, 0, -1, -3}, 2, 2);
  EXPECT_EQ(sim::shift_base(kFig1),
            (Vec{5, 3, 4, 3, 2, 0}));  // Fig. 2 = the Linear schedule = Fig. 1 shifted by 3
}

TEST(AllportExecutor, Figure2ChainOfFourRedNodes) { expect_times(kFig1, {5, 3, 4, 3, 2, 0}, 5, 3); }

TEST(AllportExecutor, Figure4MultiSendTrace) {
  const sim::AllportExecution run =
      execute_allport(kFig1, {5, 3, 4, 3, 2, 0}, sim::SendMode::multi, {100, true});
  ASSERT_EQ(run.status, sim::ExecStatus::completed);
  ASSERT_EQ(run.trace.size(), 3u);
  EXPECT_EQ(run.trace[0].holdings, (Vec{2, 5, 0, 3, 1, 1}));
  EXPECT_EQ(run.trace[1].holdings, (Vec{2, 2, 3, 1, 2, 2}));
  EXPECT_EQ(run.trace[2].holdings, (Vec{2, 2, 2, 2, 2, 2}));
  ASSERT_EQ(run.trace[0].messages.size(), 4u);  // 5 to v2, 3 (all v3 has) to v4, 1 to v5, 1 to v6
  EXPECT_EQ(run.trace[0].messages[0].amount, 5);
  EXPECT_EQ(run.trace[0].messages[1].amount, 3);
  ASSERT_EQ(run.trace[2].messages.size(), 1u);  // the end of the thread v1 -> v2 -> v3 -> v4
  EXPECT_EQ(run.trace[2].messages[0].from, 2u);
  EXPECT_EQ(run.trace[2].messages[0].amount, 1);
  EXPECT_EQ(run.messages, 4 + 3 + 1);
}

TEST(AllportExecutor, Figure3LongestChainNotRedCount) {
  const sim::AllportInstance inst = sim::allport_instance({9, 1, 3, 0, 2, 1, 0, 0});
  EXPECT_EQ(run_time(inst, {2, 1, 2, 0, 0, -1, -3, -5}, sim::SendMode::single).steps,
            3);  // (a): 2 red nodes
  EXPECT_EQ(run_time(inst, {3, 2, 3, 1, 1, 0, -2, -4}, sim::SendMode::single).steps,
            2);  // (b): 3 red nodes
}

TEST(AllportExecutor, Lemma6ExampleWithErratum8) {
  const sim::AllportInstance inst = sim::allport_instance({10, 1, 3, 1, 2, 2, 0, 0, 0, 1});
  expect_times(inst, {3, 2, 3, 2, 2, 2, 0, -2, -4, -5}, 3, 3);  // the T_s-optimal schedule
  expect_times(inst, {4, 3, 4, 3, 3, 3, 1, -1, -3, -4}, 7,
               2);  // T_m-optimal: T_s = 7, not 9 as printed
}

TEST(AllportExecutor, Section4TrafficExample) {
  const sim::AllportInstance inst = sim::allport_instance({5, 1, 1, 3, 3, 1, 0, 1, 2, 3});
  EXPECT_EQ(sim::shift_base(inst),
            (Vec{3, 2, 1, 2, 3, 2, 0, -1, -1, 0}));               // the Linear schedule as drawn
  expect_times(inst, {3, 2, 1, 2, 3, 2, 0, -1, -1, 0}, 2, 2);     // Linear
  expect_times(inst, {1, 0, -1, 0, 1, 0, -2, -3, -3, -2}, 3, 2);  // Traffic (h = 2)
  expect_times(inst, {2, 1, 0, 1, 2, 1, -1, -2, -2, -1}, 1, 1);   // the best schedule (h = 1)
}

TEST(AllportExecutor, Lemma2UnreasonableCirculation) {
  const sim::AllportInstance inst = sim::allport_instance(Vec(7, 1));
  const Vec flows(7, 10);
  EXPECT_EQ(run_time(inst, flows, sim::SendMode::single),
            (sim::AllportTime{0, true}));                            // deadlock, reported
  EXPECT_EQ(run_time(inst, flows, sim::SendMode::multi).steps, 10);  // "10 timesteps"
  EXPECT_EQ(execute_allport(inst, flows, sim::SendMode::single).status, sim::ExecStatus::deadlock);
}

TEST(AllportExecutor, Erratum6PrintedThreadDefinition) {
  const sim::AllportInstance inst = sim::allport_instance({0, 0, 3, 5});
  const Vec flows{-2, -4, -3, 0};
  EXPECT_EQ(run_time(inst, flows, sim::SendMode::multi).steps, 2);
  EXPECT_EQ(sim::longest_thread(inst.loads, flows, sim::ThreadRule::corrected), 2);
  EXPECT_EQ(sim::longest_thread(inst.loads, flows, sim::ThreadRule::printed),
            std::nullopt);  // no thread as printed
}

TEST(AllportExecutor, DegenerateRings) {
  expect_times(sim::allport_instance({5}), {0}, 0, 0);                    // n = 1
  expect_times(sim::allport_instance({2, 2, 2}), {0, 0, 0}, 0, 0);        // balanced
  expect_times(sim::allport_instance({0, 0, 0, 0}), {0, 0, 0, 0}, 0, 0);  // all zero
  expect_times(sim::allport_instance({4, 0}), {1, -1}, 1, 1);  // n = 2: both links P0 -> P1 at once
  expect_times(sim::allport_instance({0, 4}), {-1, 1}, 1, 1);
  expect_times(sim::allport_instance({2, 2, 2}), {1, 1, 1}, 1,
               1);  // a circulation every node can start
}

TEST(AllportExecutor, SingleNodeSendingToItself) {
  const sim::AllportInstance inst = sim::allport_instance({3});
  expect_times(inst, {3}, 1, 1);
  expect_times(inst, {-2}, 1, 1);
  EXPECT_EQ(run_time(inst, {7}, sim::SendMode::single), (sim::AllportTime{0, true}));
  EXPECT_EQ(run_time(inst, {7}, sim::SendMode::multi).steps, 3);  // 3 + 3 + 1
}

TEST(AllportExecutor, CirculationWithoutLoadDeadlocksInBothModes) {
  const sim::AllportInstance inst = sim::allport_instance({0, 0, 0});
  for (sim::SendMode mode : {sim::SendMode::single, sim::SendMode::multi}) {
    EXPECT_EQ(run_time(inst, {1, 1, 1}, mode), (sim::AllportTime{0, true}));
    EXPECT_EQ(run_time(inst, {-2, -2, -2}, mode), (sim::AllportTime{0, true}));
  }
}

TEST(AllportExecutor, StepLimitIsAValue) {
  const sim::AllportInstance inst = sim::allport_instance({1, 1, 1});
  const sim::AllportExecution run =
      execute_allport(inst, {1000, 1000, 1000}, sim::SendMode::multi, {5, false});
  EXPECT_EQ(run.status, sim::ExecStatus::step_limit);
  EXPECT_EQ(run.steps, 5);
  EXPECT_EQ(sim::multi_send_time(inst.loads, Vec{1000, 1000, 1000}).steps,
            1000);  // closed form: no loop over steps
}

TEST(AllportExecutor, InvalidFlowsAreRunNotTrusted) {
  const sim::AllportInstance inst = sim::allport_instance({2, 2});
  const sim::AllportExecution run = execute_allport(inst, {1, 0}, sim::SendMode::single);
  EXPECT_EQ(run.status, sim::ExecStatus::completed);
  EXPECT_FALSE(run.reached_targets);
  EXPECT_EQ(run.final_loads, (Vec{1, 3}));
  EXPECT_THROW((void)sim::single_send_time(Vec{0, 0}, Vec{5, 0}),
               InternalError);  // leaves P0 at -5
}

TEST(AllportExecutor, HugeLoadsDoNotOverflow) {
  const std::int64_t big = 1'000'000'000'000;
  const sim::AllportInstance inst = sim::allport_instance({big * 4, 0, 0, 0});
  const Vec flows{big * 2, big, 0, -big};
  expect_times(inst, flows, 2, 2);
  EXPECT_EQ(sim::multi_send_time(Vec{1, 1, 1}, Vec{std::int64_t{1} << 62, std::int64_t{1} << 62,
                                                   std::int64_t{1} << 62})
                .steps,
            std::int64_t{1} << 62);
}

}  // namespace
}  // namespace redist
