// The timing of ordered routes (src/ring/ordered_timing.hpp): every timing it returns is a valid
// ordered schedule with exactly its makespan, on random routes of every shape of ring, and on the
// linear routes it times exactly as document 000's flow timing of shift 0 does (the same relays,
// own items first).

#include "ring/ordered_timing.hpp"

#include <gtest/gtest.h>

#include "redist/core/random.hpp"
#include "redist/ring/generator.hpp"
#include "redist/sim/ordered_validator.hpp"

namespace redist::ring {
namespace {

RingInstance random_ring(Rng& rng, std::size_t max_n, std::int64_t max_load, bool bidirectional) {
  RingGenOptions opt;
  opt.n = static_cast<std::size_t>(rng.uniform(2, static_cast<std::int64_t>(max_n)));
  opt.kind = bidirectional ? RingKind::bidirectional : RingKind::unidirectional;
  opt.heterogeneous = rng.uniform(0, 2) != 0;
  opt.max_load = max_load;
  opt.max_cost = 4;
  opt.seed = rng.next();
  static const RingShape shapes[] = {RingShape::uniform, RingShape::gather, RingShape::scatter,
                                     RingShape::heavy,   RingShape::blocks, RingShape::forward};
  opt.shape = shapes[rng.uniform(0, 5)];
  RingInstance inst = generate_ring_instance(opt);
  // Empty processors too: the generator keeps every load >= 1.
  if (rng.uniform(0, 3) == 0) {
    const auto k = static_cast<std::size_t>(rng.uniform(0, static_cast<std::int64_t>(opt.n) - 1));
    inst.loads[(k + 1) % opt.n] += inst.loads[k];
    inst.loads[k] = 0;
  }
  return inst;
}

std::vector<std::int64_t> random_reroutes(const std::vector<ItemBlock>& blocks, Rng& rng) {
  std::vector<std::int64_t> r(blocks.size(), 0);
  for (std::size_t b = 0; b < blocks.size(); ++b)
    if (rng.uniform(0, 2) == 0) r[b] = rng.uniform(0, blocks[b].items);
  return r;
}

void expect_valid(const RingInstance& inst, const detail::OrderedTiming& timing) {
  const auto verdict = sim::validate_ordered_schedule(inst, timing.schedule);
  ASSERT_TRUE(verdict.valid) << verdict.violation->rule << ": " << verdict.violation->message;
  EXPECT_EQ(verdict.makespan, timing.makespan);
}

TEST(OrderedTiming, RandomRoutesAreValidSchedules) {
  Rng rng(11);
  for (int round = 0; round < 1500; ++round) {
    const bool bi = rng.uniform(0, 3) != 0;
    const RingInstance inst = random_ring(rng, 9, 12, bi);
    const OrderedLayout layout = OrderedLayout::of(inst);
    const auto blocks = moving_blocks(layout);
    const auto routes =
        bi ? routes_with_reroutes(blocks, random_reroutes(blocks, rng)) : rightward_routes(blocks);
    for (const PortOrder order : {PortOrder::succ_first, PortOrder::pred_first}) {
      const auto timing = detail::time_ordered_routes(inst, layout, routes, order, INT64_MAX);
      ASSERT_TRUE(timing.has_value());
      expect_valid(inst, *timing);
      if (HasFatalFailure()) return;
    }
  }
}

TEST(OrderedTiming, LinearRoutesTakeTheFlowTimingOfShiftZero) {
  Rng rng(12);
  for (int round = 0; round < 1500; ++round) {
    const RingInstance inst = random_ring(rng, 12, 20, true);
    const OrderedLayout layout = OrderedLayout::of(inst);
    const auto routes = linear_routes(moving_blocks(layout));
    for (const PortOrder order : {PortOrder::succ_first, PortOrder::pred_first}) {
      const auto timing = detail::time_ordered_routes(inst, layout, routes, order, INT64_MAX);
      ASSERT_TRUE(timing.has_value());
      expect_valid(inst, *timing);
      const auto flows = time_flows(inst, 0, order, FollowMode::exact);
      if (!flows) continue;  // nothing moves
      EXPECT_EQ(timing->makespan, flows->makespan) << "round " << round;
    }
  }
}

}  // namespace
}  // namespace redist::ring
