// The forwarding-delay bound (ring/forwarding_bound.hpp) against exact optima of tiny rings: a bound
// above an exact optimum would be a bug; and it must sometimes beat tau_int to be worth having.

#include "redist/ring/forwarding_bound.hpp"

#include <gtest/gtest.h>

#include <iostream>

#include "redist/core/random.hpp"
#include "redist/ring/exact_search.hpp"
#include "redist/ring/generator.hpp"
#include "redist/ring/plan.hpp"
#include "redist/ring/system6.hpp"

namespace redist {
namespace {

long long ll(Ticks t) { return static_cast<long long>(t); }

TEST(ForwardingBound, NeverAboveTheExactOptimumOfTinyRings) {
  Rng rng(31);
  int checked = 0, above_tau = 0;
  for (int trial = 0; trial < 500; ++trial) {
    RingGenOptions opt;
    opt.n = static_cast<std::size_t>(rng.uniform(2, 4));
    opt.kind = RingKind::bidirectional;
    opt.heterogeneous = true;
    opt.max_cost = rng.uniform(2, 6);
    opt.max_load = rng.uniform(2, 5);
    opt.shape = static_cast<RingShape>(trial % 6);
    opt.seed = rng.next();
    RingInstance inst = generate_ring_instance(opt);
    if (trial % 2 == 0) {  // an empty relay: it must receive before it can forward anything
      inst.loads[1] += inst.loads[0];
      inst.loads[0] = 0;
    }
    if (!exact_search_applies(inst)) continue;
    const Ticks bound = forwarding_bound(inst);
    const Ticks tau = solve_system6(inst).integer_optimum;
    ASSERT_GE(ll(bound), ll(tau));
    // Is there a schedule shorter than the bound? There must not be.
    const auto below = exact_optimal_schedule(inst, bound - 1);
    if (below.outcome == ExactSearchResult::Outcome::gave_up) continue;
    EXPECT_EQ(below.outcome, ExactSearchResult::Outcome::none_by_horizon)
        << "bound " << ll(bound) << " above a schedule of " << ll(*below.schedule.makespan) << " (trial " << trial << ")";
    ++checked;
    above_tau += bound > tau;
  }
  EXPECT_GT(checked, 250);
  EXPECT_GT(above_tau, 0);
  std::cout << checked << " exact optima checked, bound above tau_int on " << above_tau << "\n";
}

TEST(ForwardingBound, ErrataRing) {
  RingInstance inst{RingKind::bidirectional, {1, 1, 1, 8}, {1, 1, 6, 3}, {4, 3, 1, 3}, {4, 2, 5, 5}, 0};
  // No single relay's forwarding explains its optimum of 19: the bound stays at tau_int = 17.
  EXPECT_EQ(ll(forwarding_bound(inst)), 17);
}

}  // namespace
}  // namespace redist
