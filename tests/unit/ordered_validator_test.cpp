// The ordered validator (sim/ordered_validator.hpp) against an item-by-item reference on thousands
// of random small schedules, and on hand-made cases whose verdict is known.

#include "redist/sim/ordered_validator.hpp"

#include <gtest/gtest.h>

#include "redist/core/error.hpp"
#include "redist/core/ordered_items.hpp"
#include "support/ordered_oracles.hpp"
#include "support/ring_test_helpers.hpp"

namespace redist::sim {
namespace {

RingInstance ring(RingKind kind, std::vector<std::int64_t> loads, std::vector<std::int64_t> targets,
                  std::vector<std::int64_t> succ, std::vector<std::int64_t> pred = {}) {
  return testing::make_ring(kind, std::move(loads), std::move(targets), std::move(succ),
                            std::move(pred));
}

Transfer named(std::int64_t from, std::int64_t to, std::int64_t first, std::int64_t items,
               Ticks start, Ticks spacing = 0) {
  Transfer t(from, to, items, start, std::nullopt, spacing);
  t.first = first;
  return t;
}

Schedule of(std::vector<Transfer> transfers) {
  Schedule s;
  s.transfers = std::move(transfers);
  return s;
}

// P0 holds 0..3 and keeps 0..1; P1 holds 4 and must end with 2..4; P2 keeps 5.
const RingInstance kLine =
    ring(RingKind::bidirectional, {4, 1, 1}, {2, 3, 1}, {1, 1, 1}, {1, 1, 1});

TEST(OrderedValidator, AcceptsTheItemsThatMustMove) {
  const auto r = validate_ordered_schedule(kLine, of({named(0, 1, 2, 2, 0)}));
  EXPECT_TRUE(r.valid) << r.violation->message;
  EXPECT_EQ(r.makespan, 2);
}

TEST(OrderedValidator, RefusesItemsThatMustStay) {
  // Counts are right, identities wrong: P0 sends 1..2 (item 1 is its own to keep).
  const auto r = validate_ordered_schedule(kLine, of({named(0, 1, 1, 2, 0)}));
  ASSERT_FALSE(r.valid);
  EXPECT_EQ(r.violation->rule, "final-load");
  EXPECT_NE(r.violation->message.find("item 1"), std::string::npos) << r.violation->message;
}

TEST(OrderedValidator, ARelayForwardsAnItemOnlyOnceItHasArrived) {
  // P0's items 0..1 go to P1, which keeps item 0 and sends item 1 on to P2 with its own item 2.
  // Towards the successor the highest item travels first: item 1 reaches P1 at t = 1.
  const RingInstance inst = ring(RingKind::unidirectional, {2, 1, 0}, {0, 1, 2}, {1, 1, 1});
  EXPECT_TRUE(validate_ordered_schedule(
                  inst, of({named(0, 1, 0, 2, 0), named(1, 2, 2, 1, 0), named(1, 2, 1, 1, 1)}))
                  .valid);
  const auto early = validate_ordered_schedule(
      inst, of({named(0, 1, 0, 2, 0), named(1, 2, 1, 1, 0), named(1, 2, 2, 1, 1)}));
  ASSERT_FALSE(early.valid);
  EXPECT_EQ(early.violation->rule, "holdings");
  EXPECT_EQ(early.violation->time, 0);
  EXPECT_EQ(early.violation->processor, 1);
  // Counting items would have accepted it: P1 holds its own item 2 at t = 0.
  Schedule counted = of({named(0, 1, 0, 2, 0), named(1, 2, 1, 1, 0), named(1, 2, 2, 1, 1)});
  for (Transfer& t : counted.transfers) t.first = kNoItems;
  EXPECT_TRUE(validate_ring_schedule(inst, counted).valid);
}

TEST(OrderedValidator, TowardsThePredecessorTheLowestItemLeavesFirst) {
  // P2's items 4..5 go left: 4 to P0 through P1, 5 to P1; P1 sends its own 2..3 and then item 4,
  // which has arrived at t = 1, in one transfer.
  const RingInstance inst =
      ring(RingKind::bidirectional, {2, 2, 2}, {5, 1, 0}, {1, 1, 1}, {1, 1, 1});
  EXPECT_TRUE(
      validate_ordered_schedule(inst, of({named(2, 1, 4, 2, 0), named(1, 0, 2, 3, 0)})).valid);
  EXPECT_FALSE(validate_ordered_schedule(
                   inst, of({named(2, 1, 4, 2, 0), named(1, 0, 4, 1, 0), named(1, 0, 2, 2, 1)}))
                   .valid);
}

TEST(OrderedValidator, BadBlocksAreBadInput) {
  EXPECT_THROW(validate_ordered_schedule(kLine, of({named(0, 1, 5, 2, 0)})), InputError);
  Schedule unnamed = of({Transfer(0, 1, 2, 0)});
  EXPECT_THROW(validate_ordered_schedule(kLine, unnamed), InputError);
  // A reader that knows no identities refuses them rather than ignoring them.
  EXPECT_THROW(validate_ring_schedule(kLine, of({named(0, 1, 2, 2, 0)})), InputError);
  EXPECT_TRUE(validate_ordered_schedule(
                  ring(RingKind::bidirectional, {1, 1}, {1, 1}, {1, 1}, {1, 1}), Schedule{})
                  .valid);
  EXPECT_FALSE(validate_ordered_schedule(kLine, Schedule{}).valid);
}

// Random small instances: every shape of loads from 0 to 4, costs 1 to 3.
RingInstance random_ring(Rng& rng) { return testing::random_small_ring(rng, 1, 5, 4); }

// One random change that may or may not break the schedule.
void mutate(Schedule& s, Rng& rng, std::int64_t total) {
  if (s.transfers.empty()) return;
  Transfer& t = s.transfers[static_cast<std::size_t>(
      rng.uniform(0, static_cast<std::int64_t>(s.transfers.size()) - 1))];
  switch (rng.uniform(0, 5)) {
    case 0:
      t.start = std::max<Ticks>(0, t.start + rng.uniform(-2, 2));
      break;
    case 1:
      t.first = std::clamp<std::int64_t>(t.first + rng.uniform(-1, 1), 0, total - t.items);
      break;
    case 2:
      if (t.items > 1) t.items -= 1, t.first += rng.uniform(0, 1);
      break;
    case 3:
      t.spacing = t.spacing + rng.uniform(0, 2);
      break;
    case 4:
      std::swap(t.first, s.transfers.front().first);
      s.transfers.front().first =
          std::clamp<std::int64_t>(s.transfers.front().first, 0, total - s.transfers.front().items);
      t.first = std::clamp<std::int64_t>(t.first, 0, total - t.items);
      break;
    default:
      s.transfers.erase(s.transfers.begin() + (&t - s.transfers.data()));
      break;
  }
}

TEST(OrderedValidatorProperty, AgreesWithTheItemByItemReference) {
  Rng rng(2024);
  int valid = 0, invalid = 0, blocks = 0;
  for (int round = 0; round < 6000; ++round) {
    const RingInstance inst = random_ring(rng);
    Schedule s = testing::random_ordered_schedule(inst, rng, rng.uniform(0, 1) == 1);
    for (const Transfer& t : s.transfers) blocks += t.items > 1;
    const int mutations = static_cast<int>(rng.uniform(0, 2));
    for (int m = 0; m < mutations; ++m) mutate(s, rng, inst.total_items());
    if (!s.transfers.empty() && s.transfers.front().first == kNoItems) continue;
    const auto expected = testing::reference_validate_ordered(inst, s);
    const auto got = validate_ordered_schedule(inst, s);
    ASSERT_EQ(got.valid, expected.valid) << "round " << round;
    if (got.valid) {
      EXPECT_EQ(got.makespan, expected.makespan) << "round " << round;
      ++valid;
      continue;
    }
    ++invalid;
    EXPECT_EQ(got.violation->time, expected.violation_time)
        << "round " << round << ": " << got.violation->message;
    EXPECT_EQ(got.violation->rule, expected.rule)
        << "round " << round << ": " << got.violation->message;
  }
  // Both verdicts are exercised, and transfers of several items (spaced or not).
  EXPECT_GT(valid, 1500);
  EXPECT_GT(invalid, 1500);
  EXPECT_GT(blocks, 1000);
}

TEST(OrderedValidatorProperty, AcceptsTheExactOptimumOfTinyRings) {
  Rng rng(7);
  int solved = 0;
  for (int round = 0; round < 150; ++round) {
    RingInstance inst = random_ring(rng);
    if (inst.size() > 4 || inst.total_items() > 5) continue;
    const auto best = testing::brute_force_ordered(inst, 30, 200'000);
    if (!best) continue;
    ++solved;
    const auto r = validate_ordered_schedule(inst, best->schedule);
    ASSERT_TRUE(r.valid) << r.violation->message;
    EXPECT_EQ(r.makespan, best->makespan);
  }
  EXPECT_GT(solved, 40);
}

}  // namespace
}  // namespace redist::sim
