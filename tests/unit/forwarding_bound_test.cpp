// The forwarding-delay bound (ring/forwarding_bound.hpp) against exact optima of tiny rings: a
// bound above an exact optimum would be a bug; and it must sometimes beat tau_int to be worth
// having.

#include "ring/forwarding_bound.hpp"

#include <gtest/gtest.h>

#include <iostream>

#include "redist/core/random.hpp"
#include "redist/ring/generator.hpp"
#include "redist/ring/plan.hpp"
#include "ring/exact_search.hpp"
#include "ring/system6.hpp"

namespace redist {
namespace {

long long ll(Ticks t) { return static_cast<long long>(t); }

struct Range {
  std::int64_t lo, hi;
};

// A heterogeneous bidirectional ring of `shape` with n, the largest cost and the largest load drawn
// from the ranges (in that order).
RingInstance shaped_ring(Rng& rng, ring::RingShape shape, Range n, Range max_cost, Range max_load) {
  ring::RingGenOptions opt;
  opt.n = static_cast<std::size_t>(rng.uniform(n.lo, n.hi));
  opt.kind = RingKind::bidirectional;
  opt.heterogeneous = true;
  opt.max_cost = rng.uniform(max_cost.lo, max_cost.hi);
  opt.max_load = rng.uniform(max_load.lo, max_load.hi);
  opt.shape = shape;
  opt.seed = rng.next();
  return ring::generate_ring_instance(opt);
}

// The same ring with time reversed: loads and targets exchanged, every link turned round (P_i ->
// P_{i+1} at succ_cost[i] becomes P_{i+1} -> P_i at that cost). Its schedules are the original's,
// reversed.
RingInstance time_reversed(const RingInstance& inst) {
  RingInstance r = inst;
  std::swap(r.loads, r.targets);
  const std::size_t n = inst.size();
  for (std::size_t i = 0; i < n; ++i) {
    r.pred_cost[(i + 1) % n] = inst.succ_cost[i];
    r.succ_cost[i] = inst.pred_cost[(i + 1) % n];
  }
  return r;
}

TEST(ForwardingBound, TheSameOnTheTimeReversedRing) {
  // The receive terms are the send terms of the reversed ring (the proof's claim 2), so the bound
  // cannot tell a ring from its reversal.
  Rng rng(32);
  for (int trial = 0; trial < 600; ++trial) {
    const RingInstance inst =
        shaped_ring(rng, static_cast<ring::RingShape>(trial % 6), {3, 40}, {1, 100}, {1, 30});
    const Ticks forward = ring::forwarding_bound(inst);
    ASSERT_EQ(ll(forward), ll(ring::forwarding_bound(time_reversed(inst)))) << "trial " << trial;
    ASSERT_EQ(ll(ring::solve_system6(inst).integer_optimum),
              ll(ring::solve_system6(time_reversed(inst)).integer_optimum));
  }
  // P0 sends 5 items to P2 through the empty P1 (costs 1; the direct link costs 20): tau_int = 5,
  // but P1 sends only after its first receipt (claim 1: 1 + 5) and receives only before its last
  // send (claim 2: 5 + 1), here and on the reversed ring. Both optima are 6 (exhaustive search:
  // nothing by 5, something by 6).
  const RingInstance relay{
      RingKind::bidirectional, {5, 0, 0}, {0, 0, 5}, {1, 1, 1}, {20, 20, 20}, 0};
  for (const RingInstance& inst : {relay, time_reversed(relay)}) {
    EXPECT_EQ(ll(ring::solve_system6(inst).integer_optimum), 5);
    EXPECT_EQ(ll(ring::forwarding_bound(inst)), 6);
    EXPECT_EQ(ring::exact_optimal_schedule(inst, 5).outcome,
              ring::ExactSearchResult::Outcome::none_by_horizon);
    EXPECT_EQ(ring::exact_optimal_schedule(inst, 6).outcome,
              ring::ExactSearchResult::Outcome::found);
  }
}

TEST(ForwardingBound, NeverAboveTheExactOptimumOfTinyRings) {
  Rng rng(31);
  int checked = 0, above_tau = 0;
  for (int trial = 0; trial < 500; ++trial) {
    RingInstance inst =
        shaped_ring(rng, static_cast<ring::RingShape>(trial % 6), {2, 4}, {2, 6}, {2, 5});
    if (trial % 2 == 0) {  // an empty relay: it must receive before it can forward anything
      inst.loads[1] += inst.loads[0];
      inst.loads[0] = 0;
    }
    if (!ring::exact_search_applies(inst)) continue;
    const Ticks bound = ring::forwarding_bound(inst);
    const Ticks tau = ring::solve_system6(inst).integer_optimum;
    ASSERT_GE(ll(bound), ll(tau));
    // Is there a schedule shorter than the bound? There must not be.
    const auto below = ring::exact_optimal_schedule(inst, bound - 1);
    if (below.outcome == ring::ExactSearchResult::Outcome::gave_up) continue;
    EXPECT_EQ(below.outcome, ring::ExactSearchResult::Outcome::none_by_horizon)
        << "bound " << ll(bound) << " above a schedule of " << ll(*below.schedule.makespan)
        << " (trial " << trial << ")";
    ++checked;
    above_tau += bound > tau;
  }
  EXPECT_GT(checked, 250);
  EXPECT_GT(above_tau, 0);
  std::cout << checked << " exact optima checked, bound above tau_int on " << above_tau << "\n";
}

TEST(ForwardingBound, ErrataRing) {
  RingInstance inst{
      RingKind::bidirectional, {1, 1, 1, 8}, {1, 1, 6, 3}, {4, 3, 1, 3}, {4, 2, 5, 5}, 0};
  // No single relay's forwarding explains its optimum of 19: the bound stays at tau_int = 17.
  EXPECT_EQ(ll(ring::forwarding_bound(inst)), 17);
}

}  // namespace
}  // namespace redist
