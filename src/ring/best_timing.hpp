#pragma once
// The best of several flow timings (shift_planners.cpp, bidirectional_shift_search.cpp): private to
// the ring layer's planners.

#include <optional>
#include <string>

#include "redist/core/ring_instance.hpp"
#include "redist/ring/flow_timing.hpp"
#include "redist/ring/shift_planners.hpp"

namespace redist::ring::detail {

/// Keeps the best timing offered: one within max_schedule_batches before one beyond it, then the
/// smaller makespan, then fewer batches (ties keep the first offered). A planner that times many
/// shifts times them into scratch(): a winner swaps arrays with the previous best, so the search
/// allocates its arrays twice instead of once per shift.
class BestTiming {
 public:
  void offer(std::optional<FlowTiming> timing, std::string method);
  /// Offers scratch() when `timed` (time_flows_into returned true).
  void offer_scratch(bool timed, std::string method);
  FlowTiming& scratch() { return scratch_; }

  bool empty() const { return !best_; }
  Ticks makespan() const { return best_->makespan; }  // requires !empty()
  /// Whether the best is within the batch limit and ends by `time`: no later offer can beat it
  /// then.
  bool within_limit_by(Ticks time) const;
  /// The makespan above which no offer can win (the best's, when it is within the batch limit).
  std::optional<Ticks> unbeatable_above() const;
  /// The schedule of the best timing (requires !empty()). Frees the scratch arrays first: the
  /// schedule is built while the best timing is alive, and that is the planner's peak.
  ShiftPlan finish(const RingInstance& instance, Pacing pacing);

 private:
  bool preferred(const FlowTiming& timing) const;

  std::optional<FlowTiming> best_;
  std::string method_;
  FlowTiming scratch_;
};

}  // namespace redist::ring::detail
