#pragma once
// The best of several flow timings (shift_planners.cpp, bidirectional_shift_search.cpp): private to
// the ring layer's planners.

#include <optional>
#include <string>

#include "flow_pacing.hpp"
#include "redist/core/ring_instance.hpp"
#include "ring/flow_timing.hpp"
#include "ring/ring_prefix.hpp"
#include "ring/shift_planners.hpp"

namespace redist::ring::detail {

/// How a flow timing was made, to make it again (time_flows_into is deterministic).
struct TimingRecipe {
  std::int64_t shift = 0;
  PortOrder order = PortOrder::succ_first;
  FollowMode mode = FollowMode::exact;
};

/// Keeps the best timing offered: one within max_schedule_batches before one beyond it, then the
/// smaller makespan, then fewer batches (ties keep the first offered).
///
/// A planner that times many shifts either offers each one's totals (spaced bidirectional
/// searches: no arrays at all) or times each into scratch() and offers it with its recipe (back to
/// back). Only the winner's totals and recipe are kept: its arrays stay in scratch until the next
/// candidate is timed there, and finish() times the winner again if they were reused. So a search
/// holds one timing's arrays at a time instead of two, for at most one timing more.
class BestTiming {
 public:
  /// A timing held whole (no recipe: it is kept until a better one comes).
  void offer(std::optional<FlowTiming> timing, std::string method);
  /// The arrays to time the next candidate into (the previous candidate's are overwritten).
  FlowTiming& scratch();
  /// Offers scratch() when `timed` (time_flows_into returned true), made by `recipe`.
  void offer_scratch(bool timed, std::string method, const TimingRecipe& recipe);
  /// Offers the totals of a strict ASAP timing on a bidirectional ring (time_flow_totals, made by
  /// `recipe` with FollowMode::exact), when there are any: no arrays are held, and finish() makes
  /// the winner's paced schedule path by path (flow_pacing.hpp).
  void offer_totals(std::optional<FlowTotals> totals, std::size_t ring_size, std::string method,
                    const TimingRecipe& recipe);

  bool empty() const { return !best_; }
  Ticks makespan() const { return best_->makespan; }  // requires !empty()
  /// Whether the best is within the batch limit and ends by `time`: no later offer can beat it
  /// then.
  bool within_limit_by(Ticks time) const;
  /// The makespan above which no offer can win (the best's, when it is within the batch limit).
  std::optional<Ticks> unbeatable_above() const;
  /// The schedule of the best timing (requires !empty()), timed again from its recipe first when
  /// its arrays were reused. Under Pacing::spaced on a bidirectional ring, a recipe's strict timing
  /// is made and paced path by path (flow_pacing.hpp) instead; a timing offered whole is not paced
  /// (only the unidirectional planners offer whole timings).
  /// `machinery` serves the paced re-timing (redist/ring/plan_machinery.hpp).
  ShiftPlan finish(const RingInstance& instance, const RingPrefix& prefix, Pacing pacing,
                   const PlanMachinery& machinery = PlanMachinery::plain());

 private:
  // What deciding needs of a timing.
  struct Totals {
    Ticks makespan = 0;
    std::int64_t batches = 0;
    std::size_t ring_size = 0;
  };
  static Totals totals_of(const FlowTiming& timing);
  bool preferred(const Totals& timing) const;
  bool within_limit(const Totals& timing) const;
  // Makes `totals` the best, made by `recipe` (none: held whole), its arrays in scratch or not.
  void take(const Totals& totals, std::string method, std::optional<TimingRecipe> recipe,
            bool in_scratch);

  std::optional<Totals> best_;
  std::string method_;
  std::optional<FlowTiming> held_;      // the best, offered whole
  std::optional<TimingRecipe> recipe_;  // the best, offered from scratch or as totals
  bool scratch_holds_best_ = false;
  FlowTiming scratch_;
};

}  // namespace redist::ring::detail
