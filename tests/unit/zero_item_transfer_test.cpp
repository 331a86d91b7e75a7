// Issue 17 item 4: a transfer of 0 items is still checked for its link and its time. The reader
// refuses 0 items as bad input (schedule_io); a library caller that builds one gets the same
// neighbour verdict as for a real batch, never a silent skip.

#include <gtest/gtest.h>

#include "redist/core/error.hpp"
#include "redist/sim/ring_validator.hpp"

namespace redist {
namespace {

RingInstance uni3() {
  RingInstance inst;
  inst.kind = RingKind::unidirectional;
  inst.loads = {1, 1, 1};
  inst.targets = {1, 1, 1};
  inst.succ_cost = {1, 1, 1};
  check_ring_instance(inst, "test");
  return inst;
}

Schedule one(Transfer t) {
  Schedule s;
  s.transfers = {t};
  return s;
}

TEST(ZeroItemTransfer, NonNeighbourIsRejected) {
  Transfer t;
  t.from = 0;
  t.to = 2;  // P0 -> P2 is not a link of a unidirectional 3-ring
  t.items = 0;
  const auto result = validate_ring_schedule(uni3(), one(t));
  ASSERT_FALSE(result.valid);
  EXPECT_EQ(result.violation->rule, "neighbour");
}

TEST(ZeroItemTransfer, PredLinkOnUnidirectionalRingIsRejected) {
  Transfer t;
  t.from = 1;
  t.to = 0;
  t.items = 0;
  t.link = Link::pred;
  const auto result = validate_ring_schedule(uni3(), one(t));
  ASSERT_FALSE(result.valid);
  EXPECT_EQ(result.violation->rule, "neighbour");
}

TEST(ZeroItemTransfer, EmptyTransferOnARealLinkChangesNothing) {
  Transfer t;
  t.from = 0;
  t.to = 1;
  t.items = 0;
  t.start = 5;
  const auto result = validate_ring_schedule(uni3(), one(t));
  EXPECT_TRUE(result.valid);
}

}  // namespace
}  // namespace redist
