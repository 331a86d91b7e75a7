// Document 004's closed forms (section 1.1: scatter, pipelined broadcast) as special cases of the
// ring planner with start-ups: the formulas recomputed here independently, the ring layer's
// pipeline rule (ring/pipeline.hpp) against them and against every piece count, and plans of rings
// where one processor sends to the others reproducing or beating them (docs/latency.md).

#include <gtest/gtest.h>

#include <cmath>

#include "redist/ring/pipeline.hpp"
#include "redist/ring/plan.hpp"

namespace redist::ring {
namespace {

// A unidirectional homogeneous ring of p processors, start-up L and per-item time b on every link.
RingInstance chain_ring(std::int64_t p, std::int64_t latency, std::int64_t b) {
  RingInstance inst;
  inst.loads.assign(static_cast<std::size_t>(p), 0);
  inst.targets.assign(static_cast<std::size_t>(p), 0);
  inst.succ_cost.assign(static_cast<std::size_t>(p), b);
  inst.succ_latency.assign(static_cast<std::size_t>(p), latency);
  return inst;
}

TEST(Document004, ClosedFormsRecomputed) {
  // p = 6, L = 4, m = 100, b = 1: (p + r - 2)(L + m b / r) at r = 10 is 14 x 14 = 196.
  EXPECT_DOUBLE_EQ(document004_pipelined_broadcast(6, 10, 4, 100, 1), 196.0);
  // r* = sqrt(m (p - 2) b / L) = sqrt(100) = 10; least time (sqrt(16) + sqrt(100))^2 = 196.
  EXPECT_DOUBLE_EQ(document004_best_pieces(6, 4, 100, 1), 10.0);
  EXPECT_DOUBLE_EQ(document004_best_broadcast(6, 4, 100, 1), 196.0);
  EXPECT_DOUBLE_EQ(document004_scatter(6, 4, 100, 1), 5 * 104.0);
  // r* minimises the real function: a scan over r never goes below the closed form.
  for (const double p : {3.0, 5.0, 17.0})
    for (const double latency : {0.5, 3.0, 40.0}) {
      const double best = document004_best_broadcast(p, latency, 250, 2);
      const double r_star = document004_best_pieces(p, latency, 250, 2);
      EXPECT_NEAR(document004_pipelined_broadcast(p, r_star, latency, 250, 2), best, 1e-9 * best);
      for (double r = 1; r <= 250; r += 0.25)
        EXPECT_GE(document004_pipelined_broadcast(p, r, latency, 250, 2), best * (1 - 1e-12));
    }
}

TEST(Document004, PipelineRuleIsTheBestWholePieceCount) {
  for (const std::int64_t hops : {1, 2, 5, 12})
    for (const Ticks latency : {Ticks{0}, Ticks{1}, Ticks{7}, Ticks{300}})
      for (const std::int64_t m : {1, 9, 64, 1000}) {
        const Ticks c = 3;
        const PipelinePieces best = best_pipeline_pieces(m, hops, latency, c);
        const Ticks t = pipeline_time(m, hops, best.pieces, latency, c);
        for (std::int64_t r = 1; r <= m; ++r)
          ASSERT_LE(t, pipeline_time(m, hops, r, latency, c))
              << "m " << m << " hops " << hops << " L " << static_cast<long long>(latency) << " r "
              << r;
        // Where r divides m the time is document 004's formula with p - 1 = hops.
        for (std::int64_t r = 1; r <= m; ++r)
          if (m % r == 0)
            ASSERT_DOUBLE_EQ(static_cast<double>(pipeline_time(m, hops, r, latency, c)),
                             document004_pipelined_broadcast(
                                 static_cast<double>(hops + 1), static_cast<double>(r),
                                 static_cast<double>(latency), static_cast<double>(m), 3.0));
        // Whole pieces never beat the real optimum.
        if (latency > 0 && hops > 1)
          EXPECT_GE(static_cast<double>(t) * (1 + 1e-12),
                    document004_best_broadcast(static_cast<double>(hops + 1),
                                               static_cast<double>(latency), static_cast<double>(m),
                                               3.0));
      }
}

// m items from P_0 to P_{p-1}, p - 1 hops through empty relays: document 004's pipelined transfer.
// The planner's validated plan takes at most the best whole-piece pipeline time.
TEST(Document004, RelayChainPlanReproducesThePipelinedBroadcast) {
  for (const std::int64_t p : {3, 4, 6, 9})
    for (const std::int64_t latency : {0, 2, 10, 50, 400})
      for (const std::int64_t m : {1, 8, 30}) {
        RingInstance inst = chain_ring(p, latency, 2);
        inst.loads[0] = m;
        inst.targets[static_cast<std::size_t>(p - 1)] = m;
        if (latency == 0) inst.succ_latency.clear();
        const RingPlan plan = plan_ring(inst);  // validated by plan_ring
        const PipelinePieces best = best_pipeline_pieces(m, p - 1, Ticks{latency}, Ticks{2});
        const Ticks formula = pipeline_time(m, p - 1, best.pieces, Ticks{latency}, Ticks{2});
        EXPECT_LE(*plan.schedule.makespan, formula)
            << "p " << p << " L " << latency << " m " << m << " pieces " << best.pieces;
        EXPECT_GE(*plan.schedule.makespan, plan.bounds.best);
      }
}

// P_0 holds m items for each of the p - 1 others (a scatter): at most (p - 1)(L + m b), the time of
// P_0 sending the p - 1 messages one after the other (farthest first, relays forwarding).
TEST(Document004, ScatterPlanReproducesOrBeatsTheClosedForm) {
  for (const std::int64_t p : {3, 4, 6, 8})
    for (const std::int64_t latency : {0, 3, 20, 500})
      for (const std::int64_t m : {1, 5, 12}) {
        RingInstance inst = chain_ring(p, latency, 3);
        inst.loads[0] = (p - 1) * m;
        for (std::size_t i = 1; i < inst.targets.size(); ++i) inst.targets[i] = m;
        if (latency == 0) inst.succ_latency.clear();
        const RingPlan plan = plan_ring(inst);
        const double closed = document004_scatter(
            static_cast<double>(p), static_cast<double>(latency), static_cast<double>(m), 3.0);
        EXPECT_LE(static_cast<double>(*plan.schedule.makespan), closed)
            << "p " << p << " L " << latency << " m " << m;
      }
}

}  // namespace
}  // namespace redist::ring
