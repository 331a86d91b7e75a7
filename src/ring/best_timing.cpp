#include "best_timing.hpp"

#include <string_view>
#include <utility>

#include "redist/core/error.hpp"

namespace redist::ring::detail {

BestTiming::Totals BestTiming::totals_of(const FlowTiming& timing) {
  return {timing.makespan, timing.batches, timing.flows.size()};
}

bool BestTiming::within_limit(const Totals& timing) const {
  return timing.batches <= max_schedule_batches(timing.ring_size);
}

bool BestTiming::preferred(const Totals& timing) const {
  if (!best_) return true;
  // A candidate over the batch limit only counts when nothing else exists.
  if (!within_limit(timing) && within_limit(*best_)) return false;
  if (!within_limit(*best_) && within_limit(timing)) return true;
  // Better = smaller makespan, then fewer batches.
  return timing.makespan != best_->makespan ? timing.makespan < best_->makespan
                                            : timing.batches < best_->batches;
}

void BestTiming::take(const Totals& totals, std::string method, std::optional<TimingRecipe> recipe,
                      bool in_scratch) {
  best_ = totals;
  held_.reset();
  recipe_ = recipe;
  scratch_holds_best_ = in_scratch;
  method_ = std::move(method);
}

void BestTiming::offer(std::optional<FlowTiming> timing, std::string method) {
  if (!timing || !preferred(totals_of(*timing))) return;
  take(totals_of(*timing), std::move(method), std::nullopt, false);
  held_ = std::move(*timing);
}

FlowTiming& BestTiming::scratch() {
  scratch_holds_best_ = false;  // the caller times the next candidate over it
  return scratch_;
}

void BestTiming::offer_scratch(bool timed, std::string method, const TimingRecipe& recipe) {
  if (timed && preferred(totals_of(scratch_)))
    take(totals_of(scratch_), std::move(method), recipe, true);
}

void BestTiming::offer_totals(std::optional<FlowTotals> totals, std::size_t ring_size,
                              std::string method, const TimingRecipe& recipe) {
  REDIST_ASSERT(recipe.mode == FollowMode::exact);
  if (!totals) return;
  const Totals offered{totals->makespan, totals->transfers, ring_size};
  if (preferred(offered)) take(offered, std::move(method), recipe, false);
}

bool BestTiming::within_limit_by(Ticks time) const {
  return best_ && within_limit(*best_) && best_->makespan <= time;
}

std::optional<Ticks> BestTiming::unbeatable_above() const {
  if (!best_ || !within_limit(*best_)) return std::nullopt;
  return best_->makespan;
}

ShiftPlan BestTiming::finish(const RingInstance& inst, const RingPrefix& prefix, Pacing pacing,
                             const PlanMachinery& machinery) {
  REDIST_ASSERT(best_.has_value());
  if (recipe_ && pacing == Pacing::spaced && inst.bidirectional() &&
      recipe_->mode == FollowMode::exact) {
    scratch_ = FlowTiming{};  // before the schedule is made: the planner's peak
    // The same flows, each path re-timed as one line per link where it fits: the same or earlier
    // ends, and far fewer transfers.
    PacedFlowSchedule paced =
        paced_flow_schedule(inst, prefix, recipe_->shift, recipe_->order, machinery);
    REDIST_ASSERT(*paced.schedule.makespan <= best_->makespan);
    std::string method = method_;
    if (paced.paced)
      method += "; then one paced transfer per link where it fits between ASAP and ALAP";
    return {std::move(paced.schedule), std::move(method), false};
  }
  FlowTiming best;
  if (held_) {
    best = std::move(*held_);
  } else {
    if (!scratch_holds_best_) {
      const bool timed = time_flows_into(scratch_, inst, prefix, recipe_->shift, recipe_->order,
                                         recipe_->mode, pacing);
      REDIST_ASSERT(timed && scratch_.makespan == best_->makespan &&
                    scratch_.batches == best_->batches);
    }
    best = std::move(scratch_);
  }
  scratch_ = FlowTiming{};
  constexpr std::string_view kChunked =
      "; the optimum needs more batches than a schedule may hold, so relays forward in chunks";
  std::string method = method_;
  if (best.chunked) method.append(kChunked.data(), kChunked.size());
  return {flow_timing_schedule(inst, best, pacing), std::move(method), best.chunked};
}

}  // namespace redist::ring::detail
