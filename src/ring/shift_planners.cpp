#include "ring/shift_planners.hpp"

#include <algorithm>
#include <vector>

#include "best_timing.hpp"
#include "paced_unidirectional.hpp"
#include "redist/core/error.hpp"
#include "redist/core/flow.hpp"
#include "redist/ring/bounds.hpp"
#include "ring/flow_timing.hpp"
#include "ring/prefix_bounds.hpp"
#include "spaced_unidirectional.hpp"

namespace redist::ring {

std::int64_t max_schedule_batches(std::size_t ring_size) {
  return std::max<std::int64_t>(4'000'000, 64 * static_cast<std::int64_t>(ring_size));
}

namespace {

// Document 000 Algorithm 1 (homogeneous, loads and targets >= 1): every P_i sends its F_i items in
// one stretch from time 0 (Lemma 3: it always holds an item; Lemma 4: the redistribution is then
// complete), so the makespan is c max F_i = Lemma 1. One batch per processor, no timing needed.
ShiftPlan algorithm1(const RingInstance& inst, std::int64_t shift,
                     const std::vector<std::int64_t>& prefix) {
  const std::size_t n = inst.size();
  Schedule s;
  s.time_scale = inst.cost_scale;
  s.flow_shift = shift;
  s.transfers.reserve(n);
  std::int64_t most = 0;
  for (std::size_t i = 0; i < n; ++i) {
    const std::int64_t f = shift + prefix[i];
    if (f > 0)
      s.transfers.push_back({static_cast<std::int64_t>(i), static_cast<std::int64_t>((i + 1) % n),
                             f, 0, std::nullopt});
    most = std::max(most, f);
  }
  s.makespan = static_cast<Ticks>(most) * inst.succ_cost.front();
  return {std::move(s),
          "document 000 Algorithm 1: every sender sends its flow in one stretch from time 0"};
}

}  // namespace

ShiftPlan plan_unidirectional(const RingInstance& inst, Pacing pacing) {
  return plan_unidirectional(inst, RingPrefix::of(inst), pacing);
}

ShiftPlan plan_unidirectional(const RingInstance& inst, const RingPrefix& ring_prefix,
                              Pacing pacing, const PlanMachinery& machinery) {
  REDIST_ASSERT(!inst.bidirectional() && ring_prefix.size() == inst.size());
  const auto& prefix = ring_prefix.sums;
  const std::int64_t shift = unidirectional_shift(prefix);
  if (inst.homogeneous() && inst.all_loads_positive() && inst.size() > 1)
    return algorithm1(inst, shift, prefix);
  if (pacing == Pacing::spaced) {
    // Lemma 5's optimum with about one spaced transfer per link: lines between ASAP and ALAP.
    if (auto paced = detail::paced_unidirectional_schedule(inst, ring_prefix, shift, {}, machinery))
      return {std::move(*paced),
              "one paced transfer per link where it fits between ASAP and ALAP, ASAP elsewhere, "
              "on the minimal flows (document 000 Algorithm 2's optimum, Lemma 5)"};
    // Strict ASAP is Algorithm 2 itself, optimal by Lemma 5 (loads and targets >= 1); a relay that
    // keeps pace with a slower upstream link is one spaced transfer, so no batching is needed.
    return {detail::spaced_unidirectional_schedule(inst, ring_prefix, shift),
            "strict ASAP on the minimal flows, relays paced by their upstream link (document 000 "
            "Algorithm 2)"};
  }
  detail::BestTiming best;
  const Ticks optimum = lemma5_bound(inst, ring_prefix);
  best.offer(
      time_flows(inst, ring_prefix, shift, PortOrder::succ_first, FollowMode::banded, pacing),
      "ASAP on the minimal flows, batched between ASAP and ALAP (document 000 Algorithm 2)");
  if (best.empty() || best.makespan() > optimum)
    best.offer(
        time_flows(inst, ring_prefix, shift, PortOrder::succ_first, FollowMode::exact, pacing),
        "strict ASAP on the minimal flows (document 000 Algorithm 2)");
  return best.finish(inst, ring_prefix, pacing);
}

}  // namespace redist::ring
