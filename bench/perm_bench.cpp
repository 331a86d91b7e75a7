// Permutation redistribution (document 003), each measurement next to a baseline in the same run:
//   assignment  Jonker-Volgenant (dense) and primal-dual (sparse) vs the greedy relabelling
//               heuristics (time, and their volume gap in the counters);
//   bottleneck  warm-started threshold search + Hopcroft-Karp vs the document's Algorithm 2 loop;
//   colouring   Euler-split edge colouring on pairs vs peeling one perfect matching at a time.
// Instance kinds: 0 = random balanced, D = 20 items per part (section 4.3.1, counts mostly 0/1);
// 1 = uniform dense counts in [0, 1000]; 2 = 1-D block layouts (random sizes -> balanced, N = 100
// P).
#include <benchmark/benchmark.h>

#include <map>
#include <memory>

#include "perm/hopcroft_karp.hpp"
#include "redist/core/random.hpp"
#include "redist/perm/edge_colouring.hpp"
#include "redist/perm/generator.hpp"
#include "redist/perm/greedy.hpp"
#include "redist/perm/steps.hpp"
#include "redist/perm/volume.hpp"
#include "redist/perm/weighted_matching.hpp"

namespace {

using namespace redist;
using namespace redist::perm;

PermInstance make_instance(std::size_t n, int kind) {
  if (kind == 0) {
    PermGenOptions o;
    o.processors = n;
    o.items_per_part = 20;
    o.seed = n;
    const ItemLayout l = generate_items(o);
    return PermInstance::from_items(n, l.initial, l.partition);
  }
  if (kind == 1) {
    Rng rng(n);
    std::vector<std::int64_t> c(n * n);
    for (auto& x : c) x = rng.uniform(0, 1000);
    return PermInstance::from_dense(n, c);
  }
  const auto items = static_cast<std::int64_t>(100 * n);
  return block1d_instance(random_block_sizes(n, items, n), balanced_block_sizes(n, items));
}

const PermInstance& instance(std::size_t n, int kind) {
  static std::map<std::pair<std::size_t, int>, std::unique_ptr<PermInstance>> cache;
  auto& slot = cache[{n, kind}];
  if (!slot) slot = std::make_unique<PermInstance>(make_instance(n, kind));
  return *slot;
}

const char* kind_name(int kind) {
  return kind == 0 ? "random-D20" : kind == 1 ? "dense-uniform" : "block1d";
}

std::int64_t optimal_volume(const PermInstance& inst) {
  static std::map<const PermInstance*, std::int64_t> cache;
  auto it = cache.find(&inst);
  if (it == cache.end())
    it = cache.emplace(&inst, solve_min_volume(inst, {MatchingMethod::automatic, false}).volume)
             .first;
  return it->second;
}

void report_volume(benchmark::State& state, const PermInstance& inst, std::int64_t volume,
                   int kind) {
  const std::int64_t best = optimal_volume(inst);
  state.counters["volume"] = static_cast<double>(volume);
  state.counters["gap_pct"] =
      best > 0 ? 100.0 * static_cast<double>(volume - best) / static_cast<double>(best) : 0.0;
  state.SetLabel(kind_name(kind));
}

// ---- assignment ---------------------------------------------------------------------------------

void BM_AssignDenseJV(benchmark::State& state) {
  const auto n = static_cast<std::size_t>(state.range(0));
  const int kind = static_cast<int>(state.range(1));
  const WeightedGraph g = kept_items_graph(instance(n, kind));
  WeightedMatching m;
  for (auto _ : state) benchmark::DoNotOptimize(m = max_weight_matching_dense(g));
  report_volume(state, instance(n, kind),
                instance(n, kind).total_items() - static_cast<std::int64_t>(m.weight), kind);
}

void BM_AssignSparse(benchmark::State& state) {
  const auto n = static_cast<std::size_t>(state.range(0));
  const int kind = static_cast<int>(state.range(1));
  const WeightedGraph g = kept_items_graph(instance(n, kind));
  WeightedMatching m;
  for (auto _ : state) benchmark::DoNotOptimize(m = max_weight_matching_sparse(g));
  report_volume(state, instance(n, kind),
                instance(n, kind).total_items() - static_cast<std::int64_t>(m.weight), kind);
}

template <Assignment (*Heuristic)(const PermInstance&)>
void BM_AssignGreedy(benchmark::State& state) {
  const auto n = static_cast<std::size_t>(state.range(0));
  const int kind = static_cast<int>(state.range(1));
  const PermInstance& inst = instance(n, kind);
  Assignment a;
  for (auto _ : state) benchmark::DoNotOptimize(a = Heuristic(inst));
  report_volume(state, inst, redistribution_volume(inst, a), kind);
}

void dense_args(benchmark::internal::Benchmark* b) {
  for (int kind : {0, 1})
    for (long n : {1024, 4096}) b->Args({n, kind});
  b->Args({4096, 2});
}
void sparse_args(benchmark::internal::Benchmark* b) {
  for (long n : {1024, 4096, 10000, 30000, 100000}) b->Args({n, 0});
  for (long n : {4096, 100000, 1000000}) b->Args({n, 2});
}
void all_args(benchmark::internal::Benchmark* b) {
  dense_args(b);
  b->Args({100000, 0});
  for (long n : {100000, 1000000}) b->Args({n, 2});
}

// The whole public call: graph, solver, certificate-based tie-break (fewest steps among min
// volume).
void BM_SolveMinVolume(benchmark::State& state) {
  const PermInstance& inst =
      instance(static_cast<std::size_t>(state.range(0)), static_cast<int>(state.range(1)));
  PermSolution s;
  for (auto _ : state) benchmark::DoNotOptimize(s = solve_min_volume(inst));
  state.counters["volume"] = static_cast<double>(s.volume);
  state.counters["steps"] = static_cast<double>(s.steps);
  state.SetLabel(kind_name(static_cast<int>(state.range(1))));
}

BENCHMARK(BM_SolveMinVolume)
    ->Args({4096, 0})
    ->Args({4096, 1})
    ->Args({100000, 2})
    ->Unit(benchmark::kMillisecond);
BENCHMARK(BM_AssignDenseJV)->Apply(dense_args)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_AssignSparse)->Apply(sparse_args)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_AssignGreedy<greedy_sorted_overlaps>)->Apply(all_args)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_AssignGreedy<greedy_path_growing>)->Apply(all_args)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_AssignGreedy<greedy_by_part>)->Apply(all_args)->Unit(benchmark::kMillisecond);

