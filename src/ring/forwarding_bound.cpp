#include "ring/forwarding_bound.hpp"

#include <algorithm>

#include "redist/core/error.hpp"
#include "redist/core/flow.hpp"
#include "ring/system6.hpp"

namespace redist::ring {

namespace {

Ticks positive(Ticks v) { return v > 0 ? v : 0; }

// The port time of `a` items at cost ca and `b` items at cost cb once `spare` of them (any, the
// costliest first: the schedule's most favourable choice) are taken out. 0 when nothing is left.
Ticks port_time_beyond(Ticks a, Ticks ca, Ticks b, Ticks cb, Ticks spare) {
  if (ca < cb) {
    std::swap(a, b);
    std::swap(ca, cb);
  }
  const Ticks from_a = std::min(a, spare);
  const Ticks from_b = std::min(b, spare - from_a);
  return (a - from_a) * ca + (b - from_b) * cb;
}

// tau(x) and beta(x) in one pass (system6.hpp's send and receive terms, plus the forwarding terms).
struct ShiftTimes {
  Ticks tau = 0;
  Ticks beta = 0;
};

ShiftTimes shift_times(const RingInstance& inst, const std::vector<std::int64_t>& prefix,
                       std::int64_t shift) {
  const std::size_t n = inst.size();
  ShiftTimes out;
  if (n < 2) return out;
  for (std::size_t p = 0; p < n; ++p) {
    const std::size_t prev = (p + n - 1) % n, next = (p + 1) % n;
    const Ticks right = static_cast<Ticks>(shift) + prefix[p];    // F_p
    const Ticks left = static_cast<Ticks>(shift) + prefix[prev];  // F_{p-1}
    const Ticks to_succ = positive(right), to_pred = positive(-left);
    const Ticks from_pred = positive(left), from_succ = positive(-right);
    const Ticks sends = to_succ * inst.succ_cost[p] + to_pred * inst.pred_cost[p];
    const Ticks receives = from_pred * inst.succ_cost[prev] + from_succ * inst.pred_cost[next];
    out.tau = std::max({out.tau, sends, receives});
    // Sends beyond the load wait for the first receipt (claim 1); receives beyond the target end
    // before the last send starts (claim 2, the same argument with time reversed).
    const Ticks first_arrival = std::min(inst.succ_cost[prev], inst.pred_cost[next]);
    const Ticks last_departure = std::min(inst.succ_cost[p], inst.pred_cost[p]);
    if (to_succ + to_pred > inst.loads[p])
      out.beta =
          std::max(out.beta, first_arrival + port_time_beyond(to_succ, inst.succ_cost[p], to_pred,
                                                              inst.pred_cost[p], inst.loads[p]));
    if (from_pred + from_succ > inst.targets[p])
      out.beta = std::max(
          out.beta, last_departure + port_time_beyond(from_pred, inst.succ_cost[prev], from_succ,
                                                      inst.pred_cost[next], inst.targets[p]));
  }
  out.beta = std::max(out.beta, out.tau);
  return out;
}

}  // namespace

Ticks forwarding_bound(const RingInstance& inst) {
  const RingPrefix prefix = RingPrefix::of(inst);
  return forwarding_bound(inst, prefix, solve_system6(inst, prefix));
}

Ticks forwarding_bound(const RingInstance& inst, const RingPrefix& ring_prefix,
                       const System6Solution& system6) {
  REDIST_ASSERT(inst.bidirectional() && ring_prefix.size() == inst.size());
  const std::size_t n = inst.size();
  if (n < 2) return 0;
  const auto& prefix = ring_prefix.sums;
  // Beyond [lo, hi], tau only grows (every flow one sign).
  const std::int64_t lo = ring_prefix.lowest_shift(), hi = ring_prefix.highest_shift();
  const std::int64_t center = std::clamp(system6.integer_shift, lo, hi);
  const std::int64_t steps = std::max<std::int64_t>(2, 4'000'000 / static_cast<std::int64_t>(n));
  Ticks best = shift_times(inst, prefix, center).beta;
  for (const int dir : {-1, +1}) {
    std::int64_t x = center;
    for (std::int64_t k = 0;; ++k) {
      if ((dir < 0 && x <= lo) || (dir > 0 && x >= hi))
        break;  // tau(x) beyond is >= tau at the end
      x += dir;
      const ShiftTimes t = shift_times(inst, prefix, x);
      best = std::min(best, t.beta);
      if (t.tau >= best) break;  // convex tau: every shift further out has tau >= best
      if (k >= steps) {
        best = std::min(best, t.tau);  // not walked further: fall back to tau, a valid bound there
        break;
      }
    }
  }
  return best;
}

}  // namespace redist::ring
