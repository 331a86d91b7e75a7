// Gap study of the general heterogeneous bidirectional planner (issue "Ring planners", item 4):
// makespan / best lower bound over many random heavy (non-light) instances, n = 8..64.
// Usage: ring_gap_study [instances=10000] [seed=1]. Prints a summary table and every instance whose
// gap exceeds 5%.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "redist/core/random.hpp"
#include "redist/ring/generator.hpp"
#include "redist/ring/plan.hpp"
#include "ring/system6.hpp"

int main(int argc, char** argv) {
  using namespace redist;
  const int count = argc > 1 ? std::atoi(argv[1]) : 10000;
  Rng rng(argc > 2 ? std::strtoull(argv[2], nullptr, 10) : 1);
  std::vector<double> gaps;
  int light = 0, at_bound = 0;
  double seconds = 0;
  for (int k = 0; k < count; ++k) {
    ring::RingGenOptions opt;
    opt.n = static_cast<std::size_t>(rng.uniform(8, 64));
    opt.kind = RingKind::bidirectional;
    opt.heterogeneous = true;
    opt.max_cost = 10;
    opt.max_load = rng.uniform(5, 100);
    opt.seed = rng.next();
    const RingInstance inst = ring::generate_ring_instance(opt);
    const auto t0 = std::chrono::steady_clock::now();
    const ring::RingPlan plan = ring::plan_ring(inst);
    seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    const ring::System6Solution lp = ring::solve_system6(inst);
    light += ring::is_light(inst, lp.integer_shift);
    const double gap = static_cast<double>(*plan.schedule.makespan - plan.bounds.best) /
                       static_cast<double>(plan.bounds.best);
    at_bound += plan.schedule.status == PlanStatus::optimal;
    gaps.push_back(gap);
    if (gap > 0.05)
      std::printf(
          "gap %.2f%%: n=%zu max_load=%lld seed=%llu makespan %.0f bound %.0f\n", 100 * gap, opt.n,
          static_cast<long long>(opt.max_load), static_cast<unsigned long long>(opt.seed),
          static_cast<double>(*plan.schedule.makespan), static_cast<double>(plan.bounds.best));
    if ((k + 1) % 1000 == 0) std::fprintf(stderr, "%d/%d instances\n", k + 1, count);
  }
  std::sort(gaps.begin(), gaps.end());
  double mean = 0;
  for (double g : gaps) mean += g;
  mean /= static_cast<double>(gaps.size());
  std::printf("instances %d (light at the System 6 optimum: %d)\n", count, light);
  std::printf("at the lower bound: %d (%.2f%%)\n", at_bound, 100.0 * at_bound / count);
  std::printf("mean gap %.4f%%, median %.4f%%, p99 %.4f%%, max %.4f%%\n", 100 * mean,
              100 * gaps[gaps.size() / 2], 100 * gaps[gaps.size() * 99 / 100], 100 * gaps.back());
  std::printf("planning time: %.3f ms per instance\n", 1000 * seconds / count);
}
