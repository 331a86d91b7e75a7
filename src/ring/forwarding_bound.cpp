#include "redist/ring/forwarding_bound.hpp"

#include <algorithm>

#include "redist/core/error.hpp"
#include "redist/core/flow.hpp"
#include "redist/ring/system6.hpp"

namespace redist {

namespace {

Ticks positive(Ticks v) { return v > 0 ? v : 0; }

// tau(x) and beta(x) in one pass (system6.hpp's send and receive terms, plus the forwarding term).
struct ShiftTimes {
  Ticks tau = 0;
  Ticks beta = 0;
};

ShiftTimes shift_times(const RingInstance& inst, const std::vector<std::int64_t>& prefix, std::int64_t shift) {
  const std::size_t n = inst.size();
  ShiftTimes out;
  if (n < 2) return out;
  for (std::size_t p = 0; p < n; ++p) {
    const std::size_t prev = (p + n - 1) % n, next = (p + 1) % n;
    const Ticks right = static_cast<Ticks>(shift) + prefix[p];   // F_p
    const Ticks left = static_cast<Ticks>(shift) + prefix[prev];  // F_{p-1}
    const Ticks sends = positive(right) * inst.succ_cost[p] + positive(-left) * inst.pred_cost[p];
    const Ticks receives = positive(left) * inst.succ_cost[prev] + positive(-right) * inst.pred_cost[next];
    out.tau = std::max({out.tau, sends, receives});
    const Ticks late = positive(right) + positive(-left) - inst.loads[p];
    if (late <= 0) continue;
    const Ticks first_arrival = std::min(inst.succ_cost[prev], inst.pred_cost[next]);
    out.beta = std::max(out.beta, first_arrival + late * std::min(inst.succ_cost[p], inst.pred_cost[p]));
  }
  out.beta = std::max(out.beta, out.tau);
  return out;
}

}  // namespace

Ticks forwarding_bound(const RingInstance& inst) {
  REDIST_ASSERT(inst.bidirectional());
  const std::size_t n = inst.size();
  if (n < 2) return 0;
  const auto prefix = prefix_sums(inst.imbalances());
  const auto [lo_s, hi_s] = std::minmax_element(prefix.begin(), prefix.end());
  const std::int64_t lo = -*hi_s, hi = -*lo_s;  // beyond, tau only grows (every flow one sign)
  const std::int64_t center = std::clamp(solve_system6(inst).integer_shift, lo, hi);
  const std::int64_t steps = std::max<std::int64_t>(2, 4'000'000 / static_cast<std::int64_t>(n));
  Ticks best = shift_times(inst, prefix, center).beta;
  for (const int dir : {-1, +1}) {
    std::int64_t x = center;
    for (std::int64_t k = 0;; ++k) {
      if ((dir < 0 && x <= lo) || (dir > 0 && x >= hi)) break;  // tau(x) beyond is >= tau at the end
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

}  // namespace redist
