#include "redist/ring/generator.hpp"

#include <gtest/gtest.h>

#include "redist/core/flow.hpp"

namespace redist {
namespace {

TEST(Generator, ValidReproducibleAndPositive) {
  for (std::uint64_t seed = 1; seed <= 200; ++seed) {
    RingGenOptions opt;
    opt.n = seed % 17 + 1;
    opt.kind = seed % 2 ? RingKind::bidirectional : RingKind::unidirectional;
    opt.heterogeneous = seed % 3 == 0;
    opt.max_load = static_cast<std::int64_t>(seed % 50 + 1);
    opt.seed = seed;
    const auto a = generate_ring_instance(opt);
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
    RingGenOptions opt;
    opt.n = seed % 20 + 2;
    opt.kind = RingKind::bidirectional;
    opt.heterogeneous = true;
    opt.light = true;
    opt.max_load = 100;
    opt.seed = seed;
    const auto inst = generate_ring_instance(opt);
    const auto prefix = prefix_sums(inst.imbalances());
    const auto [lo, hi] = std::minmax_element(prefix.begin(), prefix.end());
    const auto min_load = *std::min_element(inst.loads.begin(), inst.loads.end());
    EXPECT_LE(2 * (*hi - *lo), min_load);
  }
}

}  // namespace
}  // namespace redist
