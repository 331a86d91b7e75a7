// All-port ring (document 002): our optimal search (lau/optimal.hpp) against the document's window
// search (lau/window_search.hpp, Fig. 9) in the same run.
//   n = 50, loads uniform in 0..200 (Table 4's largest row): time per instance, from the loads
//     (S_i, Traffic, deficits / profiles, the search); goal < 20 us for ours.
//   n = 10^6, loads uniform in 0..10^6: ours end to end; the window search cannot finish (its
//   window
//     holds ~10^8 shifts), so it is measured per shift evaluated and multiplied by its window size
//     (counter est_window_search_s); goal: ours < 1 s and >= 100x faster.
#include <benchmark/benchmark.h>

#include <vector>

#include "redist/lau/generator.hpp"
#include "redist/lau/optimal.hpp"
#include "redist/lau/window_search.hpp"

namespace {

using namespace redist;

const std::vector<sim::AllportInstance>& table4_instances() {
  static const std::vector<sim::AllportInstance> instances = [] {
    Rng rng(4);
    std::vector<sim::AllportInstance> out;
    for (int k = 0; k < 1000; ++k)
      out.push_back(sim::allport_instance(lau::random_lau_loads(rng, 50, 200, true)));
    return out;
  }();
  return instances;
}

const sim::AllportInstance& million_instance() {
  static const sim::AllportInstance instance = [] {
    Rng rng(6);
    return sim::allport_instance(lau::random_lau_loads(rng, 1'000'000, 1'000'000, false));
  }();
  return instance;
}

template <class Solve>
void per_instance(benchmark::State& state, Solve solve) {
  const auto& instances = table4_instances();
  std::size_t k = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(solve(instances[k]));
    k = k + 1 == instances.size() ? 0 : k + 1;
  }
  state.SetItemsProcessed(state.iterations());
}

void BM_n50_ours_single(benchmark::State& state) {
  per_instance(state, [](const sim::AllportInstance& i) {
    return lau::optimal_shift(sim::ShiftEvaluator(i), sim::SendMode::single).shift;
  });
}
void BM_n50_window_search_single(benchmark::State& state) {
  per_instance(state, [](const sim::AllportInstance& i) {
    return lau::window_search(sim::ShiftEvaluator(i), sim::SendMode::single).shift;
  });
}
void BM_n50_ours_multi(benchmark::State& state) {
  per_instance(state, [](const sim::AllportInstance& i) {
    return lau::optimal_shift(sim::ShiftEvaluator(i), sim::SendMode::multi).shift;
  });
}
void BM_n50_window_search_multi(benchmark::State& state) {
  per_instance(state, [](const sim::AllportInstance& i) {
    return lau::window_search(sim::ShiftEvaluator(i), sim::SendMode::multi).shift;
  });
}

void ours_million(benchmark::State& state, sim::SendMode mode) {
  const sim::AllportInstance& inst = million_instance();
  std::int64_t time = 0;
  for (auto _ : state) {
    const lau::OptimalShift best = lau::optimal_shift(sim::ShiftEvaluator(inst), mode);
    time = best.time.steps;
    benchmark::DoNotOptimize(best.shift);
  }
  state.counters["T_optimal"] = static_cast<double>(time);
}

// One O(n) evaluation of the window search's inner loop, times the window it would scan.
void window_million(benchmark::State& state, sim::SendMode mode) {
  const sim::AllportInstance& inst = million_instance();
  const sim::ShiftEvaluator eval(inst);
  const std::int64_t start = lau::traffic_shift(eval.base(), lau::TrafficRule::printed);
  const lau::DeficitWindow window = lau::deficit_window(eval, start);
  std::int64_t h = window.d_min;
  for (auto _ : state) {
    benchmark::DoNotOptimize(eval.time(mode, start - h));
    h = h == window.d_max ? window.d_min : h + 1;
  }
  state.counters["window_shifts"] = static_cast<double>(window.size());
  // (elapsed / iterations) * window = 1 / rate of (iterations / window).
  state.counters["est_window_search_s"] = benchmark::Counter(
      static_cast<double>(state.iterations()) / static_cast<double>(window.size()),
      benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
}

void BM_n1M_ours_single(benchmark::State& state) { ours_million(state, sim::SendMode::single); }
void BM_n1M_ours_multi(benchmark::State& state) { ours_million(state, sim::SendMode::multi); }
void BM_n1M_window_search_single_per_shift(benchmark::State& state) {
  window_million(state, sim::SendMode::single);
}
void BM_n1M_window_search_multi_per_shift(benchmark::State& state) {
  window_million(state, sim::SendMode::multi);
}

}  // namespace

BENCHMARK(BM_n50_ours_single);
BENCHMARK(BM_n50_window_search_single);
BENCHMARK(BM_n50_ours_multi);
BENCHMARK(BM_n50_window_search_multi);
BENCHMARK(BM_n1M_ours_single)->Unit(benchmark::kMillisecond)->MinTime(2.0);
BENCHMARK(BM_n1M_ours_multi)->Unit(benchmark::kMillisecond)->MinTime(2.0);
BENCHMARK(BM_n1M_window_search_single_per_shift)->Unit(benchmark::kMillisecond)->MinTime(2.0);
BENCHMARK(BM_n1M_window_search_multi_per_shift)->Unit(benchmark::kMillisecond)->MinTime(2.0);
