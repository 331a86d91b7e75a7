#pragma once
// The lau facade: one instance in, one schedule (a shift and its flows) with its traffic and both
// execution times out (docs/design.md section 4, result {"shift", "flows", "traffic", "T_single",
// "T_multi"}).
//
//   LauPlan plan = plan_lau(allport_instance({7, 0, 3, 1, 1, 0}), {});  // optimal, single-send
//   // plan.shift == -3, plan.flows == {2, 0, 1, 0, -1, -3}, plan.t_single.steps == 2  (Fig. 1)
//
// Algorithms: linear (x = 0, Fig. 6), traffic (Fig. 7, traffic-optimal), optimal (ours,
// optimal.hpp: time-optimal for the chosen mode over every shift, least traffic among those),
// window (the document's Fig. 9 search, the published baseline; not always optimal in single-send
// mode).

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "redist/core/wide_int.hpp"
#include "redist/lau/traffic.hpp"
#include "redist/lau/window_search.hpp"
#include "redist/sim/allport_instance.hpp"
#include "redist/sim/allport_time.hpp"

namespace redist::lau {

enum class LauAlgorithm { linear, traffic, optimal, window };

const char* to_string(LauAlgorithm algorithm);
std::optional<LauAlgorithm> parse_lau_algorithm(const std::string& name);

struct LauOptions {
  LauAlgorithm algorithm = LauAlgorithm::optimal;
  sim::SendMode mode = sim::SendMode::single;
  TrafficRule traffic_rule =
      TrafficRule::corrected;  // for `traffic` (window always starts as printed)
  /// The window search refuses windows longer than this (each shift costs O(n)).
  std::int64_t max_window = 100'000'000;
};

enum class LauStatus { ok, window_too_large };

struct LauPlan {
  LauStatus status = LauStatus::ok;
  LauAlgorithm algorithm = LauAlgorithm::optimal;
  sim::SendMode mode = sim::SendMode::single;
  std::int64_t shift = 0;  // flows[i] = shift + S_i
  std::vector<std::int64_t> flows;
  Int128 traffic = 0;
  sim::AllportTime t_single;
  sim::AllportTime t_multi;
  std::optional<ShiftRange> optimal_shifts;  // optimal: every shift of least time in `mode`
  std::optional<DeficitWindow> window;       // window: the searched window [d_min, d_max]
};

/// The instance must pass check_allport_instance. O(n log T) for optimal, O(n) for linear and
/// traffic, O(n * window) for window.
LauPlan plan_lau(const sim::AllportInstance& instance, const LauOptions& options);
/// Throws InputError (field --algorithm, no file: the caller knows which) when `plan`, planned with
/// `options`, is the window search's refusal (window_too_large); does nothing for a plan.
void require_planned(const LauPlan& plan, const LauOptions& options);

}  // namespace redist::lau
