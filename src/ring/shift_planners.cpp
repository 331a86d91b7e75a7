#include "redist/ring/shift_planners.hpp"

#include <algorithm>
#include <string_view>
#include <vector>

#include "redist/core/error.hpp"
#include "redist/core/flow.hpp"
#include "redist/ring/bounds.hpp"
#include "redist/ring/flow_timing.hpp"

namespace redist {

namespace {

struct Candidate {
  FlowTiming timing;
  std::string method;
};

// Better = smaller makespan, then fewer batches.
bool better(const FlowTiming& a, const FlowTiming& b) {
  return a.makespan != b.makespan ? a.makespan < b.makespan : a.batches < b.batches;
}

// A candidate over the batch limit only counts when nothing else exists.
void consider(std::optional<Candidate>& best, std::optional<FlowTiming> timing, std::string method) {
  if (!timing) return;
  const std::int64_t limit = max_schedule_batches(timing->flows.size());
  if (best && timing->batches > limit && best->timing.batches <= limit) return;
  if (best && best->timing.batches > limit && timing->batches <= limit) {
    best = Candidate{std::move(*timing), std::move(method)};
    return;
  }
  if (!best || better(*timing, best->timing)) best = Candidate{std::move(*timing), std::move(method)};
}

ShiftPlan finish(const RingInstance& inst, const Candidate& c, Pacing pacing) {
  constexpr std::string_view kChunked = "; the optimum needs more batches than a schedule may hold, so relays forward in chunks";
  std::string method = c.method;
  if (c.timing.chunked) method.append(kChunked.data(), kChunked.size());
  return {flow_timing_schedule(inst, c.timing, pacing), std::move(method), c.timing.chunked};
}

// The light shift closest to `center` (System 12 restricted to net flows): every processor's sends
// sends_i(x) = max(F_i, 0) + max(-F_{i-1}, 0) are convex in x, so {x : sends_i(x) <= L_i} is an
// interval; intersect them all.
std::optional<std::int64_t> nearest_light_shift(const RingInstance& inst, std::int64_t center) {
  const std::size_t n = inst.size();
  const auto prefix = prefix_sums(inst.imbalances());
  std::int64_t lo = INT64_MIN / 4, hi = INT64_MAX / 4;
  for (std::size_t i = 0; i < n; ++i) {
    const std::int64_t a = prefix[i];                 // F_i = x + a
    const std::int64_t b = prefix[(i + n - 1) % n];   // F_{i-1} = x + b
    const std::int64_t load = inst.loads[i];
    // Both terms are monotone pieces: x + a <= L and -(x + b) <= L, and when both sides are active
    // (x + a > 0 > x + b cannot happen with a >= b... handled by the sum bound below).
    hi = std::min(hi, load - a);
    lo = std::max(lo, -load - b);
    // When F_i > 0 and F_{i-1} < 0 at once (a source), the sum (x + a) - (x + b) = a - b = delta_i
    // <= L_i always holds because targets are >= 0.
  }
  if (lo > hi) return std::nullopt;
  return std::clamp(center, lo, hi);
}

}  // namespace

std::int64_t max_schedule_batches(std::size_t ring_size) {
  return std::max<std::int64_t>(4'000'000, 64 * static_cast<std::int64_t>(ring_size));
}

namespace {

// Document 000 Algorithm 1 (homogeneous, loads and targets >= 1): every P_i sends its F_i items in
// one stretch from time 0 (Lemma 3: it always holds an item; Lemma 4: the redistribution is then
// complete), so the makespan is c max F_i = Lemma 1. One batch per processor, no timing needed.
ShiftPlan algorithm1(const RingInstance& inst, std::int64_t shift, const std::vector<std::int64_t>& prefix) {
  const std::size_t n = inst.size();
  Schedule s;
  s.time_scale = inst.cost_scale;
  s.flow_shift = shift;
  s.transfers.reserve(n);
  std::int64_t most = 0;
  for (std::size_t i = 0; i < n; ++i) {
    const std::int64_t f = shift + prefix[i];
    if (f > 0) s.transfers.push_back({static_cast<std::int64_t>(i), static_cast<std::int64_t>((i + 1) % n), f, 0, std::nullopt});
    most = std::max(most, f);
  }
  s.makespan = static_cast<Ticks>(most) * inst.succ_cost.front();
  return {std::move(s), "document 000 Algorithm 1: every sender sends its flow in one stretch from time 0"};
}

}  // namespace

ShiftPlan plan_unidirectional(const RingInstance& inst, Pacing pacing) {
  REDIST_ASSERT(!inst.bidirectional());
  const auto prefix = prefix_sums(inst.imbalances());
  const std::int64_t shift = unidirectional_shift(prefix);
  if (inst.homogeneous() && inst.all_loads_positive() && inst.size() > 1) return algorithm1(inst, shift, prefix);
  std::optional<Candidate> best;
  if (pacing == Pacing::spaced) {
    // Strict ASAP is Algorithm 2 itself, optimal by Lemma 5 (loads and targets >= 1); a relay that
    // keeps pace with a slower upstream link is one spaced transfer, so no batching is needed.
    consider(best, time_flows(inst, shift, PortOrder::succ_first, FollowMode::exact, Pacing::spaced),
             "strict ASAP on the minimal flows, relays paced by their upstream link (document 000 Algorithm 2)");
    REDIST_ASSERT(best.has_value());
    return finish(inst, *best, pacing);
  }
  const Ticks optimum = lemma5_bound(inst);
  consider(best, time_flows(inst, shift, PortOrder::succ_first, FollowMode::banded, pacing),
           "ASAP on the minimal flows, batched between ASAP and ALAP (document 000 Algorithm 2)");
  if (!best || best->timing.makespan > optimum)
    consider(best, time_flows(inst, shift, PortOrder::succ_first, FollowMode::exact, pacing),
             "strict ASAP on the minimal flows (document 000 Algorithm 2)");
  REDIST_ASSERT(best.has_value());
  return finish(inst, *best, pacing);
}

ShiftPlan plan_bidirectional_by_shifts(const RingInstance& inst, std::int64_t center, std::int64_t radius,
                                       Pacing pacing) {
  REDIST_ASSERT(inst.bidirectional());
  const auto prefix = prefix_sums(inst.imbalances());
  const auto [lo_s, hi_s] = std::minmax_element(prefix.begin(), prefix.end());
  // Shifts outside [-max S, -min S] make every flow the same sign: never better.
  const std::int64_t lo = -*hi_s, hi = -*lo_s;
  std::vector<std::int64_t> shifts;
  for (std::int64_t d = -radius; d <= radius; ++d) shifts.push_back(std::clamp(center + d, lo, hi));
  if (const auto light = nearest_light_shift(inst, center)) shifts.push_back(std::clamp(*light, lo, hi));
  std::sort(shifts.begin(), shifts.end());
  shifts.erase(std::unique(shifts.begin(), shifts.end()), shifts.end());

  // Spaced: strict ASAP ends no later than either batching of it (path_banding.hpp), and relays
  // forward at their upstream link's pace in one transfer each. Back to back: both batchings compete.
  const std::vector<FollowMode> modes = pacing == Pacing::spaced ? std::vector<FollowMode>{FollowMode::exact}
                                                                 : std::vector<FollowMode>{FollowMode::banded, FollowMode::compress};
  std::optional<Candidate> best;
  for (const std::int64_t x : shifts)
    for (const PortOrder order : {PortOrder::succ_first, PortOrder::pred_first})
      for (const FollowMode mode : modes) {
        consider(best, time_flows(inst, x, order, mode, pacing),
                 std::string("ASAP flow timing, shift ") + std::to_string(x) +
                     (order == PortOrder::succ_first ? ", successors first" : ", predecessors first") +
                     (mode == FollowMode::exact    ? ", relays paced by their upstream link"
                      : mode == FollowMode::banded ? ", batched within the ASAP/ALAP band"
                                                   : ", slow relays batched"));
      }
  REDIST_ASSERT(best.has_value());
  return finish(inst, *best, pacing);
}

}  // namespace redist
