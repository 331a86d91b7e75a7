// Lemma 9 of document 000: the schedule of a light System 6 solution.
//
// For shift x every P_i sends F_i^+ = max(F_i, 0) items forward from time 0, then -F_{i-1} items
// back (when F_{i-1} < 0) from max(its forward sends' end, the end of P_{i-1}'s receipt from
// P_{i-2}). One-port holds by construction: P_i's sends are back to back, and P_{i-1} receives from
// P_{i-2} first, from P_i after. Each back transfer ends at
//   max(send_i(x), recv_{i-1}(x))   (document 000, equation 7),
// and every send_i / recv_i is the end of some transfer, so the makespan is exactly tau(x).
// Holdings need the light assumption: each processor sends only items it held at time 0.

#include <algorithm>
#include <limits>

#include "redist/core/error.hpp"
#include "ring/system6.hpp"

namespace redist::ring {

namespace {

std::int64_t item_count(Ticks items) {
  // Light shifts move at most a load; other shifts within +-kMaxTotalItems stay below 2^63 too.
  REDIST_ASSERT(items <= std::numeric_limits<std::int64_t>::max());
  return static_cast<std::int64_t>(items);
}

}  // namespace

Schedule lemma9_schedule(const RingInstance& inst, const RingPrefix& prefix, std::int64_t shift,
                         const System6Solution& solution) {
  REDIST_ASSERT(inst.bidirectional() && prefix.size() == inst.size());
  Schedule schedule;
  schedule.time_scale = inst.cost_scale;
  schedule.flow_shift = shift;
  schedule.lower_bound = solution.integer_optimum;
  const std::size_t n = inst.size();
  Ticks makespan = 0;
  if (n >= 2) {
    const auto flow = [&](std::size_t edge) {
      return static_cast<Ticks>(shift) + prefix.sums[edge];
    };
    const auto forward_end = [&](std::size_t i) {
      return std::max<Ticks>(flow(i), 0) * inst.succ_cost[i];
    };
    // On two processors both neighbours are the same one: name the link (docs/design.md section 4).
    const auto link = [n](Link l) { return n == 2 ? std::optional<Link>(l) : std::nullopt; };
    schedule.transfers.reserve(n + n / 2);
    for (std::size_t i = 0; i < n; ++i) {
      if (flow(i) <= 0) continue;
      const std::size_t next = (i + 1) % n;
      schedule.transfers.push_back({static_cast<std::int64_t>(i), static_cast<std::int64_t>(next),
                                    item_count(flow(i)), 0, link(Link::succ)});
      makespan = std::max(makespan, forward_end(i));
    }
    for (std::size_t i = 0; i < n; ++i) {
      const std::size_t prev = (i + n - 1) % n, prev2 = (i + 2 * n - 2) % n;
      const Ticks back = -flow(prev);
      if (back <= 0) continue;
      const Ticks start =
          std::max(forward_end(i), forward_end(prev2));  // P_{i-1} hears P_{i-2} first
      schedule.transfers.push_back({static_cast<std::int64_t>(i), static_cast<std::int64_t>(prev),
                                    item_count(back), start, link(Link::pred)});
      makespan = std::max(makespan, start + back * inst.pred_cost[i]);
    }
  }
  schedule.makespan = makespan;
  const bool proved = is_light(inst, prefix, shift) && makespan == solution.integer_optimum;
  schedule.status = proved ? PlanStatus::optimal : PlanStatus::feasible;
  return schedule;
}

Schedule lemma9_schedule(const RingInstance& inst, std::int64_t shift,
                         const System6Solution& solution) {
  return lemma9_schedule(inst, RingPrefix::of(inst), shift, solution);
}

Schedule lemma9_schedule(const RingInstance& inst, std::int64_t shift) {
  const RingPrefix prefix = RingPrefix::of(inst);
  return lemma9_schedule(inst, prefix, shift, solve_system6(inst, prefix));
}

}  // namespace redist::ring
