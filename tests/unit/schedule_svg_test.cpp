// The space-time diagram shows a spaced transfer's pace: stripes one spacing apart, each one item's
// time on the link; back-to-back transfers stay solid bars.

#include "redist/report/schedule_svg.hpp"

#include <gtest/gtest.h>

namespace redist {
namespace {

RingInstance relay_ring() {
  RingInstance inst;
  inst.loads = {4, 0, 0};
  inst.targets = {0, 0, 4};
  inst.succ_cost = {3, 1, 1};
  check_ring_instance(inst, "test");
  return inst;
}

std::size_t count(const std::string& text, const std::string& what) {
  std::size_t found = 0;
  for (std::size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1))
    ++found;
  return found;
}

TEST(ScheduleSvg, SpacedTransfersAreStripedAtTheirPace) {
  Schedule s;
  s.transfers = {{0, 1, 4, 0, std::nullopt}, {1, 2, 4, 3, std::nullopt, 3}};
  const std::string svg = report::schedule_svg(relay_ring(), s, "relay");
  // Makespan 13 over 1000 pixels: the relay's stripes repeat every 3 ticks and are 1 tick wide.
  EXPECT_EQ(count(svg, "<pattern "), 2U);  // its own and its forwarded shade
  EXPECT_NE(svg.find("width=\"230.77\" height"), std::string::npos) << svg;
  EXPECT_NE(svg.find("<rect width=\"76.92\""), std::string::npos);
  EXPECT_NE(svg.find("4 items from t=3, one every 3"), std::string::npos);
  // The back-to-back transfer of P0 is a solid bar, 12 ticks long.
  EXPECT_NE(svg.find("width=\"923.08\" height"), std::string::npos);
}

TEST(ScheduleSvg, PacesTooFineToStripeShowTheirDutyCycle) {
  RingInstance inst = relay_ring();
  inst.loads = {4000, 0, 0};
  inst.targets = {0, 0, 4000};
  Schedule s;
  s.transfers = {{0, 1, 4000, 0, std::nullopt}, {1, 2, 4000, 3, std::nullopt, 3}};
  const std::string svg = report::schedule_svg(inst, s, "relay");
  EXPECT_EQ(count(svg, "<pattern "), 0U);
  EXPECT_NE(svg.find("fill-opacity=\"0.33\""), std::string::npos);
}

}  // namespace
}  // namespace redist
