// The measured-speed window of the MPI example's adaptive scheme (sim/speed_window.hpp): medians of
// three compute times, no estimate before three iterations at the same counts, the spread as noise.

#include <gtest/gtest.h>

#include "redist/sim/speed_window.hpp"

namespace redist {
namespace {

TEST(SpeedWindow, NeedsThreeIterationsAtTheSameCounts) {
  sim::SpeedWindow w;
  const std::vector<std::int64_t> counts{10, 20};
  EXPECT_FALSE(w.record(counts, {1.0, 1.0}));
  EXPECT_FALSE(w.record(counts, {1.0, 1.0}));
  EXPECT_TRUE(w.record(counts, {1.0, 1.0}));
  EXPECT_TRUE(w.record(counts, {1.0, 1.0}));
  EXPECT_FALSE(w.record({15, 15}, {1.0, 1.0}));  // new counts: the old times say nothing
}

TEST(SpeedWindow, TheMedianIgnoresOneLateWakeUp) {
  sim::SpeedWindow w;
  const std::vector<std::int64_t> counts{10, 20};
  w.record(counts, {1.0, 2.0});
  w.record(counts, {1.6, 2.0});  // rank 0 woke 0.6 s late once
  ASSERT_TRUE(w.record(counts, {1.0, 2.0}));
  const std::vector<double> speeds = w.speeds(counts);
  EXPECT_DOUBLE_EQ(speeds[0], 10.0);
  EXPECT_DOUBLE_EQ(speeds[1], 10.0);
  EXPECT_NEAR(w.noise(), 0.6, 1e-12);  // the worst rank's max - min
}

TEST(SpeedWindow, ASpeedChangeShowsAfterTwoIterations) {
  sim::SpeedWindow w;
  const std::vector<std::int64_t> counts{10, 10};
  for (int i = 0; i < 3; ++i) w.record(counts, {1.0, 1.0});
  w.record(counts, {2.0, 1.0});  // rank 0 halves its speed
  EXPECT_DOUBLE_EQ(w.speeds(counts)[0], 10.0);
  w.record(counts, {2.0, 1.0});
  EXPECT_DOUBLE_EQ(w.speeds(counts)[0], 5.0);
  EXPECT_DOUBLE_EQ(w.noise(), 1.0);
  w.record(counts, {2.0, 1.0});
  EXPECT_DOUBLE_EQ(w.noise(), 0.0);
}

TEST(SpeedWindow, ARankWithoutColumnsKeepsItsLastSpeedOrTheFastest) {
  sim::SpeedWindow w;
  for (int i = 0; i < 3; ++i) w.record({0, 10, 20}, {0.0, 1.0, 1.0});
  EXPECT_EQ(w.speeds({0, 10, 20}), (std::vector<double>{20.0, 10.0, 20.0}));  // never measured
  for (int i = 0; i < 3; ++i) w.record({4, 6, 0}, {1.0, 1.0, 0.0});
  EXPECT_EQ(w.speeds({4, 6, 0}), (std::vector<double>{4.0, 6.0, 20.0}));  // rank 2 keeps its 20
  EXPECT_DOUBLE_EQ(sim::slowest_time({4, 6, 20}, {4.0, 6.0, 20.0}), 1.0);
  EXPECT_DOUBLE_EQ(sim::slowest_time({8, 6, 20}, {4.0, 6.0, 20.0}), 2.0);
}

}  // namespace
}  // namespace redist
