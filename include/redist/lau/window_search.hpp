#pragma once
// The document's Optimal algorithm (document 002 section 5, Fig. 9), kept as published: it is the
// baseline our optimal search (optimal.hpp) is measured against.
//
// Start from the Traffic schedule; the deficit of a red node is s_i - l_i when it sends to its
// successor and s_{i-1} + l_i (< 0) when it sends to its predecessor; with d_min, d_max the extreme
// deficits, evaluate every h in [d_min, d_max] and keep the first h of least time (h = 0 when no
// node is red). Lemma 5 claims the optimum lies in that window. It does for T_m on every instance
// we tried, but not for T_s (docs/errata.md item 5): moving h towards the window can turn green
// nodes red, and the start schedule itself is not a candidate. Smallest case: loads [0,0,0,1,4].
//
// Cost: one O(n) evaluation per h, so O(n * window), and the window grows with the loads.

#include <cstdint>
#include <limits>

#include "redist/lau/traffic.hpp"
#include "redist/sim/allport_shift_evaluator.hpp"

namespace redist::lau {

/// [d_min, d_max] of a schedule's red-node deficits, in the document's h units.
struct DeficitWindow {
  bool defined = false;  // false: no red node
  std::int64_t d_min = 0;
  std::int64_t d_max = 0;

  /// Delta = d_max - d_min + 1 shifts to evaluate; 0 when undefined.
  [[nodiscard]] std::int64_t size() const noexcept { return defined ? d_max - d_min + 1 : 0; }
};

DeficitWindow deficit_window(const sim::ShiftEvaluator& eval, std::int64_t shift);

struct WindowSearchResult {
  bool completed = true;         // false: the window needed more than max_evaluations evaluations
  std::int64_t start_shift = 0;  // the Traffic schedule's shift
  DeficitWindow window;          // of the Traffic schedule
  std::int64_t shift = 0;        // the chosen schedule: start_shift - h
  sim::AllportTime time;
  std::int64_t evaluations = 0;
};

WindowSearchResult window_search(
    const sim::ShiftEvaluator& eval, sim::SendMode mode,
    TrafficRule start_rule = TrafficRule::printed,
    std::int64_t max_evaluations = std::numeric_limits<std::int64_t>::max());

}  // namespace redist::lau
