// Start-up costs and messages in the files (docs/design.md section 4): "succ_latency" and
// "pred_latency" in ring instances, "items": {"total": N, "per_message": m} in schedules.

#include <gtest/gtest.h>

#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <optional>

#include "redist/core/error.hpp"
#include "redist/io/ring_instance_io.hpp"
#include "redist/io/schedule_io.hpp"

namespace redist::io {
namespace {

// A file of this process and test alone: ctest runs the tests of this file in parallel processes.
std::string scratch_path(const std::string& name) {
  return ::testing::TempDir() + std::to_string(::getpid()) + "_" +
         ::testing::UnitTest::GetInstance()->current_test_info()->name() + "_" + name;
}

RingInstance parse_instance(const std::string& text) {
  return ring_instance_from_json(parse_exact_json(text, "i.json"), "i.json");
}

// Reads through the file reader (the SAX path `redist plan` takes) as well, and checks both agree.
RingInstance read_both(const std::string& text) {
  const RingInstance dom = parse_instance(text);
  const std::string path = scratch_path("instance.json");
  std::ofstream(path, std::ios::binary) << text;
  const RingInstance file = read_ring_instance(path);
  std::remove(path.c_str());
  EXPECT_EQ(dom.succ_latency, file.succ_latency) << text;
  EXPECT_EQ(dom.pred_latency, file.pred_latency) << text;
  EXPECT_EQ(dom.succ_cost, file.succ_cost) << text;
  EXPECT_EQ(dom.cost_scale, file.cost_scale) << text;
  return file;
}

std::string instance_error(const std::string& text) {
  std::string dom = "<accepted>", file = "<accepted>";
  try {
    parse_instance(text);
  } catch (const InputError& e) {
    dom = e.field();
  }
  const std::string path = scratch_path("bad_instance.json");
  std::ofstream(path, std::ios::binary) << text;
  try {
    read_ring_instance(path);
  } catch (const InputError& e) {
    file = e.field();
  }
  std::remove(path.c_str());
  EXPECT_EQ(dom, file) << text;
  return file;
}

TEST(LatencyInstanceIo, OneNumberOrOneEntryPerLinkWithDecimals) {
  const auto inst = read_both(R"({"ring": "bidirectional", "loads": [3, 0, 1], "targets": [1, 2, 1],
      "succ_cost": 1, "pred_cost": [1, 2, 1], "succ_latency": 2.5, "pred_latency": [0, 1, 0.25]})");
  EXPECT_EQ(inst.cost_scale, 2);
  EXPECT_EQ(inst.succ_latency, (std::vector<std::int64_t>{250, 250, 250}));
  EXPECT_EQ(inst.pred_latency, (std::vector<std::int64_t>{0, 100, 25}));
  EXPECT_EQ(inst.succ_cost, (std::vector<std::int64_t>{100, 100, 100}));
  EXPECT_TRUE(inst.has_latency());
  EXPECT_EQ(inst.latency(1, false), 100);
}

TEST(LatencyInstanceIo, AbsentOrZeroStartUpsLeaveTheInstanceAsBefore) {
  const std::string plain = R"({"ring": "unidirectional", "loads": [3, 0], "targets": [1, 2],
      "succ_cost": [1, 3])";
  const auto without = read_both(plain + "}");
  for (const char* zero : {R"(, "succ_latency": 0})", R"(, "succ_latency": [0, 0.000]})",
                           R"(, "succ_latency": 0.0})"}) {
    const auto with = read_both(plain + zero);
    EXPECT_FALSE(with.has_latency()) << zero;
    EXPECT_TRUE(with.succ_latency.empty()) << zero;
    EXPECT_EQ(with.cost_scale, without.cost_scale) << "a zero start-up changes no scale: " << zero;
    EXPECT_EQ(ring_instance_to_json(with).dump(), ring_instance_to_json(without).dump());
  }
}

TEST(LatencyInstanceIo, OnlyOneDirectionGivenLeavesTheOtherAtZero) {
  const auto inst = read_both(R"({"ring": "bidirectional", "loads": [3, 0], "targets": [1, 2],
      "succ_cost": 1, "pred_cost": 1, "pred_latency": 4})");
  EXPECT_EQ(inst.succ_latency, (std::vector<std::int64_t>{0, 0}));
  EXPECT_EQ(inst.pred_latency, (std::vector<std::int64_t>{4, 4}));
}

