// System 6 of document 000 (heterogeneous bidirectional rings), each next to a baseline in the same
// run:
//   solver      the flow-shift envelope solver vs GLPK's simplex on System 6 as printed (n = 10^4),
//               same instances, same optimum (checked every run);
//   light plan  solver + Lemma 9 schedule at n = 10^6, loads up to 10^9, vs an integer-only
//   baseline
//               (binary search on x with the subgradient: tau_int but no rational optimum).
#include <benchmark/benchmark.h>

#include <cmath>

#include "redist/core/flow.hpp"
#include "redist/ring/generator.hpp"
#include "redist/sim/ring_validator.hpp"
#include "ring/system6.hpp"
#include "unit/system6_glpk.hpp"

namespace {

using namespace redist;

RingInstance instance(std::size_t n, std::int64_t max_load, bool light, std::uint64_t seed) {
  ring::RingGenOptions opt;
  opt.n = n;
  opt.kind = RingKind::bidirectional;
  opt.heterogeneous = true;
  opt.max_load = max_load;
  opt.max_cost = 100;
  opt.light = light;
  opt.seed = seed;
  return ring::generate_ring_instance(opt);
}

double rational(const ring::RationalTime& t) {
  return static_cast<double>(t.num) / static_cast<double>(t.den);
}

// Arguments: n, seed. Heavy (non-light) instances, loads up to 1000: the LP is the same either way.
void BM_System6Ours(benchmark::State& state) {
  const auto inst = instance(static_cast<std::size_t>(state.range(0)), 1000, false,
                             static_cast<std::uint64_t>(state.range(1)));
  ring::System6Solution s;
  for (auto _ : state) benchmark::DoNotOptimize(s = ring::solve_system6(inst));
  state.counters["tau_star"] = rational(*s.rational_optimum);
  state.counters["tau_int"] = static_cast<double>(s.integer_optimum);
}
BENCHMARK(BM_System6Ours)
    ->Args({10000, 1})
    ->Args({10000, 2})
    ->Args({10000, 3})
    ->Unit(benchmark::kMillisecond);

void BM_System6GlpkSimplex(benchmark::State& state) {
  const auto inst = instance(static_cast<std::size_t>(state.range(0)), 1000, false,
                             static_cast<std::uint64_t>(state.range(1)));
  std::optional<double> lp;
  for (auto _ : state)
    benchmark::DoNotOptimize(lp = testing::glpk_system6(inst, testing::GlpkMethod::simplex));
  const double ours = rational(*ring::solve_system6(inst).rational_optimum);
  if (!lp || std::abs(*lp - ours) > 1e-6 * std::max(1.0, ours))
    state.SkipWithError("GLPK and ours disagree");
  state.counters["tau_star"] = lp.value_or(-1);
}
BENCHMARK(BM_System6GlpkSimplex)
    ->Args({10000, 1})
    ->Args({10000, 2})
    ->Args({10000, 3})
    ->Unit(benchmark::kMillisecond)
    ->Iterations(1);

// Solver + Lemma 9 schedule on a light instance: the whole light plan.
void BM_LightPlan(benchmark::State& state) {
  const auto inst = instance(static_cast<std::size_t>(state.range(0)), 1'000'000'000, true, 7);
  Schedule schedule;
  for (auto _ : state) {
    const auto s = ring::solve_system6(inst);
    if (!s.integer_shift_light) state.SkipWithError("not light");
    benchmark::DoNotOptimize(schedule = ring::lemma9_schedule(inst, s.integer_shift, s));
  }
  state.counters["batches"] = static_cast<double>(schedule.transfers.size());
  state.counters["makespan"] = static_cast<double>(*schedule.makespan);
}
BENCHMARK(BM_LightPlan)->Arg(10000)->Arg(100000)->Arg(1000000)->Unit(benchmark::kMillisecond);

// Baseline: tau_int only, by binary search on integer x in [-max S, -min S] comparing tau(x),
// tau(x+1).
Ticks integer_binary_search(const RingInstance& inst) {
  const auto prefix = prefix_sums(inst.imbalances());
  const auto [lo_s, hi_s] = std::minmax_element(prefix.begin(), prefix.end());
  std::int64_t lo = -*hi_s, hi = -*lo_s;
  while (lo < hi) {
    const std::int64_t mid = lo + (hi - lo) / 2;
    if (ring::system6_time(inst, mid + 1) >= ring::system6_time(inst, mid))
      hi = mid;
    else
      lo = mid + 1;
  }
  return ring::system6_time(inst, lo);
}

void BM_IntegerBinarySearchBaseline(benchmark::State& state) {
  const auto inst = instance(static_cast<std::size_t>(state.range(0)), 1'000'000'000, true, 7);
  Ticks tau = 0;
  for (auto _ : state) benchmark::DoNotOptimize(tau = integer_binary_search(inst));
  if (tau != ring::solve_system6(inst).integer_optimum) state.SkipWithError("baseline disagrees");
}
BENCHMARK(BM_IntegerBinarySearchBaseline)
    ->Arg(10000)
    ->Arg(100000)
    ->Arg(1000000)
    ->Unit(benchmark::kMillisecond);

// For scale: validating the n = 10^6 Lemma 9 schedule with the exact validator.
void BM_ValidateLightPlan(benchmark::State& state) {
  const auto inst = instance(static_cast<std::size_t>(state.range(0)), 1'000'000'000, true, 7);
  const auto s = ring::solve_system6(inst);
  const auto schedule = ring::lemma9_schedule(inst, s.integer_shift, s);
  for (auto _ : state) {
    const auto verdict = sim::validate_ring_schedule(inst, schedule);
    if (!verdict.valid || verdict.makespan != s.integer_optimum) state.SkipWithError("invalid");
  }
}
BENCHMARK(BM_ValidateLightPlan)->Arg(1000000)->Unit(benchmark::kMillisecond);

}  // namespace
