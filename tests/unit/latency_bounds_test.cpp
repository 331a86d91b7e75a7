// Lower bounds with start-up costs (ring/latency_bounds.hpp) against the exhaustive search of
// tests/support/latency_brute_force.hpp, and the pieces of the bounds against plain loops.

#include "ring/latency_bounds.hpp"

#include <gtest/gtest.h>

#include "redist/core/flow.hpp"
#include "redist/core/random.hpp"
#include "redist/ring/bounds.hpp"
#include "redist/sim/ring_validator.hpp"
#include "ring/prefix_bounds.hpp"
#include "ring/system6.hpp"
#include "support/latency_brute_force.hpp"
#include "support/latency_rings.hpp"
#include "support/ring_brute_force.hpp"

namespace redist::ring {
namespace {

using testing::tiny_latency_ring;

// The search is an oracle only if it is right: without start-ups it must find document 000's
// optimum (the item-model search), and every schedule it returns must pass the validator with its
// makespan.
TEST(LatencyBruteForce, WithoutStartUpsFindsTheItemModelOptimum) {
  Rng rng(11);
  int compared = 0;
  for (int trial = 0; trial < 300; ++trial) {
    RingInstance inst = tiny_latency_ring(rng, 4, 4, 1);
    inst.succ_latency.clear();
    inst.pred_latency.clear();
    const std::int64_t c = rng.uniform(1, 2);
    for (auto& x : inst.succ_cost) x = c;
    for (auto& x : inst.pred_cost) x = c;
    const auto steps = testing::brute_force_steps(inst, 12);
    const auto best = testing::latency_brute_force(inst, 40);
    if (!steps || !best) continue;
    ++compared;
    EXPECT_EQ(static_cast<long long>(best->makespan), *steps * c);
    const auto v = sim::validate_ring_schedule(inst, best->schedule);
    ASSERT_TRUE(v.valid) << v.violation->message;
    EXPECT_EQ(v.makespan, best->makespan);
  }
  EXPECT_GT(compared, 200);
}

TEST(LatencyBruteForce, ItsSchedulesAreValidWithStartUps) {
  Rng rng(12);
  int checked = 0;
  for (int trial = 0; trial < 200; ++trial) {
    const RingInstance inst = tiny_latency_ring(rng, 4, 5, 2);
    const auto best = testing::latency_brute_force(inst, 50);
    if (!best) continue;
    ++checked;
    const auto v = sim::validate_ring_schedule(inst, best->schedule);
    ASSERT_TRUE(v.valid) << v.violation->message;
    EXPECT_EQ(v.makespan, best->makespan);
  }
  EXPECT_GT(checked, 150);
}

// Every bound is at most the optimum, on every framework; and each is reached often enough to be
// worth having (printed, not asserted).
TEST(LatencyBounds, NeverExceedTheExhaustiveOptimum) {
  Rng rng(2026);
  int checked = 0, tight = 0;
  for (int trial = 0; trial < 700; ++trial) {
    const RingInstance inst = tiny_latency_ring(rng, 4, 5, 3);
    const auto best = testing::latency_brute_force(inst, 60);
    if (!best) continue;
    ++checked;
    const RingBounds bounds = ring_lower_bounds(inst);
    for (const BoundTerm& term : bounds.terms)
      ASSERT_LE(term.value, best->makespan)
          << term.name << " exceeds the optimum " << static_cast<long long>(best->makespan)
          << " on " << testing::describe_ring(inst);
    tight += bounds.best == best->makespan;
  }
  EXPECT_GT(checked, 500);
  std::cout << "bounds reach the optimum on " << tight << " of " << checked << " rings\n";
}

// Relays along a chain: loads only at the first processor, so the relay bound is what speaks.
TEST(LatencyBounds, RelayChainsNeverExceedTheOptimum) {
  Rng rng(77);
  int checked = 0;
  for (int trial = 0; trial < 200; ++trial) {
    RingInstance inst;
    inst.kind = RingKind::unidirectional;
    const auto n = static_cast<std::size_t>(rng.uniform(3, 4));
    const std::int64_t m = rng.uniform(1, 5);
    inst.loads.assign(n, 0);
    inst.loads[0] = m;
    inst.targets.assign(n, 0);
    inst.targets[n - 1] = m;
    if (rng.uniform(0, 1) && m >= 2) {  // a relay keeps one
      inst.targets[n - 1] -= 1;
      inst.targets[1] += 1;
    }
    inst.succ_cost.resize(n);
    inst.succ_latency.resize(n);
    for (auto& c : inst.succ_cost) c = rng.uniform(1, 2);
    for (auto& l : inst.succ_latency) l = rng.uniform(0, 4);
    const auto best = testing::latency_brute_force(inst, 60);
    if (!best) continue;
    ++checked;
    const Ticks relay = latency_relay_bound(inst, RingPrefix::of(inst));
    ASSERT_LE(relay, best->makespan) << testing::describe_ring(inst);
    EXPECT_GE(relay, latency_lemma5_bound(inst, RingPrefix::of(inst)))
        << "the relay bound contains each link's own time";
  }
  EXPECT_GT(checked, 150);
}

// The reach bound (ring/latency_reach.cpp) against its definition, every edge against every
// upstream position: equal on rings of one cost, never above it otherwise (the queues look at a few
// positions only), and never below Lemma 5's term (the position of the edge itself).
TEST(LatencyBounds, ReachAgreesWithEveryUpstreamPosition) {
  Rng rng(31);
  for (int trial = 0; trial < 3000; ++trial) {
    RingInstance inst = testing::small_latency_ring(rng, RingKind::unidirectional, 12, 20, 60);
    const bool one_cost = trial % 2 == 0;
    if (one_cost)
      for (auto& c : inst.succ_cost) c = inst.succ_cost.front();
    const std::size_t n = inst.size();
    const RingPrefix prefix = RingPrefix::of(inst);
    Ticks want = 0;
    for (std::size_t i = 0; i < n && n >= 2; ++i) {
      const std::int64_t flow = prefix.sums[i] - prefix.lo;
      // Walk upstream from P_i while the nearer processors hold fewer items than the flow and no
      // edge without flow is crossed.
      Ticks arrival = 0;
      std::int64_t nearer = 0;
      for (std::size_t k = 0; k < n && flow > nearer; ++k) {
        const std::size_t j = (i + n - k) % n;
        want = std::max(
            want, arrival + inst.latency(i, true) + Ticks{inst.succ_cost[i]} * (flow - nearer));
        nearer += inst.loads[j];
        const std::size_t before = (j + n - 1) % n;
        if (prefix.sums[before] == prefix.lo) break;
        arrival += Ticks{inst.latency(before, true)} + inst.succ_cost[before];
      }
    }
    const Ticks got = latency_reach_bound(inst, prefix);
    if (one_cost)
      ASSERT_EQ(got, want) << testing::describe_ring(inst);
    else
      ASSERT_LE(got, want) << testing::describe_ring(inst);
    if (n >= 2) ASSERT_GE(got, latency_lemma5_bound(inst, prefix)) << testing::describe_ring(inst);
  }
}

// Chains whose items start far upstream, where the reach bound is the one that speaks: never above
// the exhaustive optimum.
TEST(LatencyBounds, ReachOnChainsNeverExceedsTheOptimum) {
  Rng rng(32);
  int checked = 0, above_lemma5 = 0;
  for (int trial = 0; trial < 130; ++trial) {
    RingInstance inst;
    inst.kind = RingKind::unidirectional;
    const auto n = static_cast<std::size_t>(rng.uniform(3, 4));
    inst.loads.assign(n, 0);
    inst.targets.assign(n, 0);
    for (std::size_t k = 0; k + 1 < n; ++k) inst.loads[k] = rng.uniform(0, 2);
    std::int64_t total = 0;
    for (auto l : inst.loads) total += l;
    if (total == 0) continue;
    inst.targets[n - 1] = total - rng.uniform(0, 1) * std::min<std::int64_t>(total, 1);
    inst.targets[1] += total - inst.targets[n - 1];
    inst.succ_cost.resize(n);
    inst.succ_latency.resize(n);
    for (auto& c : inst.succ_cost) c = rng.uniform(1, 2);
    for (auto& l : inst.succ_latency) l = rng.uniform(0, 6);
    if (!inst.has_latency()) inst.succ_latency[0] = 1;
    const auto best = testing::latency_brute_force(inst, 60);
    if (!best) continue;
    ++checked;
    const RingPrefix prefix = RingPrefix::of(inst);
    const Ticks reach = latency_reach_bound(inst, prefix);
    ASSERT_LE(reach, best->makespan) << testing::describe_ring(inst);
    above_lemma5 += reach > latency_lemma5_bound(inst, prefix);
  }
  EXPECT_GT(checked, 80);
  EXPECT_GT(above_lemma5, 10) << "chains where reach says more than Lemma 5";
}

// The slice reach bound against its definition: for the most loaded slice every split of its
// excess between its two boundary links, each link's term over every feeder inside the slice; for
// the most short slice the same with the feeders outside it.
TEST(LatencyBounds, SliceReachAgreesWithEverySplitAndFeeder) {
  Rng rng(34);
  for (int trial = 0; trial < 2000; ++trial) {
    const RingInstance inst = testing::small_latency_ring(rng, RingKind::bidirectional, 10, 12, 40);
    const std::size_t n = inst.size();
    if (n < 2) continue;
    const RingPrefix prefix = RingPrefix::of(inst);
    // A link (cost c, start-up l) carrying y items fed by processors 0, 1, ... (nearest first).
    const auto term = [](std::int64_t y, std::int64_t c, std::int64_t l,
                         const std::vector<std::size_t>& from, const auto& hop,
                         const RingInstance& r) {
      Ticks most = 0, arrival = 0;
      std::int64_t nearer = 0;
      for (std::size_t k = 0; k < from.size() && y > 0 && nearer < y; ++k) {
        if (k > 0) arrival += hop(from[k]);
        most = std::max(most, arrival + l + Ticks{c} * (y - nearer));
        nearer += r.loads[from[k]];
      }
      return most;
    };
    const auto succ_hop = [&](std::size_t i) {
      return Ticks{inst.latency(i, true)} + inst.succ_cost[i];
    };
    const auto pred_hop = [&](std::size_t i) {
      return Ticks{inst.latency(i, false)} + inst.pred_cost[i];
    };
    const auto walk = [n](std::size_t from, bool up, std::size_t count) {
      std::vector<std::size_t> out;
      for (std::size_t k = 0; k < count; ++k) out.push_back((from + (up ? k : n * count - k)) % n);
      return out;
    };
    Ticks want = 0;
    const auto split = [&](std::int64_t d, const auto& a, const auto& b) {
      Ticks best = std::numeric_limits<Ticks>::max();
      for (std::int64_t y = 0; y <= d; ++y) best = std::min(best, std::max(a(y), b(d - y)));
      want = std::max(want, best);
    };
    if (const SliceExtreme out = max_slice(prefix.sums); out.value > 0) {
      const std::size_t m = (out.last + n - out.first) % n + 1;
      const auto right = walk(out.last, false, m), left = walk(out.first, true, m);
      split(
          out.value,
          [&](std::int64_t y) {
            return term(y, inst.succ_cost[out.last], inst.latency(out.last, true), right, succ_hop,
                        inst);
          },
          [&](std::int64_t y) {
            return term(y, inst.pred_cost[out.first], inst.latency(out.first, false), left,
                        pred_hop, inst);
          });
    }
    if (const SliceExtreme in = min_slice(prefix.sums); in.value < 0) {
      const std::size_t m = (in.last + n - in.first) % n + 1;
      const std::size_t after = (in.last + 1) % n, before = (in.first + n - 1) % n;
      const auto right = walk(after, true, n - m), left = walk(before, false, n - m);
      split(
          -in.value,
          [&](std::int64_t y) {
            return term(y, inst.pred_cost[after], inst.latency(after, false), right, pred_hop,
                        inst);
          },
          [&](std::int64_t y) {
            return term(y, inst.succ_cost[before], inst.latency(before, true), left, succ_hop,
                        inst);
          });
    }
    ASSERT_EQ(latency_slice_reach_bound(inst, prefix), want) << testing::describe_ring(inst);
  }
}

TEST(LatencyBounds, TwoLinkSplitAgreesWithTheLoop) {
  Rng rng(5);
  for (int trial = 0; trial < 20000; ++trial) {
    const std::int64_t d = rng.uniform(0, 30), a = rng.uniform(1, 9), b = rng.uniform(1, 9);
    const std::int64_t la = rng.uniform(0, 40), lb = rng.uniform(0, 40);
    Ticks want = std::numeric_limits<Ticks>::max();
    for (std::int64_t i = 0; i <= d; ++i) {
      const Ticks left = i > 0 ? Ticks{la} + i * a : 0;
      const Ticks right = d - i > 0 ? Ticks{lb} + (d - i) * b : 0;
      want = std::min(want, std::max(left, right));
    }
    ASSERT_EQ(best_two_link_split(d, a, la, b, lb), want)
        << d << " " << a << " " << la << " " << b << " " << lb;
  }
}

// System 6 with start-ups: the window search against every shift of a wide range.
TEST(LatencyBounds, System6WithStartUpsIsTheMinimumOverShifts) {
  Rng rng(8);
  for (int trial = 0; trial < 3000; ++trial) {
    const RingInstance inst = testing::small_latency_ring(rng, RingKind::bidirectional, 9, 30, 50);
    const RingPrefix prefix = RingPrefix::of(inst);
    const auto s6 = solve_system6(inst, prefix);
    const LatencyShift got = latency_system6(inst, prefix, s6);
    ASSERT_TRUE(got.exact);
    Ticks want = std::numeric_limits<Ticks>::max();
    for (std::int64_t x = prefix.lowest_shift() - 3; x <= prefix.highest_shift() + 3; ++x)
      want = std::min(want, latency_port_time(inst, prefix, x));
    ASSERT_EQ(got.value, want) << testing::describe_ring(inst);
    EXPECT_EQ(latency_port_time(inst, prefix, got.shift), got.value);
    // The fallback (no budget) is weaker but valid.
    const LatencyShift cheap = latency_system6(inst, prefix, s6, 0);
    EXPECT_LE(cheap.value, want);
  }
}

// Lemma 12 with start-ups: the threshold ascent against every slice and split.
TEST(LatencyBounds, Lemma12AgreesWithEverySlice) {
  Rng rng(9);
  for (int trial = 0; trial < 3000; ++trial) {
    const RingInstance inst = testing::small_latency_ring(rng, RingKind::bidirectional, 9, 20, 40);
    const std::size_t n = inst.size();
    const RingPrefix prefix = RingPrefix::of(inst);
    const auto time = [](std::int64_t items, std::int64_t c, std::int64_t l) {
      return items > 0 ? Ticks{l} + Ticks{items} * c : Ticks{0};
    };
    Ticks want = 0;
    for (std::size_t k = 0; k < n && n >= 2; ++k) {
      const std::int64_t d = inst.loads[k] - inst.targets[k];
      const std::size_t p = (k + n - 1) % n, q = (k + 1) % n;
      if (d > 0)
        want = std::max(want, std::min(time(d, inst.pred_cost[k], inst.latency(k, false)),
                                       time(d, inst.succ_cost[k], inst.latency(k, true))));
      if (d < 0)
        want = std::max(want, std::min(time(-d, inst.succ_cost[p], inst.latency(p, true)),
                                       time(-d, inst.pred_cost[q], inst.latency(q, false))));
    }
    for (std::size_t first = 0; first < n && n >= 3; ++first)
      for (std::size_t len = 2; len < n; ++len) {
        const std::size_t last = (first + len - 1) % n;
        const std::int64_t d = slice_imbalance(prefix.sums, first, last);
        const std::size_t before = (first + n - 1) % n, after = (last + 1) % n;
        Ticks term = std::numeric_limits<Ticks>::max();
        const std::int64_t e = d > 0 ? d : -d;
        for (std::int64_t i = 0; i <= e; ++i) {
          Ticks left, right;
          if (d > 0) {
            left = time(i, inst.pred_cost[first], inst.latency(first, false));
            right = time(e - i, inst.succ_cost[last], inst.latency(last, true));
          } else {
            left = time(i, inst.succ_cost[before], inst.latency(before, true));
            right = time(e - i, inst.pred_cost[after], inst.latency(after, false));
          }
          term = std::min(term, std::max(left, right));
        }
        want = std::max(want, term);
      }
    ASSERT_EQ(latency_lemma12_bound(inst, prefix), want) << testing::describe_ring(inst);
    // Looked for above a known value: exact below it, valid (never above Lemma 12) above it.
    if (want > 0) ASSERT_EQ(latency_lemma12_bound(inst, prefix, want - 1), want);
    ASSERT_LE(latency_lemma12_bound(inst, prefix, want + 5), want);
  }
}

TEST(LatencyBounds, WithoutStartUpsTheBoundsAreDocument000s) {
  Rng rng(10);
  for (int trial = 0; trial < 500; ++trial) {
    RingInstance inst = testing::small_latency_ring(
        rng, rng.uniform(0, 1) ? RingKind::bidirectional : RingKind::unidirectional, 9, 20, 40);
    const RingBounds with = ring_lower_bounds(inst);
    for (auto& l : inst.succ_latency) l = 0;
    for (auto& l : inst.pred_latency) l = 0;
    const RingBounds zero_lists = ring_lower_bounds(inst);
    inst.succ_latency.clear();
    inst.pred_latency.clear();
    const RingBounds none = ring_lower_bounds(inst);
    ASSERT_EQ(zero_lists.best, none.best);
    ASSERT_EQ(zero_lists.terms.size(), none.terms.size());
    EXPECT_FALSE(with.terms.empty());
  }
}

}  // namespace
}  // namespace redist::ring
