// Throughput of the exact validator and of the lower bounds (issue "Foundation"), each next to a
// baseline measured in the same run:
//   validator  vs an item-by-item event sweep (what a straightforward validator does);
//   Lemma 12   closed-form inner minimum + screening vs the literal loop over every split i.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <vector>

#include "redist/core/flow.hpp"
#include "redist/ring/bounds.hpp"
#include "redist/ring/generator.hpp"
#include "redist/sim/ring_validator.hpp"

namespace {

using namespace redist;

// A relay P0 -> P1 -> ... -> P_{n-1}: B batches in total, `items` items per batch.
std::pair<RingInstance, Schedule> relay(std::int64_t batches_per_link, std::int64_t items) {
  const std::size_t n = 8;
  RingInstance inst;
  const std::int64_t total = batches_per_link * items;
  inst.loads.assign(n, 1);
  inst.targets.assign(n, 1);
  inst.loads[0] += total;
  inst.targets[n - 1] += total;
  inst.succ_cost.assign(n, 1);
  Schedule s;
  for (std::size_t p = 0; p + 1 < n; ++p)
    for (std::int64_t b = 0; b < batches_per_link; ++b)
      s.transfers.push_back({static_cast<std::int64_t>(p), static_cast<std::int64_t>(p + 1), items,
                             static_cast<Ticks>(b * items + static_cast<std::int64_t>(p)),
                             std::nullopt});
  return {inst, s};
}

// Baseline: one event per item, sorted, holdings swept (only feasible for small item counts).
bool item_sweep(const RingInstance& inst, const Schedule& s) {
  std::vector<std::vector<std::pair<Ticks, int>>> events(inst.size());
  for (const auto& t : s.transfers)
    for (std::int64_t m = 1; m <= t.items; ++m) {
      events[static_cast<std::size_t>(t.from)].push_back({t.start + (m - 1), 1});
      events[static_cast<std::size_t>(t.to)].push_back({t.start + m, 0});
    }
  bool ok = true;
  for (std::size_t p = 0; p < inst.size(); ++p) {
    std::sort(events[p].begin(), events[p].end());
    std::int64_t held = inst.loads[p];
    for (const auto& e : events[p]) ok &= (held += e.second == 0 ? 1 : -1) >= 0;
  }
  return ok;
}

void BM_Validator(benchmark::State& state) {
  const auto [inst, s] = relay(state.range(0) / 7, state.range(1));
  for (auto _ : state) benchmark::DoNotOptimize(sim::validate_ring_schedule(inst, s).valid);
  state.counters["batches"] = static_cast<double>(s.transfers.size());
  state.counters["items_moved"] =
      static_cast<double>(s.transfers.size()) * static_cast<double>(state.range(1));
}
BENCHMARK(BM_Validator)
    ->Args({1000, 10})
    ->Args({1000, 1000})
    ->Args({100000, 10})
    ->Args({100000, 10000000})
    ->Unit(benchmark::kMillisecond);

void BM_ItemSweepBaseline(benchmark::State& state) {
  const auto [inst, s] = relay(state.range(0) / 7, state.range(1));
  for (auto _ : state) benchmark::DoNotOptimize(item_sweep(inst, s));
}
BENCHMARK(BM_ItemSweepBaseline)
    ->Args({1000, 10})
    ->Args({1000, 1000})
    ->Args({100000, 10})
    ->Unit(benchmark::kMillisecond);

RingInstance het_bi(std::size_t n) {
  ring::RingGenOptions opt;
  opt.n = n;
  opt.kind = RingKind::bidirectional;
  opt.heterogeneous = true;
  opt.max_load = 1000;
  opt.seed = 42;
  return ring::generate_ring_instance(opt);
}

void BM_Lemma12(benchmark::State& state) {
  const auto inst = het_bi(static_cast<std::size_t>(state.range(0)));
  for (auto _ : state) benchmark::DoNotOptimize(ring::lemma12_bound(inst));
}
BENCHMARK(BM_Lemma12)->Arg(1000)->Arg(20000)->Arg(100000)->Unit(benchmark::kMillisecond);

// Baseline: Lemma 12 as printed, every slice and every split i (tiny loads keep it finite).
void BM_Lemma12LiteralBaseline(benchmark::State& state) {
  ring::RingGenOptions opt;
  opt.n = static_cast<std::size_t>(state.range(0));
  opt.kind = RingKind::bidirectional;
  opt.heterogeneous = true;
  opt.max_load = 20;
  opt.seed = 42;
  const auto inst = ring::generate_ring_instance(opt);
  const auto prefix = prefix_sums(inst.imbalances());
  const std::size_t n = inst.size();
  for (auto _ : state) {
    Ticks best = 0;
    for (std::size_t k = 0; k < n; ++k)
      for (std::size_t l = 1; l + 2 <= n; ++l) {
        const std::int64_t d = slice_imbalance(prefix, k, (k + l) % n);
        const std::int64_t dd = d < 0 ? -d : d;
        const std::int64_t a = d > 0 ? inst.pred_cost[k] : inst.succ_cost[(k + n - 1) % n];
        const std::int64_t b =
            d > 0 ? inst.succ_cost[(k + l) % n] : inst.pred_cost[(k + l + 1) % n];
        Ticks inner = static_cast<Ticks>(dd) * std::max(a, b);
        for (std::int64_t i = 0; i <= dd; ++i)
          inner = std::min<Ticks>(inner, std::max<Ticks>(i * a, (dd - i) * b));
        best = std::max(best, inner);
      }
    benchmark::DoNotOptimize(best);
  }
}
BENCHMARK(BM_Lemma12LiteralBaseline)->Arg(1000)->Arg(4000)->Unit(benchmark::kMillisecond);

void BM_Lemma12SameInstanceLiteralSize(benchmark::State& state) {
  ring::RingGenOptions opt;
  opt.n = static_cast<std::size_t>(state.range(0));
  opt.kind = RingKind::bidirectional;
  opt.heterogeneous = true;
  opt.max_load = 20;
  opt.seed = 42;
  const auto inst = ring::generate_ring_instance(opt);
  for (auto _ : state) benchmark::DoNotOptimize(ring::lemma12_bound(inst));
}
BENCHMARK(BM_Lemma12SameInstanceLiteralSize)->Arg(1000)->Arg(4000)->Unit(benchmark::kMillisecond);

void BM_UnidirectionalAndLemma6(benchmark::State& state) {
  ring::RingGenOptions opt;
  opt.n = static_cast<std::size_t>(state.range(0));
  opt.kind = RingKind::bidirectional;
  opt.max_load = 1'000'000'000;
  opt.seed = 7;
  const auto inst = ring::generate_ring_instance(opt);
  for (auto _ : state) benchmark::DoNotOptimize(ring::lemma6_bound(inst));
}
BENCHMARK(BM_UnidirectionalAndLemma6)->Arg(1'000'000)->Unit(benchmark::kMillisecond);

}  // namespace
