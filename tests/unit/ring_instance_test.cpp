#include "redist/core/ring_instance.hpp"

#include <gtest/gtest.h>

#include "redist/core/error.hpp"

namespace redist {
namespace {

RingInstance small_bidirectional() {
  RingInstance inst;
  inst.kind = RingKind::bidirectional;
  inst.loads = {7, 1, 3};
  inst.targets = {3, 4, 4};
  inst.succ_cost = {1, 2, 1};
  inst.pred_cost = {1, 1, 1};
  return inst;
}

void expect_rejected(const RingInstance& inst, const std::string& field) {
  try {
    check_ring_instance(inst, "x.json");
    FAIL() << "accepted, expected an error on " << field;
  } catch (const InputError& e) {
    EXPECT_EQ(e.field(), field) << e.what();
    EXPECT_EQ(e.file(), "x.json");
  }
}

TEST(RingInstance, AcceptsValidAndComputesImbalances) {
  const auto inst = small_bidirectional();
  EXPECT_NO_THROW(check_ring_instance(inst, "x.json"));
  EXPECT_EQ(inst.imbalances(), (std::vector<std::int64_t>{4, -3, -1}));
  EXPECT_FALSE(inst.homogeneous());
  EXPECT_EQ(inst.total_items(), 11);
}

TEST(RingInstance, RejectsEachBrokenRule) {
  auto inst = small_bidirectional();
  inst.targets = {3, 4};
  expect_rejected(inst, "targets");
  inst = small_bidirectional();
  inst.loads[1] = -1;
  expect_rejected(inst, "loads[1]");
  inst = small_bidirectional();
  inst.targets[2] = 5;
  expect_rejected(inst, "targets");
  inst = small_bidirectional();
  inst.succ_cost[2] = 0;
  expect_rejected(inst, "succ_cost[2]");
  inst = small_bidirectional();
  inst.kind = RingKind::unidirectional;
  expect_rejected(inst, "pred_cost");
  inst = small_bidirectional();
  inst.loads = {kMaxTotalItems, 1, 3};
  expect_rejected(inst, "loads[1]");
  inst = RingInstance{};
  expect_rejected(inst, "loads");
}

TEST(RingInstance, RejectsTimesThatWouldOverflow) {
  RingInstance inst;
  inst.loads = {std::int64_t{1} << 61, 0};
  inst.targets = {0, std::int64_t{1} << 61};
  inst.succ_cost = {std::int64_t{1} << 62, 1};
  expect_rejected(inst, "succ_cost");
}

TEST(RingInstance, RescalingKeepsCostsExact) {
  auto inst = small_bidirectional();
  const auto fine = rescaled(inst, 2);
  EXPECT_EQ(fine.cost_scale, 2);
  EXPECT_EQ(fine.succ_cost, (std::vector<std::int64_t>{100, 200, 100}));
}

}  // namespace
}  // namespace redist
