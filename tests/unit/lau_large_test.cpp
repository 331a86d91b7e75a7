// Large rings and huge loads: no overflow, no crawling. Optimality is certified locally (the shifts
// just outside the returned optimal interval are slower; so is a sample of shifts everywhere),
// since brute force is out of reach here; the small-instance brute force is in
// lau_optimal_property_test.

#include <gtest/gtest.h>

#include "redist/core/random.hpp"
#include "redist/lau/generator.hpp"
#include "redist/lau/optimal.hpp"

namespace redist {
namespace {

void expect_locally_optimal(const sim::AllportInstance& inst, Rng& rng) {
  const sim::ShiftEvaluator eval(inst);
  for (sim::SendMode mode : {sim::SendMode::single, sim::SendMode::multi}) {
    const lau::OptimalShift best = lau::optimal_shift(eval, mode);
    ASSERT_FALSE(best.time.deadlock);
    EXPECT_EQ(eval.time(mode, best.shift), best.time);
    EXPECT_EQ(eval.time(mode, best.optimal.lo), best.time);
    EXPECT_EQ(eval.time(mode, best.optimal.hi), best.time);
    EXPECT_GT(eval.time(mode, best.optimal.lo - 1).key(), best.time.key());
    EXPECT_GT(eval.time(mode, best.optimal.hi + 1).key(), best.time.key());
    const std::int64_t span = std::max<std::int64_t>(inst.total(), 1);
    for (int k = 0; k < 20; ++k)
      EXPECT_GE(eval.time(mode, rng.uniform(-span, span)).key(), best.time.key());
    const std::int64_t total = inst.total();
    for (auto f : eval.flows(best.shift)) ASSERT_LE(f < 0 ? -f : f, total);
  }
}

TEST(LauLarge, LoadsUpTo10To12) {
  Rng rng(12);
  for (std::size_t n : {5, 64, 1000, 20'000}) {
    const sim::AllportInstance inst =
        sim::allport_instance(lau::random_lau_loads(rng, n, 1'000'000'000'000, false));
    expect_locally_optimal(inst, rng);
  }
}

TEST(LauLarge, ExtremeTotalsNearTheLimit) {
  Rng rng(13);
  std::vector<std::int64_t> loads(7, 0);
  loads[3] = sim::kMaxAllportTotal;  // everything on one node, the largest total accepted
  expect_locally_optimal(sim::allport_instance(loads), rng);
  loads.assign(4, sim::kMaxAllportTotal / 4);
  loads[0] += sim::kMaxAllportTotal % 4;
  expect_locally_optimal(sim::allport_instance(loads), rng);
}

TEST(LauLarge, TwoHundredThousandNodes) {
  Rng rng(14);
  const sim::AllportInstance inst =
      sim::allport_instance(lau::random_lau_loads(rng, 200'000, 1'000'000, false));
  expect_locally_optimal(inst, rng);
}

}  // namespace
}  // namespace redist
