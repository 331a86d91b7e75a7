#pragma once
// Private to the ring layer: the paths along which a unidirectional ring's minimal flows carry
// items (spaced_unidirectional.cpp, paced_unidirectional.cpp).

#include <cstdint>
#include <vector>

#include "redist/core/ring_instance.hpp"
#include "ring/path_timing.hpp"
#include "ring/ring_prefix.hpp"

namespace redist::ring::detail {

/// A maximal run of edges first, first + 1, ... (mod n) whose flows are positive: one path of
/// items, from the source P_first to the sink after the last edge.
struct FlowRun {
  std::size_t first = 0;
  std::size_t length = 0;

  /// The run's k-th edge on a ring of n (k < length <= n): first + k < 2n, so a subtraction wraps
  /// it, where `% n` was a 64-bit division per link (a tenth of a plan's pass at n = 10^6).
  std::size_t edge(std::size_t k, std::size_t n) const {
    const std::size_t e = first + k;
    return e >= n ? e - n : e;
  }
};

/// A run of a unidirectional ring as a path of the walk (path_walk.hpp): link k is the run's k-th
/// edge, carrying F = shift + S over succ_cost, with no release; the source sends all of link 0.
struct RunPath {
  const RingInstance* instance = nullptr;
  const RingPrefix* prefix = nullptr;
  std::int64_t shift = 0;
  FlowRun run;

  std::size_t size() const { return run.length; }
  std::size_t edge(std::size_t k) const { return run.edge(k, instance->size()); }
  std::int64_t items(std::size_t k) const { return shift + prefix->sums[edge(k)]; }
  Ticks cost(std::size_t k) const { return instance->succ_cost[edge(k)]; }
  PathLink link(std::size_t k) const {
    const std::size_t e = edge(k);
    return {shift + prefix->sums[e], instance->succ_cost[e], 0};
  }
  std::int64_t own_load(std::size_t k) const {
    return k == 0 ? items(0) : instance->loads[edge(k)];
  }
  /// The target of the processor that receives over link k.
  std::int64_t receiver_target(std::size_t k) const {
    const std::size_t e = edge(k);
    return instance->targets[e + 1 == instance->size() ? 0 : e + 1];
  }
};

/// The runs of the flows F_i = shift + S_i, by increasing first edge. Requires every F_i >= 0 and
/// some F_i = 0 (the minimal flows of Lemma 5: a ring whose flows are all positive would
/// circulate items).
std::vector<FlowRun> flow_runs(const RingPrefix& prefix, std::int64_t shift);

}  // namespace redist::ring::detail
