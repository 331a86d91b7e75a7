// The general heterogeneous bidirectional planner's search over flow shifts (shift_planners.hpp).
//
// Every candidate is a shift x (document 000 Lemma 10: F_i = x + S_i) timed ASAP with both port
// orders (flow_timing.hpp); timing one costs O(n + pieces) while System 6's time tau(x), a lower
// bound for every schedule of that shift, costs one pass. So shifts are timed in increasing tau,
// and the search stops as soon as the best makespan reaches the proved bound or the next tau.

#include <algorithm>
#include <cstdint>
#include <vector>

#include "best_timing.hpp"
#include "redist/core/error.hpp"
#include "ring/shift_planners.hpp"
#include "ring/system6.hpp"

namespace redist::ring {

namespace {

struct ShiftCandidate {
  std::int64_t shift = 0;
  Ticks tau = 0;  // System 6's time of the shift: no schedule with these flows ends earlier
};

std::string shift_method(std::int64_t x, PortOrder order, FollowMode mode) {
  return std::string("ASAP flow timing, shift ") + std::to_string(x) +
         (order == PortOrder::succ_first ? ", successors first" : ", predecessors first") +
         (mode == FollowMode::exact    ? ", relays paced by their upstream link"
          : mode == FollowMode::banded ? ", batched within the ASAP/ALAP band"
                                       : ", slow relays batched");
}

// Rings beyond this size search the window by its slope (below) instead of timing every shift.
constexpr std::size_t kExhaustiveWindowRing = 10'000;

class ShiftSearch {
 public:
  ShiftSearch(const RingInstance& inst, const RingPrefix& prefix, Pacing pacing, Ticks bound)
      : inst_(inst), prefix_(prefix), pacing_(pacing), bound_(bound) {
    // Spaced: strict ASAP ends no later than either batching of it (path_banding.hpp), and relays
    // forward at their upstream link's pace in one transfer each. Back to back: both batchings
    // compete.
    if (pacing == Pacing::spaced)
      modes_ = {FollowMode::exact};
    else
      modes_ = {FollowMode::banded, FollowMode::compress};
  }

  ShiftCandidate candidate(std::int64_t x) const {
    const std::int64_t clamped = std::clamp(x, prefix_.lowest_shift(), prefix_.highest_shift());
    return {clamped, system6_time(inst_, prefix_, clamped)};
  }

  // A makespan at the proved bound cannot be improved.
  bool settled() const { return best_.within_limit_by(bound_); }
  // No timing of a shift ends before its tau.
  bool hopeless(const ShiftCandidate& c) const { return best_.within_limit_by(c.tau); }

  // Times the shift with `order` in every mode; the least makespan among them (nullopt:
  // circulation, skipped, or abandoned past the best makespan).
  std::optional<Ticks> time(const ShiftCandidate& c, PortOrder order) {
    std::optional<Ticks> least;
    for (const FollowMode mode : modes_) {
      if (settled() || hopeless(c)) break;
      // A timing that runs past the best makespan cannot win: it is abandoned there.
      if (mode == FollowMode::exact && pacing_ == Pacing::spaced) {
        // Totals only, path by path: no departure curves of the whole ring are held.
        const auto totals =
            detail::time_flow_totals(inst_, prefix_, c.shift, order, best_.unbeatable_above());
        if (totals) least = std::min(least.value_or(totals->makespan), totals->makespan);
        best_.offer_totals(totals, inst_.size(), shift_method(c.shift, order, mode),
                           {c.shift, order, mode});
        continue;
      }
      FlowTiming& timing = best_.scratch();
      const bool timed = time_flows_into(timing, inst_, prefix_, c.shift, order, mode, pacing_,
                                         best_.unbeatable_above());
      if (timed) least = std::min(least.value_or(timing.makespan), timing.makespan);
      best_.offer_scratch(timed, shift_method(c.shift, order, mode), {c.shift, order, mode});
    }
    return least;
  }

