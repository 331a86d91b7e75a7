// The study's model pieces that need no simulation: distributions, speed traces, schemes, the
// scenario's ratio, and child processes (isolated_run).
#include <gtest/gtest.h>

#include <csignal>
#include <numeric>
#include <stdexcept>

#include "redist/core/error.hpp"
#include "redist/simgrid/balanced_distribution.hpp"
#include "redist/simgrid/isolated_run.hpp"
#include "redist/simgrid/machine_speeds.hpp"
#include "redist/simgrid/redistribution_policy.hpp"
#include "redist/simgrid/study_scenario.hpp"

namespace redist {
namespace {

std::int64_t sum(const std::vector<std::int64_t>& v) {
  return std::accumulate(v.begin(), v.end(), std::int64_t{0});
}

TEST(SimgridModel, ProportionalCountsByLargestRemainder) {
  EXPECT_EQ(simgrid::proportional_counts(40, {1, 1, 1, 1}),
            (std::vector<std::int64_t>{10, 10, 10, 10}));
  // 40 * 0.5 / 3.5 = 5.71, 40 / 3.5 = 11.43: floors 5 + 33, remainders go to P0 then P1 (tie: lower
  // index).
  EXPECT_EQ(simgrid::proportional_counts(40, {0.5, 1, 1, 1}),
            (std::vector<std::int64_t>{6, 12, 11, 11}));
  // Every share at least 1, taken from the most over-served processor.
  const auto tiny = simgrid::proportional_counts(10, {1000, 1, 1});
  EXPECT_EQ(tiny, (std::vector<std::int64_t>{8, 1, 1}));
  const auto big = simgrid::proportional_counts(1000, {62, 700, 85, 390, 460});
  EXPECT_EQ(sum(big), 1000);
  EXPECT_THROW(simgrid::proportional_counts(2, {1, 1, 1}), InputError);
  EXPECT_THROW(simgrid::proportional_counts(5, {1, 0}), InputError);
}

TEST(SimgridModel, CappedCountsShedOnlyTheExcessToTheNearestRoom) {
  const std::vector<std::int64_t> counts{10, 10, 10, 10};
  const std::vector<double> speeds{0.5e8, 1e8, 1e8, 1e8};  // P0 takes 2 s, the others 1 s
  // Cap at the balanced time, 1.2 s: P0 keeps 6 and its 4 extra go to its two neighbours.
  EXPECT_EQ(simgrid::capped_counts(counts, speeds, 1e7, 1.2),
            (std::vector<std::int64_t>{6, 12, 10, 12}));
  // Halfway, 1.5 s: P0 keeps 7; its successor has room for all 3.
  EXPECT_EQ(simgrid::capped_counts(counts, speeds, 1e7, 1.5),
            (std::vector<std::int64_t>{7, 13, 10, 10}));
  EXPECT_EQ(simgrid::capped_counts(counts, speeds, 1e7, 2.0), counts);  // nobody above the cap
  EXPECT_THROW(simgrid::capped_counts(counts, speeds, 1e7, 0.5), InputError);
}

TEST(SimgridModel, IterationTimeIsTheSlowestRank) {
  EXPECT_DOUBLE_EQ(simgrid::iteration_time({10, 20}, {1e8, 1e8}, 1e7), 2.0);
  EXPECT_DOUBLE_EQ(simgrid::iteration_time({10, 20}, {0.25e8, 1e8}, 1e7), 4.0);
}

TEST(SimgridModel, SpeedTracesChangeTwiceInTheirWindows) {
  const auto traces = simgrid::draw_speed_traces(200, 100, 9);
  for (const simgrid::SpeedTrace& t : traces) {
    EXPECT_GE(t.first_change, 20);
    EXPECT_LE(t.first_change, 40);
    EXPECT_GE(t.second_change, 60);
    EXPECT_LE(t.second_change, 80);
    EXPECT_NE(t.first_mflops, t.initial_mflops);
    EXPECT_NE(t.second_mflops, t.first_mflops);
    EXPECT_EQ(t.mflops_at(t.first_change - 1), t.initial_mflops);
    EXPECT_EQ(t.mflops_at(t.first_change), t.first_mflops);
    EXPECT_EQ(t.mflops_at(100), t.second_mflops);
    bool listed = false;
    for (const auto& m : simgrid::benchmark_machines())
      listed = listed || m.mflops == t.first_mflops;
    EXPECT_TRUE(listed);
  }
  EXPECT_EQ(simgrid::draw_speed_traces(5, 100, 9)[3].second_change, traces[3].second_change);
}

TEST(SimgridModel, FixedSchemesRedistributeAsInTheDocument) {
  const auto count = [](simgrid::Scheme s, int total) {
    int n = 0;
    for (int k = 0; k <= total; ++k) n += simgrid::fixed_redistributes(s, k, total) ? 1 : 0;
    return n;
  };
  EXPECT_EQ(count(simgrid::Scheme::none, 100), 0);
  EXPECT_EQ(count(simgrid::Scheme::after_50, 100), 1);
  EXPECT_EQ(count(simgrid::Scheme::four_times, 100), 4);
  EXPECT_EQ(count(simgrid::Scheme::every_10, 100), 9);
  EXPECT_EQ(count(simgrid::Scheme::every_5, 100), 19);
  EXPECT_EQ(count(simgrid::Scheme::every_3, 100), 33);
  EXPECT_EQ(count(simgrid::Scheme::every_2, 100), 49);
  EXPECT_EQ(count(simgrid::Scheme::adaptive, 100), 0);
  EXPECT_TRUE(simgrid::fixed_redistributes(simgrid::Scheme::four_times, 60, 100));
  EXPECT_TRUE(simgrid::fixed_redistributes(simgrid::Scheme::every_10, 2,
                                           10));  // scaled to a 10-iteration run
  for (simgrid::Scheme s : simgrid::all_schemes())
    EXPECT_EQ(simgrid::scheme_from_name(scheme_name(s)), s);
  EXPECT_FALSE(simgrid::scheme_from_name("sometimes").has_value());
}

TEST(SimgridModel, ScenarioRatioIsReferenceOverIteration) {
  simgrid::ScenarioOptions o;
  o.ring_size = 8;
  o.ratio = 4;
  o.seed = 3;
  const simgrid::StudyScenario s = make_scenario(o);
  EXPECT_EQ(s.ring_hosts.size(), 8u);
  EXPECT_EQ(sum(s.initial_columns), 1000);
  EXPECT_EQ(sum(s.reference_targets), 1000);
  EXPECT_DOUBLE_EQ(s.item_bytes, 8000);
  EXPECT_NEAR(s.reference_redistribution / s.balanced_iteration_time, 4.0, 1e-12);
  std::vector<double> speeds;
  for (const auto& t : s.speeds) speeds.push_back(t.initial_mflops * 1e6);
  EXPECT_NEAR(simgrid::iteration_time(s.initial_columns, speeds, s.flops_per_column),
              s.balanced_iteration_time, 1e-9);
  EXPECT_DOUBLE_EQ(s.nominal_time(21), 20 * s.balanced_iteration_time);
  o.ratio = 8;  // same machines, twice the redistribution cost per iteration
  const simgrid::StudyScenario t = make_scenario(o);
  EXPECT_EQ(t.ring_hosts, s.ring_hosts);
  EXPECT_DOUBLE_EQ(t.reference_redistribution, s.reference_redistribution);
  EXPECT_NEAR(t.balanced_iteration_time * 2, s.balanced_iteration_time, 1e-12);
}

TEST(SimgridIsolatedRun, ReturnsTheChildsTextInTaskOrder) {
  EXPECT_EQ(simgrid::run_isolated([] { return std::string("hello"); }), "hello");
  std::vector<simgrid::IsolatedTask> tasks;
  for (int i = 0; i < 7; ++i)
    tasks.push_back(
        [i] { return std::string(static_cast<std::size_t>(100000 * i), 'x') + std::to_string(i); });
  int done = 0;
  const auto out = simgrid::run_isolated_all(tasks, 3, [&](std::size_t) { ++done; });
  EXPECT_EQ(done, 7);
  for (int i = 0; i < 7; ++i)
    EXPECT_EQ(out[static_cast<std::size_t>(i)].size(), static_cast<std::size_t>(100000 * i) + 1);
}

TEST(SimgridIsolatedRun, ReportsExceptionsAndCrashes) {
  try {
    simgrid::run_isolated([]() -> std::string { throw std::runtime_error("boom"); });
    FAIL() << "no exception";
  } catch (const InternalError& e) {
    EXPECT_NE(std::string(e.what()).find("boom"), std::string::npos);
  }
  EXPECT_THROW(simgrid::run_isolated([]() -> std::string {
                 std::raise(SIGKILL);
                 return "";
               }),
               InternalError);
}

}  // namespace
}  // namespace redist
