#include "redist/io/schedule_io.hpp"

#include <gtest/gtest.h>

#include "redist/core/error.hpp"

namespace redist::io {
namespace {

Schedule parse(const std::string& text, std::size_t n = 3) {
  return schedule_from_json(parse_exact_json(text, "s.json"), "s.json", n);
}

std::string field_of_error(const std::string& text) {
  try {
    parse(text);
  } catch (const InputError& e) {
    return e.field();
  }
  return "<accepted>";
}

TEST(ScheduleIo, ReadsDecimalStartsAtOneScale) {
  const auto s = parse(R"({"makespan": 1.25, "status": "optimal", "flow_shift": -2, "transfers": [
      {"from": 0, "to": 1, "items": 3, "start": 0.5}, {"from": 1, "to": 0, "items": 1, "start": 2, "link": "pred"}]})");
  EXPECT_EQ(s.time_scale, 2);
  EXPECT_EQ(static_cast<long long>(s.transfers[0].start), 50);
  EXPECT_EQ(static_cast<long long>(s.transfers[1].start), 200);
  EXPECT_EQ(s.transfers[1].link, Link::pred);
  EXPECT_EQ(static_cast<long long>(*s.makespan), 125);
  EXPECT_EQ(*s.flow_shift, -2);
}

TEST(ScheduleIo, BadSchedulesNameTheirField) {
  EXPECT_EQ(field_of_error(R"({})"), "transfers");
  EXPECT_EQ(field_of_error(R"({"transfers": [{"from": 0, "to": 3, "items": 1, "start": 0}]})"), "transfers[0].to");
  EXPECT_EQ(field_of_error(R"({"transfers": [{"from": -1, "to": 1, "items": 1, "start": 0}]})"), "transfers[0].from");
  EXPECT_EQ(field_of_error(R"({"transfers": [{"from": 0, "to": 1, "items": -1, "start": 0}]})"), "transfers[0].items");
  EXPECT_EQ(field_of_error(R"({"transfers": [{"from": 0, "to": 1, "items": 1}]})"), "transfers[0].start");
  EXPECT_EQ(field_of_error(R"({"transfers": [{"from": 0, "to": 1, "items": 1, "start": -0.5}]})"), "transfers[0].start");
  EXPECT_EQ(field_of_error(R"({"transfers": [{"from": 0, "to": 1, "items": 1, "start": 0, "link": "up"}]})"), "transfers[0].link");
  EXPECT_EQ(field_of_error(R"({"transfers": [], "status": "good"})"), "status");
}

TEST(ScheduleIo, RoundTrips) {
  const auto s = parse(R"({"makespan": 4, "lower_bound": 4, "status": "feasible", "transfers": [
      {"from": 2, "to": 0, "items": 7, "start": 0.125}]})");
  const auto again = parse(schedule_to_json(s).dump());
  ASSERT_EQ(again.transfers.size(), 1u);
  EXPECT_EQ(again.time_scale, 3);
  EXPECT_EQ(static_cast<long long>(again.transfers[0].start), 125);
  EXPECT_EQ(again.status, PlanStatus::feasible);
}

TEST(ScheduleIo, TransfersTextIsTheDomsDump) {
  // Starts that are integers, decimals, and too long for a double (written as strings); both links.
  const auto s = parse(R"({"transfers": [
      {"from": 2, "to": 0, "items": 7, "start": 0.125}, {"from": 0, "to": 1, "items": 1, "start": 3, "link": "succ"},
      {"from": 1, "to": 0, "items": 9223372036854775807, "start": "12345678901234567890.001", "link": "pred"}]})");
  const Json dom = schedule_to_json(s)["transfers"];
  std::string expected = "[\n";
  for (std::size_t i = 0; i < dom.size(); ++i) expected += "    " + dom[i].dump() + (i + 1 < dom.size() ? ",\n" : "\n");
  EXPECT_EQ(transfers_json_text(s, "  "), expected + "  ]");
  EXPECT_EQ(transfers_json_text(Schedule{}, "  "), "[]");
}

}  // namespace
}  // namespace redist::io
