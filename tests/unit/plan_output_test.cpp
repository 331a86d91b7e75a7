// What `redist plan` prints (app/plan_output.hpp write_plan_report): the schedule document, the
// summary document when the schedule went to a file, or the summary for a person with the
// transfers listed only when few and not written elsewhere.

#include "app/plan_output.hpp"

#include <gtest/gtest.h>

#include "redist/io/exact_json.hpp"
#include "support/ring_test_helpers.hpp"

namespace redist::app {
namespace {

std::string report(const ring::RingPlan& plan, bool json, const std::string& written) {
  std::string text;
  app::write_plan_report(plan, 3, json, written, [&](std::string_view piece) { text += piece; });
  return text;
}

ring::RingPlan small_plan() {
  const RingInstance inst =
      testing::make_ring(RingKind::unidirectional, {4, 0, 0}, {0, 0, 4}, {1, 1, 1}, {});
  return ring::plan_ring(inst, {});
}

TEST(PlanReport, JsonIsTheScheduleDocumentOrItsSummaryWithTheFile) {
  const ring::RingPlan plan = small_plan();
  std::string document;
  app::write_plan_json(plan, [&](std::string_view piece) { document += piece; });
  EXPECT_EQ(report(plan, true, ""), document);
  const io::Json summary = io::Json::parse(report(plan, true, "s.json"));
  EXPECT_EQ(summary["transfers_written_to"], "s.json");
  EXPECT_FALSE(summary.contains("transfers"));
  EXPECT_EQ(summary["makespan"], io::Json::parse(document)["makespan"]);
}

TEST(PlanReport, TextListsTheTransfersOnlyOnScreen) {
  const ring::RingPlan plan = small_plan();
  const std::string screen = report(plan, false, "");
  EXPECT_EQ(screen.rfind("framework    ", 0), 0u) << screen;
  EXPECT_NE(screen.find(app::transfers_text(plan.schedule)), std::string::npos);
  EXPECT_NE(screen.find("  t=0  P0 -> P1  4 items"), std::string::npos) << screen;
  const std::string written = report(plan, false, "s.json");
  EXPECT_EQ(written.find("  t="), std::string::npos) << written;
  EXPECT_NE(written.find("schedule     written to s.json\n"), std::string::npos);
}

TEST(TransfersText, SaysItemsAndSpacing) {
  Schedule s;
  s.transfers = {Transfer(0, 1, 1, 0), Transfer(1, 2, 5, 3, std::nullopt, 2)};
  EXPECT_EQ(app::transfers_text(s),
            "  t=0  P0 -> P1  1 item\n  t=3  P1 -> P2  5 items, one every 2\n");
}

}  // namespace
}  // namespace redist::app