  // Both orders; the better one and its makespan.
  std::pair<PortOrder, std::optional<Ticks>> time_both_orders(const ShiftCandidate& c) {
    const auto succ = time(c, PortOrder::succ_first);
    const auto pred = time(c, PortOrder::pred_first);
    if (pred && (!succ || *pred < *succ)) return {PortOrder::pred_first, pred};
    return {PortOrder::succ_first, succ};
  }

  ShiftPlan finish(const PlanMachinery& machinery) {
    return best_.finish(inst_, prefix_, pacing_, machinery);
  }

 private:
  const RingInstance& inst_;
  const RingPrefix& prefix_;
  Pacing pacing_;
  Ticks bound_;
  std::vector<FollowMode> modes_;
  detail::BestTiming best_;
};

// Every shift of the window and the light one, both orders, in increasing tau.
void search_every_shift(ShiftSearch& search, std::vector<ShiftCandidate> candidates) {
  std::stable_sort(candidates.begin(), candidates.end(),
                   [](const ShiftCandidate& a, const ShiftCandidate& b) { return a.tau < b.tau; });
  for (const ShiftCandidate& c : candidates) {
    if (search.settled() || search.hopeless(c))
      break;  // sorted by tau: every later one is hopeless too
    search.time_both_orders(c);
  }
}

// On large rings one item more or less on every edge moves the makespan of a port order by a few
// ticks, the same way over the whole window (measured on every `redist gen ring` shape, n = 10^3 to
// 10^5: the best shift of the window was always its centre or one of its ends). So: the centre
// with both orders, one step each side with the better order, and the window's end on the side
// that improves; then the light shift: at most 7 timings instead of 2 (2 radius + 2) = 16.
void search_by_slope(ShiftSearch& search, std::int64_t center, std::int64_t radius,
                     const std::optional<ShiftCandidate>& light) {
  const ShiftCandidate middle = search.candidate(center);
  const auto [order, at_middle] = search.time_both_orders(middle);
  for (const int dir : {-1, +1}) {
    const ShiftCandidate step = search.candidate(middle.shift + dir);
    if (step.shift == middle.shift || search.settled() || search.hopeless(step)) continue;
    const auto at_step = search.time(step, order);
    if (!at_step || (at_middle && *at_step >= *at_middle)) continue;
    const ShiftCandidate end = search.candidate(middle.shift + dir * radius);
    if (end.shift != step.shift) search.time(end, order);
    break;
  }
  if (light && !search.settled() && !search.hopeless(*light)) search.time_both_orders(*light);
}

}  // namespace

ShiftPlan plan_bidirectional_by_shifts(const RingInstance& inst, std::int64_t center,
                                       std::int64_t radius, Pacing pacing) {
  return plan_bidirectional_by_shifts(inst, RingPrefix::of(inst), center, radius, pacing, 0);
}

ShiftPlan plan_bidirectional_by_shifts(const RingInstance& inst, const RingPrefix& prefix,
                                       std::int64_t center, std::int64_t radius, Pacing pacing,
                                       Ticks bound, const PlanMachinery& machinery) {
  REDIST_ASSERT(inst.bidirectional() && prefix.size() == inst.size());
  ShiftSearch search(inst, prefix, pacing, bound);
  std::optional<ShiftCandidate> light;
  // The light shift nearest to the centre (System 12 restricted to net flows): relays then forward
  // only items they hold.
  if (const auto window = light_shifts(inst, prefix))
    light = search.candidate(std::clamp(center, window->lo, window->hi));
  if (inst.size() > kExhaustiveWindowRing) {
    search_by_slope(search, center, radius, light);
  } else {
    // Nearest to the centre first (equal tau: the nearer shift is timed first, and ties keep it).
    std::vector<ShiftCandidate> candidates;
    const auto add = [&](const ShiftCandidate& c) {
      const bool seen = std::any_of(candidates.begin(), candidates.end(),
                                    [&](const auto& o) { return o.shift == c.shift; });
      if (!seen) candidates.push_back(c);
    };
    add(search.candidate(center));
    for (std::int64_t d = 1; d <= radius; ++d) {
      add(search.candidate(center - d));
      add(search.candidate(center + d));
    }
    if (light) add(*light);
    search_every_shift(search, std::move(candidates));
  }
  return search.finish(machinery);
}

}  // namespace redist::ring
