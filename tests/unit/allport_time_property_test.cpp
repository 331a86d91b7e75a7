// The closed forms of T_s (Proposition 1) and T_m (threads with docs/errata.md item 6's correction)
// against the step-by-step executor, on every shift of thousands of seeded random instances; and
// the literal Definition 1, corrected and printed, against the same executor.

#include <gtest/gtest.h>

#include "lau_brute_force.hpp"
#include "redist/sim/allport_threads.hpp"

namespace redist {
namespace {

using testing::random_loads;
using testing::random_targets;

sim::AllportInstance random_instance(Rng& rng, bool average_targets_only) {
  const auto n = static_cast<std::size_t>(rng.uniform(1, 9));
  auto loads = random_loads(rng, n, rng.uniform(0, 1) ? 3 : 12);
  if (average_targets_only) return sim::allport_instance(loads);
  sim::AllportInstance inst;
  inst.targets = random_targets(rng, loads);
  inst.loads = std::move(loads);
  return inst;
}

void expect_closed_forms_match(const sim::AllportInstance& inst, std::int64_t shift) {
  const sim::ShiftEvaluator eval(inst);
  const auto flows = eval.flows(shift);
  for (sim::SendMode mode : {sim::SendMode::single, sim::SendMode::multi}) {
    const sim::AllportExecution run = execute_allport(inst, flows, mode);
    ASSERT_NE(run.status, sim::ExecStatus::step_limit);
    if (run.status == sim::ExecStatus::completed) {
      ASSERT_TRUE(run.reached_targets);
    }
    const sim::AllportTime closed = send_time(mode, inst.loads, flows);
    ASSERT_EQ(closed, run.time()) << to_string(mode) << " shift " << shift << " n " << inst.size();
    ASSERT_EQ(eval.time(mode, shift), closed);
  }
}

TEST(AllportTimeProperty, ClosedFormsEqualExecutionOnEveryShift) {
  Rng rng(20240501);
  int schedules = 0;
  for (int trial = 0; trial < 1500; ++trial) {
    const sim::AllportInstance inst = random_instance(rng, trial % 2 == 0);
    const std::int64_t radius = std::min<std::int64_t>(testing::brute_force_radius(inst), 40);
    for (std::int64_t x = -radius; x <= radius; ++x, ++schedules)
      expect_closed_forms_match(inst, x);
  }
  EXPECT_GT(schedules, 50'000);
}

TEST(AllportTimeProperty, LargerRingsAtRandomShifts) {
  Rng rng(77);
  for (int trial = 0; trial < 300; ++trial) {
    const auto n = static_cast<std::size_t>(rng.uniform(10, 60));
    const sim::AllportInstance inst = sim::allport_instance(random_loads(rng, n, 100));
    const std::int64_t radius = inst.total();
    for (int k = 0; k < 10; ++k) expect_closed_forms_match(inst, rng.uniform(-radius, radius));
  }
}

TEST(AllportTimeProperty, CorrectedDefinitionMatchesExecutionPrintedDoesNot) {
  Rng rng(4242);
  int compared = 0, printed_wrong = 0;
  for (int trial = 0; trial < 3000; ++trial) {
    const sim::AllportInstance inst = random_instance(rng, true);
    const sim::ShiftEvaluator eval(inst);
    const std::int64_t x = rng.uniform(-inst.total(), inst.total());
    const auto flows = eval.flows(x);
    const sim::AllportTime executed = execute_allport(inst, flows, sim::SendMode::multi).time();
    const auto corrected = sim::longest_thread(inst.loads, flows, sim::ThreadRule::corrected);
    const auto printed = longest_thread(inst.loads, flows, sim::ThreadRule::printed);
    if (executed.deadlock || !corrected) continue;  // threads that wrap all around the ring
    ++compared;
    ASSERT_EQ(*corrected, executed.steps);
    printed_wrong += (!printed || *printed != executed.steps) ? 1 : 0;
  }
  EXPECT_GT(compared, 2500);
  EXPECT_GT(printed_wrong,
            compared / 20);  // docs/errata.md item 6: the printed rule is often wrong
}

}  // namespace
}  // namespace redist
