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

Transfer empty(std::int64_t from, std::int64_t to, std::optional<Link> link = std::nullopt) {
  Transfer t;
  t.from = from;
  t.to = to;
  t.items = 0;
  t.link = link;
  return t;
}

std::string rule_of(const sim::ValidationResult& result) {
  return result.valid ? "valid" : result.violation->rule;
}

TEST(ZeroItemTransfer, NonNeighbourIsRejected) {
  // P0 -> P2 is not a link of a unidirectional 3-ring.
  EXPECT_EQ(rule_of(sim::validate_ring_schedule(uni3(), one(empty(0, 2)))), "neighbour");
}

TEST(ZeroItemTransfer, PredLinkOnUnidirectionalRingIsRejected) {
  EXPECT_EQ(rule_of(sim::validate_ring_schedule(uni3(), one(empty(1, 0, Link::pred)))),
            "neighbour");
}

TEST(ZeroItemTransfer, EmptyTransferOnARealLinkChangesNothing) {
  Transfer t = empty(0, 1);
  t.start = 5;
  const auto result = sim::validate_ring_schedule(uni3(), one(t));
  EXPECT_EQ(rule_of(result), "valid");
  EXPECT_EQ(static_cast<long long>(result.makespan), 0);  // an empty transfer ends nothing
}

}  // namespace
}  // namespace redist