TEST(LatencyInstanceIo, BadStartUpsNameTheirField) {
  const std::string uni = R"({"ring": "unidirectional", "loads": [3, 0], "targets": [1, 2],
      "succ_cost": 1, )";
  EXPECT_EQ(instance_error(uni + R"("succ_latency": -1})"), "succ_latency");
  EXPECT_EQ(instance_error(uni + R"("succ_latency": [1, -0.5]})"), "succ_latency[1]");
  EXPECT_EQ(instance_error(uni + R"("succ_latency": [1, 2, 3]})"), "succ_latency");
  EXPECT_EQ(instance_error(uni + R"("succ_latency": "x"})"), "succ_latency");
  EXPECT_EQ(instance_error(uni + R"("pred_latency": 1})"), "pred_latency");
  EXPECT_EQ(instance_error(uni + R"("succ_latencies": 1})"), "succ_latencies")
      << "a misspelt field is refused, not dropped";
}

TEST(LatencyInstanceIo, WritesWhatItReads) {
  const auto inst = read_both(R"({"ring": "bidirectional", "loads": [3, 0, 1], "targets": [1, 2, 1],
      "succ_cost": 1, "pred_cost": 2, "succ_latency": [0.5, 0, 7], "pred_latency": 3})");
  const std::string text = ring_instance_to_json(inst).dump();
  EXPECT_NE(text.find(R"("succ_latency":[0.5,0,7])"), std::string::npos) << text;
  EXPECT_NE(text.find(R"("pred_latency":3)"), std::string::npos) << text;
  const auto again = parse_instance(text);
  EXPECT_EQ(again.succ_latency, inst.succ_latency);
  EXPECT_EQ(again.pred_latency, inst.pred_latency);
  EXPECT_EQ(again.cost_scale, inst.cost_scale);
}

TEST(LatencyInstanceIo, LimitsCountTheStartUps) {
  // 2^62 items: a start-up of 2^60 ticks makes items x (cost + start-up) pass 2^120.
  const std::string big = R"({"ring": "unidirectional", "loads": [4611686018427387904, 0],
      "targets": [0, 4611686018427387904], "succ_cost": 1, "succ_latency": 1152921504606846976})";
  EXPECT_EQ(instance_error(big), "succ_latency");
}

Schedule parse_schedule(const std::string& text, std::size_t n = 3) {
  return schedule_from_json(parse_exact_json(text, "s.json"), "s.json", n);
}

Schedule stream_schedule(const std::string& text, std::size_t n = 3) {
  return schedule_from_text(text, "s.json", n);
}

std::string schedule_error(const std::string& text) {
  std::string dom = "<accepted>", streamed = "<accepted>";
  try {
    parse_schedule(text);
  } catch (const InputError& e) {
    dom = e.field();
  }
  try {
    stream_schedule(text);
  } catch (const InputError& e) {
    streamed = e.field();
  }
  EXPECT_EQ(dom, streamed) << text;
  return streamed;
}

TEST(MessageScheduleIo, ReadsMessagesInBothReaders) {
  const std::string text = R"({"transfers": [
      {"from": 0, "to": 1, "items": {"total": 10, "per_message": 4}, "start": 0, "spacing": 7.5},
      {"from": 1, "to": 2, "items": {"per_message": 1, "total": 3}, "start": 1},
      {"from": 2, "to": 0, "items": 2, "start": 2}]})";
  for (const Schedule& s : {parse_schedule(text), stream_schedule(text)}) {
    ASSERT_EQ(s.transfers.size(), 3U);
    EXPECT_EQ(s.transfers[0].items, 10);
    EXPECT_EQ(message_size(s.transfers[0]), 4);
    EXPECT_EQ(message_count(s.transfers[0]), 3);
    EXPECT_EQ(last_message_size(s.transfers[0]), 2);
    EXPECT_EQ(static_cast<long long>(s.transfers[0].spacing), 75);
    EXPECT_EQ(s.transfers[1].message_items, 0) << "one item per message is the plain form";
    EXPECT_EQ(message_count(s.transfers[1]), 3);
    EXPECT_EQ(s.transfers[2].message_items, 0);
  }
}

