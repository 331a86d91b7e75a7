#pragma once
// Test oracle for the all-port ring: every shift in a wide range, timed by the step-by-step
// executor (or, for larger instances, by the closed forms that the executor tests validate), and
// random instances drawn like document 002's experiments.

#include <algorithm>
#include <cstdint>
#include <vector>

#include "redist/core/random.hpp"
#include "redist/sim/allport_executor.hpp"
#include "redist/sim/allport_shift_evaluator.hpp"

namespace redist::testing {

/// Every optimal shift lies in [-L, L] (flows of a schedule with T <= n are bounded by L); the
/// oracle scans three times as far on each side.
inline std::int64_t brute_force_radius(const sim::AllportInstance& inst) {
  return 3 * inst.total() + 3;
}

inline sim::AllportTime executed_time(const sim::AllportInstance& inst,
                                      const std::vector<std::int64_t>& flows, sim::SendMode mode) {
  const sim::AllportExecution run = execute_allport(inst, flows, mode);
  return run.time();
}

struct BruteForce {
  sim::AllportTime best;
  std::vector<std::int64_t> optimal_shifts;  // increasing
};

inline BruteForce brute_force(const sim::AllportInstance& inst, sim::SendMode mode,
                              bool by_executor) {
  const sim::ShiftEvaluator eval(inst);
  const std::int64_t radius = brute_force_radius(inst);
  BruteForce r;
  r.best = {0, true};
  for (std::int64_t x = -radius; x <= radius; ++x) {
    const sim::AllportTime t =
        by_executor ? executed_time(inst, eval.flows(x), mode) : eval.time(mode, x);
    if (t.key() < r.best.key()) {
      r.best = t;
      r.optimal_shifts.clear();
    }
    if (t.key() == r.best.key()) r.optimal_shifts.push_back(x);
  }
  return r;
}

inline std::vector<std::int64_t> random_loads(Rng& rng, std::size_t n, std::int64_t max_load) {
  std::vector<std::int64_t> loads(n);
  for (auto& l : loads) l = rng.uniform(0, max_load);
  return loads;
}

/// Random non-negative targets with the same total (a random composition).
inline std::vector<std::int64_t> random_targets(Rng& rng, const std::vector<std::int64_t>& loads) {
  std::int64_t total = 0;
  for (auto l : loads) total += l;
  std::vector<std::int64_t> cuts(loads.size() - 1);
  for (auto& c : cuts) c = rng.uniform(0, total);
  std::sort(cuts.begin(), cuts.end());
  std::vector<std::int64_t> targets(loads.size());
  std::int64_t previous = 0;
  for (std::size_t i = 0; i + 1 < loads.size(); ++i) {
    targets[i] = cuts[i] - previous;
    previous = cuts[i];
  }
  targets.back() = total - previous;
  return targets;
}

}  // namespace redist::testing
