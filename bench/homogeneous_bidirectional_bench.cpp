// Homogeneous bidirectional planner (document 000 section 5) next to two step-by-step renderings
// measured in the same run:
//   ours                closed-form batches per link, O(n) whatever the number of steps tau;
//   StepRules           the same rules applied one unit step at a time, O(n) per step;
//   QuadraticPerStep    what a literal rendering of the printed Algorithm 3 costs: every step it
//                       recomputes the imbalance of all O(n^2) slices of the remaining state (its
//                       step 1 and its slice rules), then applies the rules of one step.
// Instances: prefix sums S_i follow a random walk kept in [-T, T], so Lemma 6 is about T steps
// (the document's delta_max), and every load and target is >= 1.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <vector>

#include "redist/core/flow.hpp"
#include "redist/core/random.hpp"
#include "redist/ring/bounds.hpp"
#include "ring/homogeneous_bidirectional.hpp"

namespace {

using namespace redist;

RingInstance walk_ring(std::size_t n, std::int64_t t, std::uint64_t seed) {
  Rng rng(seed);
  RingInstance inst;
  inst.kind = RingKind::bidirectional;
  inst.loads.resize(n);
  inst.targets.resize(n);
  std::int64_t s = 0;
  for (std::size_t i = 0; i < n; ++i) {
    const std::int64_t next = i + 1 == n ? 0 : std::clamp(s + rng.uniform(-t, t), -t, t);
    const std::int64_t delta = next - s;
    s = next;
    inst.loads[i] = 1 + std::max<std::int64_t>(delta, 0) + rng.uniform(0, t);
    inst.targets[i] = inst.loads[i] - delta;
  }
  inst.succ_cost.assign(n, 1);
  inst.pred_cost.assign(n, 1);
  return inst;
}

// The construction's rules, one unit step at a time (shift and orientation as the planner picks
// them: succ first). `slice_scan` adds the printed algorithm's per-step O(n^2) slice recomputation.
std::size_t step_rules(const RingInstance& inst, std::int64_t x, bool slice_scan) {
  const std::size_t n = inst.size();
  std::vector<std::int64_t> rem = flows_for_shift(prefix_sums(inst.imbalances()), x),
                            held = inst.loads;
  const auto prev = [n](std::size_t i) { return i == 0 ? n - 1 : i - 1; };
  const auto next = [n](std::size_t i) { return i + 1 == n ? 0 : i + 1; };
  std::vector<int> offer(n);
  std::vector<std::int64_t> excess(n);
  std::size_t steps = 0, moves = 0;
  while (std::any_of(rem.begin(), rem.end(), [](std::int64_t f) { return f != 0; })) {
    ++steps;
    if (slice_scan) {  // max |delta(k..l)| over all slices of the remaining imbalances
      for (std::size_t i = 0; i < n; ++i) excess[i] = held[i] - inst.targets[i];
      std::int64_t widest = 0;
      for (std::size_t k = 0; k < n; ++k) {
        std::int64_t sum = 0;
        for (std::size_t len = 1; len < n; ++len) {
          sum += excess[(k + len - 1) % n];
          widest = std::max(widest, sum < 0 ? -sum : sum);
        }
      }
      benchmark::DoNotOptimize(widest);
    }
    for (std::size_t i = 0; i < n; ++i) {  // +1: to P_{i+1}, -1: to P_{i-1}
      const bool source = rem[prev(i)] <= 0 && rem[i] >= 0;
      const int side = rem[i] > 0 ? 1 : rem[prev(i)] < 0 ? -1 : 0;
      offer[i] = source || held[i] >= 1 ? side : 0;
    }
    for (std::size_t i = 0; i < n; ++i) {  // a sink prefers its predecessor
      std::size_t from = n;
      if (offer[prev(i)] == 1)
        from = prev(i);
      else if (offer[next(i)] == -1)
        from = next(i);
      if (from == n) continue;
      --held[from];
      ++held[i];
      if (from == prev(i))
        --rem[from];
      else
        ++rem[i];
      ++moves;
    }
  }
  return steps + moves;
}

std::int64_t planner_shift(const RingInstance& inst) {
  return *ring::plan_homogeneous_bidirectional(inst).flow_shift;
}

void BM_Ours(benchmark::State& state) {
  const RingInstance inst = walk_ring(static_cast<std::size_t>(state.range(0)), state.range(1), 42);
  std::size_t batches = 0;
  for (auto _ : state) batches = ring::plan_homogeneous_bidirectional(inst).transfers.size();
  state.counters["lemma6_steps"] = static_cast<double>(ring::lemma6_bound(inst));
  state.counters["batches"] = static_cast<double>(batches);
}
BENCHMARK(BM_Ours)
    ->Args({1000, 10})
    ->Args({1000, 1000})
    ->Args({1000, 1'000'000'000})
    ->Args({1'000'000, 500'000'000})
    ->Unit(benchmark::kMillisecond);

void BM_StepRules(benchmark::State& state) {
  const RingInstance inst = walk_ring(static_cast<std::size_t>(state.range(0)), state.range(1), 42);
  const std::int64_t x = planner_shift(inst);
  for (auto _ : state) benchmark::DoNotOptimize(step_rules(inst, x, false));
  state.counters["lemma6_steps"] = static_cast<double>(ring::lemma6_bound(inst));
}
BENCHMARK(BM_StepRules)
    ->Args({1000, 10})
    ->Args({1000, 1000})
    ->Args({1000, 100'000})
    ->Unit(benchmark::kMillisecond);

void BM_QuadraticPerStep(benchmark::State& state) {
  const RingInstance inst = walk_ring(static_cast<std::size_t>(state.range(0)), state.range(1), 42);
  const std::int64_t x = planner_shift(inst);
  for (auto _ : state) benchmark::DoNotOptimize(step_rules(inst, x, true));
  state.counters["lemma6_steps"] = static_cast<double>(ring::lemma6_bound(inst));
}
BENCHMARK(BM_QuadraticPerStep)
    ->Args({1000, 10})
    ->Args({1000, 1000})
    ->Unit(benchmark::kMillisecond)
    ->Iterations(1);

}  // namespace
