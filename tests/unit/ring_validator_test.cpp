#include "redist/sim/ring_validator.hpp"

#include <gtest/gtest.h>

#include "support/ring_test_helpers.hpp"

namespace redist {
namespace {

RingInstance ring(RingKind kind, std::vector<std::int64_t> loads, std::vector<std::int64_t> targets,
                  std::vector<std::int64_t> succ, std::vector<std::int64_t> pred = {},
                  int scale = 0) {
  return testing::make_ring(kind, std::move(loads), std::move(targets), std::move(succ),
                            std::move(pred), scale);
}

Schedule schedule(std::vector<Transfer> transfers, int scale = 0) {
  Schedule s;
  s.transfers = std::move(transfers);
  s.time_scale = scale;
  return s;
}

constexpr auto uni = RingKind::unidirectional;
constexpr auto bi = RingKind::bidirectional;

TEST(RingValidator, AcceptsForwardingAtTheInstantOfArrival) {
  // P0 -> P1 -> P2: P1 holds one item and forwards the second one the moment it has arrived.
  const auto inst = ring(uni, {2, 1, 1}, {0, 1, 3}, {1, 1, 1});
  const auto result = sim::validate_ring_schedule(inst, schedule({{0, 1, 2, 0, std::nullopt},
                                                                  {1, 2, 1, 0, std::nullopt},
                                                                  {1, 2, 1, 1, std::nullopt}}));
  EXPECT_TRUE(result.valid) << result.violation->message;
  EXPECT_EQ(static_cast<long long>(result.makespan), 2);
}

TEST(RingValidator, RejectsSendingAnItemNotYetReceived) {
  const auto inst = ring(uni, {1, 0, 1}, {0, 0, 2}, {2, 1, 1});
  // P1 forwards at t=1 the item that only arrives at t=2.
  const auto result = sim::validate_ring_schedule(
      inst, schedule({{0, 1, 1, 0, std::nullopt}, {1, 2, 1, 1, std::nullopt}}));
  ASSERT_FALSE(result.valid);
  EXPECT_EQ(result.violation->rule, "holdings");
  EXPECT_EQ(result.violation->processor, 1);
  EXPECT_EQ(static_cast<long long>(result.violation->time), 1);
}

TEST(RingValidator, RejectsNonNeighbours) {
  const auto inst = ring(uni, {2, 1, 1, 1}, {1, 1, 2, 1}, {1, 1, 1, 1});
  auto result = sim::validate_ring_schedule(inst, schedule({{0, 2, 1, 0, std::nullopt}}));
  ASSERT_FALSE(result.valid);
  EXPECT_EQ(result.violation->rule, "neighbour");
  // Backwards on a unidirectional ring.
  result = sim::validate_ring_schedule(ring(uni, {1, 2}, {2, 1}, {1, 1}),
                                       schedule({{1, 0, 1, 0, Link::pred}}));
  ASSERT_FALSE(result.valid);
  EXPECT_EQ(result.violation->rule, "neighbour");
}

TEST(RingValidator, RejectsOnePortClashesBothWays) {
  const auto inst = ring(bi, {1, 4, 1}, {2, 2, 2}, {1, 1, 1}, {1, 1, 1});
  // P1 sends to both neighbours at once.
  auto result = sim::validate_ring_schedule(
      inst, schedule({{1, 2, 1, 0, std::nullopt}, {1, 0, 1, 0, std::nullopt}}));
  ASSERT_FALSE(result.valid);
  EXPECT_EQ(result.violation->rule, "one-port");
  EXPECT_EQ(result.violation->processor, 1);
  // Sequential sends are fine.
  result = sim::validate_ring_schedule(
      inst, schedule({{1, 2, 1, 0, std::nullopt}, {1, 0, 1, 1, std::nullopt}}));
  EXPECT_TRUE(result.valid);
  // P1 receives from both sides at once.
  const auto in = ring(bi, {2, 0, 2}, {1, 2, 1}, {1, 1, 1}, {1, 1, 1});
  result = sim::validate_ring_schedule(
      in, schedule({{0, 1, 1, 0, std::nullopt}, {2, 1, 1, 0, std::nullopt}}));
  ASSERT_FALSE(result.valid);
  EXPECT_EQ(result.violation->rule, "one-port");
}

TEST(RingValidator, ReportsWrongFinalLoads) {
  const auto inst = ring(uni, {2, 1}, {1, 2}, {1, 1});
  const auto result = sim::validate_ring_schedule(inst, schedule({}));
  ASSERT_FALSE(result.valid);
  EXPECT_EQ(result.violation->rule, "final-load");
}

TEST(RingValidator, NetChangesBeyond64BitsDoNotHideTheFirstViolation) {
  // P0 sends 2 (2^63 - 1) items: its net change leaves 64 bits (the validator widens it to 128),
  // and the first violation is still the item P0 does not hold.
  const auto inst = ring(uni, {1, 0, 0}, {0, 0, 1}, {1, 1, 1});
  constexpr std::int64_t kMost = INT64_MAX;
  const auto result =
      sim::validate_ring_schedule(inst, schedule({{0, 1, kMost, 0, std::nullopt},
                                                  {0, 1, kMost, kMost, std::nullopt},
                                                  {1, 2, 1, 1, std::nullopt}}));
  ASSERT_FALSE(result.valid);
  EXPECT_EQ(result.violation->rule, "holdings");
  EXPECT_EQ(result.violation->processor, 0);
  EXPECT_EQ(static_cast<long long>(result.violation->time), 1);
}

TEST(RingValidator, NetChangesBeyond64BitsAreReportedExactly) {
  // A valid move (makespan 4), then two transfers of 2^63 - 1 items at an impossible pace (spacing
  // 1 on links of cost 2) long after it: they still move their items, so P0's final load is
  // 1 - 1 - 2 (2^63 - 1) = -(2^64 - 2), beyond 64 bits; the final-load violation, at the makespan,
  // comes before the spacing one and must say that number exactly.
  const auto inst = ring(uni, {1, 0, 0}, {0, 0, 1}, {2, 2, 2});
  constexpr std::int64_t kMost = INT64_MAX;
  const auto result =
      sim::validate_ring_schedule(inst, schedule({{0, 1, 1, 0, std::nullopt},
                                                  {1, 2, 1, 2, std::nullopt},
                                                  {0, 1, kMost, 100, std::nullopt, 1},
                                                  {0, 1, kMost, 200, std::nullopt, 1}}));
  ASSERT_FALSE(result.valid);
  EXPECT_EQ(result.violation->rule, "final-load");
  EXPECT_EQ(result.violation->processor, 0);
  EXPECT_EQ(static_cast<long long>(result.violation->time), 4);
  EXPECT_NE(result.violation->message.find("ends with -18446744073709551614 items"),
            std::string::npos)
      << result.violation->message;
}

TEST(RingValidator, TwoProcessorBidirectionalRingHasTwoLinksEachWay) {
  const auto inst = ring(bi, {4, 0}, {0, 4}, {1, 1}, {3, 3});
  // Two links from P0 to P1, but one port: 2 items over succ (cost 1), then 2 over pred (cost 3).
  auto result = sim::validate_ring_schedule(
      inst, schedule({{0, 1, 2, 0, Link::succ}, {0, 1, 2, 2, Link::pred}}));
  EXPECT_TRUE(result.valid);
  EXPECT_EQ(static_cast<long long>(result.makespan), 8);
  result = sim::validate_ring_schedule(
      inst, schedule({{0, 1, 2, 0, Link::succ}, {0, 1, 2, 1, Link::pred}}));
  EXPECT_FALSE(result.valid);
}

TEST(RingValidator, DecimalTimesAreExact) {
  // Costs 0.1: three items end at exactly 0.3, when the next batch may start (0.1 + 0.2 == 0.3
  // here).
  const auto inst = ring(uni, {6, 0}, {0, 6}, {1, 1}, {}, 1);
  auto result = sim::validate_ring_schedule(
      inst, schedule({{0, 1, 3, 0, std::nullopt}, {0, 1, 3, 3, std::nullopt}}, 1));
  EXPECT_TRUE(result.valid);
  EXPECT_EQ(result.time_scale, 1);
  EXPECT_EQ(static_cast<long long>(result.makespan), 6);
  // Starting one hundredth too early is a clash; the validator works at the finer scale.
  result = sim::validate_ring_schedule(
      inst, schedule({{0, 1, 3, 0, std::nullopt}, {0, 1, 3, 29, std::nullopt}}, 2));
  ASSERT_FALSE(result.valid);
  EXPECT_EQ(result.time_scale, 2);
  EXPECT_EQ(static_cast<long long>(result.violation->time), 29);
}

TEST(RingValidator, HugeItemCountsCostNothing) {
  // 10^12 items relayed P0 -> P1 -> P2 in 10^5 alternating batches.
  const std::int64_t batch = 10'000'000;
  const std::int64_t batches = 100'000;
  const std::int64_t total = batch * batches;
  const auto inst = ring(uni, {total, 1, 1}, {1, 1, total}, {1, 1, 1});
  std::vector<Transfer> transfers;
  for (std::int64_t b = 0; b < batches; ++b)
    transfers.push_back({0, 1, batch, static_cast<Ticks>(b) * batch, std::nullopt});
  // P1 forwards each batch as soon as its first item has arrived, one time unit behind; the first
  // batches are one item short because P0 and P1 each keep one item.
  for (std::int64_t b = 0; b < batches; ++b)
    transfers.push_back({1, 2, batch, static_cast<Ticks>(b) * batch + 1, std::nullopt});
  transfers[0].items -= 1;
  transfers[static_cast<std::size_t>(batches)].items -= 1;
  const auto result = sim::validate_ring_schedule(inst, schedule(transfers));
  EXPECT_TRUE(result.valid) << (result.violation ? result.violation->message : "");
}

TEST(RingValidator, CatchesAHoldingsViolationDeepInsideABatch) {
  // P1 relays at cost 1 what arrives at cost 2: with two items of its own it runs dry at its 4th
  // departure (t=3: two own + one arrived at t=2).
  const auto inst = ring(uni, {10, 2, 0}, {0, 2, 10}, {2, 1, 1});
  const auto result = sim::validate_ring_schedule(
      inst, schedule({{0, 1, 10, 0, std::nullopt}, {1, 2, 10, 0, std::nullopt}}));
  ASSERT_FALSE(result.valid);
  EXPECT_EQ(result.violation->rule, "holdings");
  EXPECT_EQ(static_cast<long long>(result.violation->time), 3);
}

}  // namespace
}  // namespace redist
