// The C++ side of bench/bindings_plan_bench.py (BENCHMARKS.md "Bindings"): ring::plan_ring on the
// arrays the Python benchmark plans, read from the raw file it wrote (int64: n, kind (1 =
// bidirectional), cost decimals, then loads, targets, succ_cost, pred_cost, n values each). Plans
// once to warm up (the process's first large allocations fault their pages in; the Python process
// has warmed up the same way), then prints the seconds of a second plan_ring call (the arrays
// already in a RingInstance) and its makespan.
//
//   bench_plan_arrays FILE

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <vector>

#include "redist/core/decimal.hpp"
#include "redist/ring/plan.hpp"

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: bench_plan_arrays FILE\n");
    return 2;
  }
  std::ifstream in(argv[1], std::ios::binary);
  const auto next = [&] {
    std::int64_t v = 0;
    in.read(reinterpret_cast<char*>(&v), sizeof v);
    return v;
  };
  const auto array = [&](std::int64_t n) {
    std::vector<std::int64_t> v(static_cast<std::size_t>(n));
    in.read(reinterpret_cast<char*>(v.data()), static_cast<std::streamsize>(n * 8));
    return v;
  };
  const std::int64_t n = next(), kind = next(), decimals = next();
  redist::RingInstance ring;
  ring.kind = kind == 1 ? redist::RingKind::bidirectional : redist::RingKind::unidirectional;
  ring.cost_scale = static_cast<int>(decimals);
  ring.loads = array(n);
  ring.targets = array(n);
  ring.succ_cost = array(n);
  if (kind == 1) ring.pred_cost = array(n);
  if (!in) {
    std::fprintf(stderr, "bench_plan_arrays: %s: truncated\n", argv[1]);
    return 2;
  }
  redist::ring::plan_ring(ring);  // warm-up
  const auto t0 = std::chrono::steady_clock::now();
  const redist::ring::RingPlan plan = redist::ring::plan_ring(ring);
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  std::printf("%.6f %s\n", seconds,
              redist::format_ticks(*plan.schedule.makespan, plan.schedule.time_scale).c_str());
  return 0;
}