TEST(MessageScheduleIo, WritesTheObjectOnlyForMessagesOfSeveralItems) {
  Schedule s;
  s.transfers = {{0, 1, 10, 0}, {1, 2, 3, 5}};
  set_message_size(s.transfers[0], 4);
  set_message_size(s.transfers[1], 1);
  const std::string fast = transfers_json_text(s, "");
  EXPECT_NE(fast.find(R"("items":{"per_message":4,"total":10})"), std::string::npos) << fast;
  EXPECT_NE(fast.find(R"("items":3,)"), std::string::npos) << fast;
  // The streamed writer and the DOM writer agree, and the text reads back.
  const Json dom = schedule_to_json(s);
  EXPECT_EQ(dom["transfers"][0].dump(),
            R"({"from":0,"items":{"per_message":4,"total":10},"start":0,"to":1})");
  const Schedule back = stream_schedule(R"({"transfers": )" + fast + "}");
  EXPECT_EQ(message_size(back.transfers[0]), 4);
  EXPECT_EQ(back.transfers[0].items, 10);
  EXPECT_EQ(back.transfers[1].message_items, 0);
}

TEST(MessageScheduleIo, BadMessagesNameTheirField) {
  const auto with = [](const std::string& items) {
    return R"({"transfers": [{"from": 0, "to": 1, "items": )" + items + R"(, "start": 0}]})";
  };
  EXPECT_EQ(schedule_error(with(R"({"total": 4})")), "transfers[0].items.per_message");
  EXPECT_EQ(schedule_error(with(R"({"per_message": 4})")), "transfers[0].items.total");
  EXPECT_EQ(schedule_error(with(R"({"total": 4, "per_message": 5})")),
            "transfers[0].items.per_message");
  EXPECT_EQ(schedule_error(with(R"({"total": 4, "per_message": 0})")),
            "transfers[0].items.per_message");
  EXPECT_EQ(schedule_error(with(R"({"total": 4, "per_message": 1.5})")),
            "transfers[0].items.per_message");
  EXPECT_EQ(schedule_error(with(R"({"total": 0, "per_message": 1})")), "transfers[0].items.total");
  EXPECT_EQ(schedule_error(with(R"({"total": 4, "per_message": 2, "spacing": 3})")),
            "transfers[0].items.spacing")
      << "nothing else belongs in the object";
  EXPECT_EQ(schedule_error(with(R"({"total": 4, "per_message": [2]})")),
            "transfers[0].items.per_message");
  EXPECT_EQ(schedule_error(with(R"({"total": 4, "total": 4, "per_message": 2})")),
            "transfers[0].items.total");
  EXPECT_EQ(schedule_error(with(R"([4])")), "transfers[0].items");
}

// What makes a reader that predates messages refuse them: it takes "items" for a number, and an
// object there is a type error (docs/design.md section 4). A separate field would have been
// ignored, as every reader ignores fields it does not know.
TEST(MessageScheduleIo, MessagesTakeTheItemsFieldSoThatOlderReadersRefuseThem) {
  const std::string extra = R"({"transfers": [{"from": 0, "to": 1, "items": 4, "start": 0,
      "per_message": 2}]})";
  EXPECT_EQ(stream_schedule(extra).transfers[0].message_items, 0)
      << "an unknown transfer field is ignored, which is why messages may not be one";
  EXPECT_EQ(parse_schedule(extra).transfers[0].message_items, 0);
}

}  // namespace
}  // namespace redist::io

namespace redist::io {

// Transfer::message_items is 32-bit (the transfer stays 64 bytes beside `first`): one message of
// more than 2^31 - 1 items is kOneMessage and still written and read back with its size; several
// messages that large are refused with a clear error.
TEST(MessageScheduleIo, OneMessageBeyond32BitsRoundTrips) {
  Schedule s;
  s.transfers = {{0, 1, 5'000'000'000LL, 0}};
  set_message_size(s.transfers[0], 5'000'000'000LL);
  EXPECT_EQ(s.transfers[0].message_items, kOneMessage);
  EXPECT_EQ(message_size(s.transfers[0]), 5'000'000'000LL);
  EXPECT_EQ(message_count(s.transfers[0]), 1);
  const std::string text = transfers_json_text(s, "");
  EXPECT_NE(text.find(R"("per_message":5000000000)"), std::string::npos) << text;
  const Schedule back = stream_schedule(R"({"transfers": )" + text + "}");
  EXPECT_EQ(message_count(back.transfers[0]), 1);
  EXPECT_THROW(set_message_size(s.transfers[0], 3'000'000'000LL), InputError);
}

}  // namespace redist::io