// ---- bottleneck ---------------------------------------------------------------------------------

void BM_StepsThreshold(benchmark::State& state) {
  const PermInstance& inst =
      instance(static_cast<std::size_t>(state.range(0)), static_cast<int>(state.range(1)));
  PermSolution s;
  for (auto _ : state) benchmark::DoNotOptimize(s = solve_min_steps(inst, {false}));
  state.counters["steps"] = static_cast<double>(s.steps);
  state.SetLabel(kind_name(static_cast<int>(state.range(1))));
}

void BM_StepsThresholdMinVolume(benchmark::State& state) {
  const PermInstance& inst =
      instance(static_cast<std::size_t>(state.range(0)), static_cast<int>(state.range(1)));
  PermSolution s;
  for (auto _ : state) benchmark::DoNotOptimize(s = solve_min_steps(inst, {true}));
  state.counters["steps"] = static_cast<double>(s.steps);
  state.counters["volume"] = static_cast<double>(s.volume);
  state.SetLabel(kind_name(static_cast<int>(state.range(1))));
}

void BM_StepsPruningBaseline(benchmark::State& state) {
  const PermInstance& inst =
      instance(static_cast<std::size_t>(state.range(0)), static_cast<int>(state.range(1)));
  PermSolution s;
  for (auto _ : state) benchmark::DoNotOptimize(s = solve_min_steps_pruning(inst));
  state.counters["steps"] = static_cast<double>(s.steps);
  state.SetLabel(kind_name(static_cast<int>(state.range(1))));
}

void steps_args(benchmark::internal::Benchmark* b) {
  for (int kind : {0, 1, 2})
    for (long n : {256, 512}) b->Args({n, kind});
}
BENCHMARK(BM_StepsThreshold)->Apply(steps_args)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_StepsThresholdMinVolume)->Apply(steps_args)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_StepsPruningBaseline)->Apply(steps_args)->Unit(benchmark::kMillisecond);

// ---- colouring ----------------------------------------------------------------------------------

// P = 1024, N items drawn like section 4.3.1 (random balanced), placed by the min-volume
// assignment.
const std::vector<PairDemand>& colouring_demand(std::int64_t items) {
  static std::map<std::int64_t, std::vector<PairDemand>> cache;
  auto& d = cache[items];
  if (d.empty()) {
    PermGenOptions o;
    o.processors = 1024;
    o.items_per_part = items / 1024;
    const ItemLayout l = generate_items(o);
    const PermInstance inst = PermInstance::from_items(1024, l.initial, l.partition);
    d = transfer_demand(inst, solve_min_volume(inst).assignment);
  }
  return d;
}

