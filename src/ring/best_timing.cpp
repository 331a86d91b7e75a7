#include "best_timing.hpp"

#include <string_view>
#include <utility>

#include "redist/core/error.hpp"

namespace redist::ring::detail {

namespace {

// Better = smaller makespan, then fewer batches.
bool better(const FlowTiming& a, const FlowTiming& b) {
  return a.makespan != b.makespan ? a.makespan < b.makespan : a.batches < b.batches;
}

}  // namespace

bool BestTiming::preferred(const FlowTiming& timing) const {
  if (!best_) return true;
  // A candidate over the batch limit only counts when nothing else exists.
  const std::int64_t limit = max_schedule_batches(timing.flows.size());
  if (timing.batches > limit && best_->batches <= limit) return false;
  if (best_->batches > limit && timing.batches <= limit) return true;
  return better(timing, *best_);
}

void BestTiming::offer(std::optional<FlowTiming> timing, std::string method) {
  if (!timing || !preferred(*timing)) return;
  best_ = std::move(*timing);
  method_ = std::move(method);
}

void BestTiming::offer_scratch(bool timed, std::string method) {
  if (!timed || !preferred(scratch_)) return;
  if (best_)
    std::swap(*best_, scratch_);
  else
    best_ = std::exchange(scratch_, FlowTiming{});
  method_ = std::move(method);
}

bool BestTiming::within_limit_by(Ticks time) const {
  return best_ && best_->batches <= max_schedule_batches(best_->flows.size()) &&
         best_->makespan <= time;
}

std::optional<Ticks> BestTiming::unbeatable_above() const {
  if (!best_ || best_->batches > max_schedule_batches(best_->flows.size())) return std::nullopt;
  return best_->makespan;
}

ShiftPlan BestTiming::finish(const RingInstance& inst, Pacing pacing) {
  REDIST_ASSERT(best_.has_value());
  scratch_ = FlowTiming{};
  constexpr std::string_view kChunked =
      "; the optimum needs more batches than a schedule may hold, so relays forward in chunks";
  std::string method = method_;
  if (best_->chunked) method.append(kChunked.data(), kChunked.size());
  // The same flows, each path re-timed as one line per link where it fits: the same or earlier
  // ends, and far fewer transfers (flow_timing.hpp).
  if (pacing == Pacing::spaced && inst.bidirectional() && pace_flow_timing(inst, *best_))
    method += "; then one paced transfer per link where it fits between ASAP and ALAP";
  return {flow_timing_schedule(inst, *best_, pacing), std::move(method), best_->chunked};
}

}  // namespace redist::ring::detail
