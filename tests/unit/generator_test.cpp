#include "redist/ring/generator.hpp"

#include <gtest/gtest.h>

#include "redist/core/flow.hpp"

namespace redist {
namespace {

TEST(Generator, ValidReproducibleAndPositive) {
  for (std::uint64_t seed = 1; seed <= 200; ++seed) {
    ring::RingGenOptions opt;
    opt.n = seed % 17 + 1;
    opt.kind = seed % 2 ? RingKind::bidirectional : RingKind::unidirectional;
    opt.heterogeneous = seed % 3 == 0;
    opt.max_load = static_cast<std::int64_t>(seed % 50 + 1);
    opt.seed = seed;
    const auto a = ring::generate_ring_instance(opt);
    const auto b = generate_ring_instance(opt);
    EXPECT_EQ(a.loads, b.loads);
    EXPECT_EQ(a.targets, b.targets);
    EXPECT_EQ(a.succ_cost, b.succ_cost);
    EXPECT_TRUE(a.all_loads_positive());
    for (auto c : a.succ_cost) EXPECT_TRUE(c >= 1 && c <= opt.max_cost);
  }
}

TEST(Generator, LightInstancesCanSendFromTheirOwnLoad) {
  for (std::uint64_t seed = 1; seed <= 200; ++seed) {
    ring::RingGenOptions opt;
    opt.n = seed % 20 + 2;
    opt.kind = RingKind::bidirectional;
    opt.heterogeneous = true;
    opt.light = true;
    opt.max_load = 100;
    opt.seed = seed;
    const auto inst = ring::generate_ring_instance(opt);
    const auto prefix = prefix_sums(inst.imbalances());
    const auto [lo, hi] = std::minmax_element(prefix.begin(), prefix.end());
    const auto min_load = *std::min_element(inst.loads.begin(), inst.loads.end());
    EXPECT_LE(2 * (*hi - *lo), min_load);
  }
}

TEST(Generator, ShapesAreValidReproducibleAndShaped) {
  for (std::uint64_t seed = 1; seed <= 300; ++seed) {
    ring::RingGenOptions opt;
    opt.n = seed % 40 + 1;
    opt.kind = RingKind::bidirectional;
    opt.heterogeneous = true;
    opt.shape = static_cast<ring::RingShape>(seed % 6);
    opt.max_load = static_cast<std::int64_t>(seed % 30 + 1);
    opt.max_cost = 100;
    opt.cost_decimals = static_cast<int>(seed % 3);
    opt.seed = seed;
    const auto a =
        ring::generate_ring_instance(opt);  // check_ring_instance inside: sums, signs, limits
    const auto b = generate_ring_instance(opt);
    EXPECT_EQ(a.loads, b.loads);
    EXPECT_EQ(a.targets, b.targets);
    EXPECT_EQ(a.pred_cost, b.pred_cost);
    EXPECT_EQ(a.cost_scale, opt.cost_decimals);
    const std::int64_t unit = opt.cost_decimals == 0 ? 1 : opt.cost_decimals == 1 ? 10 : 100;
    for (auto c : a.succ_cost) EXPECT_TRUE(c >= 1 && c <= 100 * unit);
    for (std::size_t i = 0; i < a.size(); ++i)
      EXPECT_TRUE(a.loads[i] >= 1 && a.targets[i] >= 1) << to_string(opt.shape);
    if (a.size() < 4) continue;
    const auto delta = a.imbalances();
    const auto [lo, hi] = std::minmax_element(delta.begin(), delta.end());
    const std::int64_t total = a.total_items();
    // One sink (gather) or source (scatter) takes all but what the others keep, at most max(1, M/8)
    // each.
    const std::int64_t others =
        static_cast<std::int64_t>(a.size() - 1) * std::max<std::int64_t>(1, opt.max_load / 8);
    switch (opt.shape) {
      case ring::RingShape::gather:
        EXPECT_GE(-*lo, total - others - opt.max_load);
        break;
      case ring::RingShape::scatter:
        EXPECT_GE(*hi, total - others - opt.max_load);
        break;
      case ring::RingShape::heavy:
      case ring::RingShape::forward:
        EXPECT_GE(*hi, static_cast<std::int64_t>(a.size()) *
                           std::max<std::int64_t>(1, opt.max_load / 4) / 6);
        break;
      default:
        break;
    }
  }
  EXPECT_EQ(ring::ring_shape_from_name("blocks"), ring::RingShape::blocks);
  EXPECT_FALSE(ring::ring_shape_from_name("spiral").has_value());
}

}  // namespace
}  // namespace redist
