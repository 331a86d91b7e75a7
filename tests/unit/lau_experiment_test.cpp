// `redist experiment lau` on a handful of instances: the tallies obey their definitions, the
// report names every table and the files are written.

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <vector>

#include "redist/report/lau_experiment_report.hpp"

namespace redist {
namespace {

report::LauExperimentReport tiny_run(std::uint64_t seed = 2001) {
  report::LauExperimentOptions options;
  options.seed = seed;
  options.instances = 60;
  options.odd_instances = 20;
  options.timing_instances = 5;
  options.fit_instances = 20;
  return report::run_lau_experiment(options);
}

TEST(LauExperiment, TalliesAreConsistent) {
  const report::LauExperimentReport r = tiny_run();
  ASSERT_EQ(r.rings.size(), 5u);
  for (const report::RingRow& ring : r.rings) {
    for (const report::ModeTally* t : {&ring.single, &ring.multi}) {
      EXPECT_LE(t->all, std::min(t->linear_opt, t->traffic_opt));
      EXPECT_LE(t->only_search + std::max(t->linear_opt, t->traffic_opt), ring.instances);
      EXPECT_GE(t->only_search + t->linear_opt + t->traffic_opt,
                ring.instances);  // inclusion-exclusion
      EXPECT_GE(t->mean_worse(), 0);
    }
    EXPECT_GE(ring.modes.worse_sum,
              0);  // T_s >= T_m for every schedule (Proposition 3), so for optima
    EXPECT_LE(ring.modes.equal, ring.instances);
    if (ring.n == 4) {
      EXPECT_EQ(ring.multi.window_misses, 0);
    }
  }
  ASSERT_EQ(r.timing.size(), 9u);
  for (const report::TimingRow& t : r.timing) EXPECT_GT(t.mean_total_load, 0);
}

TEST(LauExperiment, SameSeedSameCounts) {
  const report::LauExperimentReport a = tiny_run(), b = tiny_run();
  for (std::size_t k = 0; k < a.rings.size(); ++k) {
    EXPECT_EQ(a.rings[k].single.linear_opt, b.rings[k].single.linear_opt);
    EXPECT_EQ(a.rings[k].multi.window_misses, b.rings[k].multi.window_misses);
    EXPECT_EQ(a.rings[k].modes.equal, b.rings[k].modes.equal);
  }
}

// Seeds 1, 2001 and 2051 once gave identical n = 50 rows: each block's stream was the seed times
// SplitMix's increment plus a small tag, so seed s + k replayed seed s's stream k draws later.
TEST(LauExperiment, DifferentSeedsDrawDifferentInstances) {
  const report::LauExperimentReport a = tiny_run(1), b = tiny_run(2001), c = tiny_run(2051);
  for (std::size_t k = 0; k < a.rings.size(); ++k) {
    if (a.rings[k].n < 10) continue;  // n = 4 has few distinct outcomes
    const auto key = [&](const report::LauExperimentReport& r) {
      return std::vector<double>{r.rings[k].single.worse_sum, r.rings[k].multi.worse_sum,
                                 r.rings[k].modes.worse_sum};
    };
    EXPECT_NE(key(a), key(b)) << "n = " << a.rings[k].n;
    EXPECT_NE(key(b), key(c)) << "n = " << a.rings[k].n;
    EXPECT_NE(key(a), key(c)) << "n = " << a.rings[k].n;
  }
  EXPECT_NE(a.timing[0].mean_total_load, b.timing[0].mean_total_load);
}

TEST(LauExperiment, WritesTablesCsvAndPlots) {
  const report::LauExperimentReport r = tiny_run();
  const std::string text = report::format_lau_tables(r);
  for (const char* title : {"Table 1", "Table 2", "Table 3", "Table 4", "odd n", "paper"})
    EXPECT_NE(text.find(title), std::string::npos) << title;
  const auto dir = std::filesystem::temp_directory_path() / "redist_lau_experiment_test";
  std::filesystem::remove_all(dir);
  const auto files = report::write_lau_experiment(r, dir.string());
  EXPECT_EQ(files.size(), 10u);
  for (const auto& f : files) EXPECT_GT(std::filesystem::file_size(f), 100u) << f;
  std::ifstream csv(dir / "table1_single.csv");
  std::string header;
  std::getline(csv, header);
  EXPECT_EQ(header.rfind("n,instances,linear_opt", 0), 0u);
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace redist
