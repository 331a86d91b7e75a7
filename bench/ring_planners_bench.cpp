// Unidirectional planners (document 000 Algorithms 1 and 2) and the planner facade, each next to a
// baseline in the same run: the published algorithms executed as written, item by item
// (Algorithm 1: one synchronous step at a time; Algorithm 2: every item's departure computed).
#include <benchmark/benchmark.h>

#include <algorithm>
#include <vector>

#include "redist/core/flow.hpp"
#include "redist/ring/generator.hpp"
#include "redist/ring/plan.hpp"
#include "ring/shift_planners.hpp"

namespace {

using namespace redist;

RingInstance ring(std::size_t n, std::int64_t max_load, bool het,
                  RingKind kind = RingKind::unidirectional, bool light = false) {
  ring::RingGenOptions opt;
  opt.n = n;
  opt.kind = kind;
  opt.heterogeneous = het;
  opt.max_load = max_load;
  opt.light = light;
  opt.seed = 11;
  return ring::generate_ring_instance(opt);
}

// Algorithm 2 item by item: d(m) = max(d(m-1) + c, arrival of the (m - L)-th item), every item.
Ticks algorithm2_per_item(const RingInstance& inst) {
  const auto prefix = prefix_sums(inst.imbalances());
  const std::int64_t x = unidirectional_shift(prefix);
  const std::size_t n = inst.size();
  std::size_t start = 0;
  for (std::size_t i = 0; i < n; ++i)
    if (x + prefix[i] == 0) start = (i + 1) % n;
  std::vector<Ticks> upstream, current;
  Ticks upstream_cost = 0, makespan = 0;
  for (std::size_t k = 0; k < n; ++k) {
    const std::size_t i = (start + k) % n;
    const std::int64_t f = x + prefix[i];
    const Ticks c = inst.succ_cost[i];
    current.assign(static_cast<std::size_t>(f), 0);
    for (std::int64_t m = 1; m <= f; ++m) {
      Ticks d = m > 1 ? current[static_cast<std::size_t>(m - 2)] + c : 0;
      if (m > inst.loads[i])
        d = std::max(d, upstream[static_cast<std::size_t>(m - inst.loads[i] - 1)] + upstream_cost);
      current[static_cast<std::size_t>(m - 1)] = d;
    }
    if (f > 0) makespan = std::max(makespan, current.back() + c);
    std::swap(upstream, current);
    upstream_cost = c;
  }
  return makespan;
}

void BM_PlanUnidirectional(benchmark::State& state) {
  const auto inst =
      ring(static_cast<std::size_t>(state.range(0)), state.range(1), state.range(2) != 0);
  std::size_t batches = 0;
  for (auto _ : state) {
    const auto plan = ring::plan_unidirectional(inst);
    batches = plan.schedule.transfers.size();
    benchmark::DoNotOptimize(plan.schedule.makespan);
  }
  state.counters["batches"] = static_cast<double>(batches);
}
BENCHMARK(BM_PlanUnidirectional)
    ->Args({1000, 1000, 0})
    ->Args({1000, 1000, 1})
    ->Args({1'000'000, 1'000'000'000, 0})
    ->Args({100'000, 1'000'000, 1})
    ->Unit(benchmark::kMillisecond);

void BM_Algorithm2PerItemBaseline(benchmark::State& state) {
  const auto inst =
      ring(static_cast<std::size_t>(state.range(0)), state.range(1), state.range(2) != 0);
  for (auto _ : state) benchmark::DoNotOptimize(algorithm2_per_item(inst));
}
BENCHMARK(BM_Algorithm2PerItemBaseline)
    ->Args({1000, 1000, 0})
    ->Args({1000, 1000, 1})
    ->Unit(benchmark::kMillisecond);

void BM_PlanRing(benchmark::State& state) {
  const auto kind = state.range(1) ? RingKind::bidirectional : RingKind::unidirectional;
  const auto inst = ring(static_cast<std::size_t>(state.range(0)), 1'000'000'000,
                         state.range(2) != 0, kind, state.range(2) != 0);
  for (auto _ : state) benchmark::DoNotOptimize(ring::plan_ring(inst).schedule.makespan);
}
// n = 10^6, loads up to 10^9: homogeneous uni; homogeneous bi; light heterogeneous bi.
BENCHMARK(BM_PlanRing)
    ->Args({1'000'000, 0, 0})
    ->Args({1'000'000, 1, 0})
    ->Args({1'000'000, 1, 1})
    ->Unit(benchmark::kMillisecond);

}  // namespace