// Baseline: the textbook decomposition. Pad to regular, then repeatedly find a perfect matching of
// the remaining pairs from scratch and use it min-multiplicity times.
StepSchedule peel_matchings(std::size_t n, const std::vector<PairDemand>& demand) {
  const std::int64_t degree = max_port_degree(n, demand);
  std::vector<PairDemand> edges = demand;
  std::vector<std::int64_t> send(n, degree), recv(n, degree);
  for (const auto& e : demand) send[e.src] -= e.items, recv[e.dst] -= e.items;
  const std::size_t real = edges.size();
  for (std::size_t s = 0, r = 0; s < n; ++s)
    while (send[s] > 0) {
      while (recv[r] == 0) ++r;
      const std::int64_t m = std::min(send[s], recv[r]);
      edges.push_back({static_cast<Proc>(s), static_cast<Proc>(r), m});
      send[s] -= m, recv[r] -= m;
    }
  StepSchedule out;
  for (std::int64_t left = degree; left > 0;) {
    std::vector<std::size_t> begin(n), end(n), id;
    std::vector<Proc> target;
    std::vector<std::vector<std::size_t>> by_src(n);
    for (std::size_t k = 0; k < edges.size(); ++k)
      if (edges[k].items > 0) by_src[edges[k].src].push_back(k);
    for (std::size_t s = 0; s < n; ++s) {
      begin[s] = target.size();
      for (std::size_t k : by_src[s]) target.push_back(edges[k].dst), id.push_back(k);
      end[s] = target.size();
    }
    std::vector<Proc> all(n);
    for (std::size_t s = 0; s < n; ++s) all[s] = static_cast<Proc>(s);
    HopcroftKarp hk(n, n);
    const BipartiteAdjacency adj{target, std::span<const std::size_t>(begin.data(), n), end};
    hk.augment(adj, all);
    std::int64_t r = left;
    for (std::size_t s = 0; s < n; ++s)
      r = std::min(r, edges[id[hk.slot_of_left(static_cast<Proc>(s))]].items);
    StepGroup g{r, {}};
    for (std::size_t s = 0; s < n; ++s) {
      const std::size_t k = id[hk.slot_of_left(static_cast<Proc>(s))];
      edges[k].items -= r;
      if (k < real) g.pairs.push_back({edges[k].src, edges[k].dst});
    }
    out.groups.push_back(std::move(g));
    left -= r;
  }
  return out;
}

void BM_ColourEulerSplit(benchmark::State& state) {
  const auto& demand = colouring_demand(state.range(0));
  StepSchedule s;
  for (auto _ : state) benchmark::DoNotOptimize(s = colour_transfers(1024, demand));
  state.counters["pairs"] = static_cast<double>(demand.size());
  state.counters["steps"] = static_cast<double>(s.steps());
  state.counters["groups"] = static_cast<double>(s.groups.size());
  state.counters["valid"] = check_step_schedule(1024, demand, s).valid ? 1 : 0;
}

void BM_ColourPeelingBaseline(benchmark::State& state) {
  const auto& demand = colouring_demand(state.range(0));
  StepSchedule s;
  for (auto _ : state) benchmark::DoNotOptimize(s = peel_matchings(1024, demand));
  state.counters["steps"] = static_cast<double>(s.steps());
  state.counters["groups"] = static_cast<double>(s.groups.size());
  state.counters["valid"] = check_step_schedule(1024, demand, s).valid ? 1 : 0;
}

// Every pair of P processors carries up to 10^12 items: the colouring peels matchings here (one
// group per pair at most); halving alone never finished on P = 64.
const std::vector<PairDemand>& huge_demand(std::size_t p) {
  static std::map<std::size_t, std::vector<PairDemand>> cache;
  auto& demand = cache[p];
  if (demand.empty()) {
    Rng rng(7);
    for (Proc s = 0; s < p; ++s)
      for (Proc d = 0; d < p; ++d)
        if (s != d) demand.push_back({s, d, rng.uniform(1, 1'000'000'000'000)});
  }
  return demand;
}

template <StepSchedule (*Colour)(std::size_t, const std::vector<PairDemand>&)>
void colour_huge(benchmark::State& state) {
  const auto p = static_cast<std::size_t>(state.range(0));
  const auto& demand = huge_demand(p);
  StepSchedule s;
  for (auto _ : state) benchmark::DoNotOptimize(s = Colour(p, demand));
  state.counters["groups"] = static_cast<double>(s.groups.size());
  state.counters["valid"] = check_step_schedule(p, demand, s).valid ? 1 : 0;
}

void BM_ColourHugeMultiplicities(benchmark::State& state) { colour_huge<colour_transfers>(state); }
void BM_ColourHugeMultiplicitiesBaseline(benchmark::State& state) {
  colour_huge<peel_matchings>(state);
}

BENCHMARK(BM_ColourHugeMultiplicities)->Arg(64)->Arg(256)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_ColourHugeMultiplicitiesBaseline)
    ->Arg(64)
    ->Arg(256)
    ->Unit(benchmark::kMillisecond)
    ->Iterations(1);

BENCHMARK(BM_ColourEulerSplit)
    ->Arg(100'000)
    ->Arg(1'000'000)
    ->Arg(10'000'000)
    ->Unit(benchmark::kMillisecond);
BENCHMARK(BM_ColourPeelingBaseline)
    ->Arg(100'000)
    ->Arg(1'000'000)
    ->Unit(benchmark::kMillisecond)
    ->Iterations(1);

}  // namespace
