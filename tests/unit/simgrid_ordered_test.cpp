// Ordered plans simulated by SimGrid on ring platforms (simgrid/ordered_study.hpp): the example
// platforms read as built in, one message timed by hand, the item model replayed exactly where the
// links have no delay (relays forward specific items, one per message), and the study's rows. Each
// simulation runs in a child process (SimGrid allows one engine per process).

#include <gtest/gtest.h>

#include "redist/ring/ordered_plan.hpp"
#include "redist/simgrid/isolated_run.hpp"
#include "redist/simgrid/ordered_study.hpp"
#include "redist/simgrid/ring_platform.hpp"

namespace redist::simgrid {
namespace {

void expect_same(const RingPlatform& a, const RingPlatform& b) {
  ASSERT_EQ(a.size(), b.size());
  for (std::size_t i = 0; i < a.size(); ++i) {
    EXPECT_DOUBLE_EQ(a.links[i].rate_mbit, b.links[i].rate_mbit) << i;
    EXPECT_DOUBLE_EQ(a.links[i].back_rate_mbit, b.links[i].back_rate_mbit) << i;
    EXPECT_DOUBLE_EQ(a.links[i].delay_ms, b.links[i].delay_ms) << i;
    EXPECT_DOUBLE_EQ(a.links[i].back_delay_ms, b.links[i].back_delay_ms) << i;
  }
}

TEST(SimgridOrdered, TheBuiltInPlatformsAreTheExampleFiles) {
  expect_same(read_netlab_ring(REDIST_SOURCE_DIR "/examples/netlab/ring6_hetero.json"),
              ring6_hetero());
  expect_same(read_netlab_ring(REDIST_SOURCE_DIR "/examples/netlab/ring6_slow_link.json"),
              ring6_slow_link());
  const RingPlatform slow = ring6_slow_link();
  EXPECT_DOUBLE_EQ(slow.links[3].rate_mbit, 5 * slow.links[2].rate_mbit);
}

OrderedSimulation simulate(const RingPlatform& p, double item_bytes, const RingInstance& inst,
                           const Schedule& s) {
  return parse_ordered_simulation(
      run_isolated([&] { return serialize(simulate_ordered_schedule(p, item_bytes, inst, s)); }));
}

TEST(SimgridOrdered, OneMessageCostsItsDelayPlusItsBytes) {
  // P0 gives its items 2..3 to P1 over 8 Mbit/s with 2 ms: 2 ms + 2 x 1000 B x 8 / 8e6 s = 4 ms.
  RingPlatform p{"three", {{8, 2, 8, 2}, {8, 2, 8, 2}, {8, 2, 8, 2}}};
  const RingInstance inst = ring_platform_instance(p, 1000, 9, {4, 1, 1}, {2, 3, 1});
  Schedule s;
  s.time_scale = 9;
  Transfer t(0, 1, 2, 0);
  t.first = 2;
  s.transfers.push_back(t);
  const auto r = simulate(p, 1000, inst, s);
  EXPECT_NEAR(r.measured, 0.004, 1e-9);
  EXPECT_EQ(r.messages, 1);
}

TEST(SimgridOrdered, WithoutDelaysTheItemModelIsReplayedExactly) {
  // No delay: relays get one item per message, and the simulated time is the plan's makespan.
  RingPlatform p{"no delay",
                 {{40, 0, 40, 0},
                  {80, 0, 20, 0},
                  {100, 0, 100, 0},
                  {20, 0, 60, 0},
                  {50, 0, 50, 0},
                  {30, 0, 90, 0}}};
  for (const OrderedPattern& pattern : ordered_patterns(6, 60)) {
    const RingInstance inst = ring_platform_instance(p, 4096, 9, pattern.loads, pattern.targets);
    for (const bool linear : {false, true}) {
      const ring::OrderedPlan plan = ring::plan_ordered(inst, {.effort = 1, .linear_only = linear});
      const auto r = simulate(p, 4096, inst, plan.schedule);
      EXPECT_NEAR(r.measured, r.predicted, 1e-8) << pattern.name << (linear ? " linear" : "");
    }
  }
}

TEST(SimgridOrdered, TheStudyComparesBothPlansOnEveryPattern) {
  OrderedStudyOptions options;
  options.quick = true;  // ring6_slow_link, shift and random
  const auto rows = run_ordered_simgrid_study(options);
  ASSERT_EQ(rows.size(), 2u);
  for (const OrderedStudyRow& row : rows) {
    EXPECT_EQ(row.platform, "ring6_slow_link");
    EXPECT_LE(row.ordered.predicted, row.linear.predicted) << row.pattern;
    EXPECT_GT(row.ordered.measured, 0) << row.pattern;
    EXPECT_GE(row.linear.measured, row.linear.predicted) << row.pattern;
  }
}

}  // namespace
}  // namespace redist::simgrid
