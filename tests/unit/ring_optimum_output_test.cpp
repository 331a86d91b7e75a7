// What `redist exact` prints and writes (app/ring_optimum_output.hpp), on docs/errata.md item 3's
// ring (optimum 19, above tau_int 17); and proved_ring_optimum, the hetbi experiment's column.

#include "app/ring_optimum_output.hpp"

#include <gtest/gtest.h>

#include "redist/io/exact_json.hpp"
#include "redist/ring/plan.hpp"
#include "support/ring_test_helpers.hpp"

namespace redist::app {
namespace {

RingInstance errata_ring() {
  return testing::make_ring(RingKind::bidirectional, {1, 1, 1, 8}, {1, 1, 6, 3}, {4, 3, 1, 3},
                            {4, 2, 5, 5});
}

TEST(RingOptimumOutput, JsonCarriesTheProvedOptimumAndTheTransfersLast) {
  const exact::RingOptimum r = exact::exact_ring_optimum(errata_ring());
  ASSERT_EQ(r.status, exact::RingOptimum::Status::optimal);
  const std::string text = app::ring_optimum_json_text(r);
  const io::Json doc = io::Json::parse(text);
  EXPECT_EQ(doc["optimum"], 19);
  EXPECT_EQ(doc["proved"], true);
  EXPECT_EQ(doc["planner_lower_bound"], static_cast<std::int64_t>(r.planner_bound));
  EXPECT_EQ(doc["planner_makespan"], static_cast<std::int64_t>(r.planner_makespan));
  EXPECT_EQ(doc["transfers"].size(), r.schedule.transfers.size());
  EXPECT_GT(text.find("\"transfers\""), text.find("\"solver\""));  // last, one per line
  const io::Json summary = io::Json::parse(app::ring_optimum_json_text(r, false));
  EXPECT_FALSE(summary.contains("transfers"));
  EXPECT_EQ(summary["optimum"], 19);
}

TEST(RingOptimumOutput, TextSaysProvedAndListsTheTransfersUnlessWritten) {
  const exact::RingOptimum r = exact::exact_ring_optimum(errata_ring());
  const std::string text = app::ring_optimum_text(r, 4, 100'000, "");
  EXPECT_EQ(text.rfind("processors   4\nplanner      makespan ", 0), 0u) << text;
  EXPECT_NE(text.find("optimum      19 (proved)\n"), std::string::npos) << text;
  EXPECT_NE(text.find("  t=0  P"), std::string::npos) << text;
  const std::string written = app::ring_optimum_text(r, 4, 100'000, "out.json");
  EXPECT_NE(written.find("schedule     written to out.json\n"), std::string::npos);
  EXPECT_EQ(written.find("  t="), std::string::npos);
}

TEST(RingOptimumOutput, NotProvedGivesBothBoundsAndNamesTheNodeLimit) {
  exact::RingOptimum r;  // as a search stopped by its node limit leaves it
  r.status = exact::RingOptimum::Status::not_proved;
  r.lower = 17;
  r.upper = 20;
  r.planner_makespan = 20;
  r.planner_bound = 17;
  r.schedule.makespan = 20;
  r.solver_ran = true;
  r.solver = "glpk";
  const std::string text = app::ring_optimum_text(r, 4, 7, "");
  EXPECT_NE(text.find("optimum      between 17 and 20 (not proved: the node limit 7 stopped the "
                      "search)\n"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("solver       glpk, 0 nodes\n"), std::string::npos) << text;
  const io::Json doc = io::Json::parse(app::ring_optimum_json_text(r));
  EXPECT_EQ(doc["optimum"], nullptr);
  EXPECT_EQ(doc["proved"], false);
}

TEST(ProvedRingOptimum, IsTheOptimumWhenProved) {
  const RingInstance inst = errata_ring();
  const ring::RingPlan plan = ring::plan_ring(inst, {});
  const auto optimum = exact::proved_ring_optimum(inst, plan, 100'000);
  ASSERT_TRUE(optimum.has_value());
  EXPECT_EQ(*optimum, 19);
}

}  // namespace
}  // namespace redist::app
