// The general heterogeneous bidirectional planner at n = 2000 on every generator shape (loads up to
// 12, costs 1..10; plan_ring also at n = 8000): plan_ring (flow timing, then where it misses the
// bound list scheduling + local search, effort 1) next to the baseline in the same run, the
// flow-timing planner alone (plan_bidirectional_by_shifts, before the list scheduler existed).
// Counters: makespan / best lower bound - 1 for each.

#include <benchmark/benchmark.h>

#include "redist/ring/generator.hpp"
#include "redist/ring/plan.hpp"
#include "ring/shift_planners.hpp"
#include "ring/system6.hpp"

namespace {

using namespace redist;

RingInstance shaped(std::int64_t shape, std::int64_t n) {
  ring::RingGenOptions opt;
  opt.n = static_cast<std::size_t>(n);
  opt.kind = RingKind::bidirectional;
  opt.heterogeneous = true;
  opt.shape = static_cast<ring::RingShape>(shape);
  opt.max_load = 12;
  opt.max_cost = 10;
  opt.seed = 7;
  return ring::generate_ring_instance(opt);
}

double gap(Ticks makespan, Ticks bound) {
  return static_cast<double>(makespan - bound) / static_cast<double>(bound);
}

void BM_PlanRing(benchmark::State& state) {
  const RingInstance inst = shaped(state.range(0), state.range(1));
  Ticks makespan = 0, bound = 0;
  for (auto _ : state) {
    const ring::RingPlan plan = ring::plan_ring(inst);
    makespan = *plan.schedule.makespan;
    bound = plan.bounds.best;
  }
  state.SetLabel(to_string(static_cast<ring::RingShape>(state.range(0))));
  state.counters["gap"] = gap(makespan, bound);
}

void BM_FlowTimingBaseline(benchmark::State& state) {
  const RingInstance inst = shaped(state.range(0), state.range(1));
  const Ticks bound = ring::ring_lower_bounds(inst).best;
  Ticks makespan = 0;
  for (auto _ : state) {
    const auto lp = ring::solve_system6(inst);
    makespan = *ring::plan_bidirectional_by_shifts(inst, lp.integer_shift, 3).schedule.makespan;
  }
  state.SetLabel(to_string(static_cast<ring::RingShape>(state.range(0))));
  state.counters["gap"] = gap(makespan, bound);
}

// n = 8000 for plan_ring alone: how its time grows past n = 2000.
BENCHMARK(BM_PlanRing)
    ->ArgsProduct({{0, 1, 2, 3, 4, 5}, {2000, 8000}})
    ->Unit(benchmark::kMillisecond)
    ->Iterations(1);
BENCHMARK(BM_FlowTimingBaseline)
    ->ArgsProduct({{0, 1, 2, 3, 4, 5}, {2000}})
    ->Unit(benchmark::kMillisecond)
    ->Iterations(1);

}  // namespace
