#include "redist/ring/bounds.hpp"

#include <algorithm>
#include <cmath>

#include "redist/core/error.hpp"
#include "redist/core/flow.hpp"

namespace redist {

namespace {

std::int64_t prefix_range(const std::vector<std::int64_t>& prefix) {
  const auto [lo, hi] = std::minmax_element(prefix.begin(), prefix.end());
  return *hi - *lo;
}

std::int64_t max_abs(const std::vector<std::int64_t>& values) {
  std::int64_t m = 0;
  for (auto v : values) m = std::max(m, v < 0 ? -v : v);
  return m;
}

}  // namespace

Ticks lemma1_bound(const RingInstance& inst) {
  REDIST_ASSERT(!inst.bidirectional() && inst.homogeneous());
  return static_cast<Ticks>(prefix_range(prefix_sums(inst.imbalances()))) * inst.succ_cost.front();
}

Ticks lemma5_bound(const RingInstance& inst) {
  REDIST_ASSERT(!inst.bidirectional());
  const auto prefix = prefix_sums(inst.imbalances());
  const std::int64_t x = unidirectional_shift(prefix);
  Ticks best = 0;
  for (std::size_t i = 0; i < prefix.size(); ++i)
    best = std::max(best, static_cast<Ticks>(x + prefix[i]) * inst.succ_cost[i]);
  return best;
}

Ticks lemma6_bound(const RingInstance& inst) {
  REDIST_ASSERT(inst.bidirectional() && inst.homogeneous());
  const auto delta = inst.imbalances();
  const std::int64_t slices = (prefix_range(prefix_sums(delta)) + 1) / 2;
  return static_cast<Ticks>(std::max(max_abs(delta), slices)) * inst.succ_cost.front();
}

Ticks best_two_link_split(std::int64_t d, std::int64_t a, std::int64_t b) {
  REDIST_ASSERT(d >= 0 && a > 0 && b > 0);
  // max(i a, (d - i) b) is minimal where i a = (d - i) b, i.e. i* = d b / (a + b): the optimum over
  // integers is at floor(i*) or floor(i*) + 1.
  const Ticks i0 = static_cast<Ticks>(d) * b / (static_cast<Ticks>(a) + b);
  const auto value = [&](Ticks i) { return std::max(i * a, (d - i) * b); };
  Ticks best = value(i0);
  if (i0 + 1 <= d) best = std::min(best, value(i0 + 1));
  return best;
}

Ticks lemma12_bound(const RingInstance& inst) {
  REDIST_ASSERT(inst.bidirectional());
  const std::size_t n = inst.size();
  const auto delta = inst.imbalances();
  const auto& succ = inst.succ_cost;  // succ[i]: P_i -> P_{i+1}
  const auto& pred = inst.pred_cost;  // pred[i]: P_i -> P_{i-1}
  const auto next = [n](std::size_t i) { return (i + 1) % n; };
  const auto prev = [n](std::size_t i) { return (i + n - 1) % n; };

  Ticks best = 0;
  for (std::size_t k = 0; k < n; ++k) {
    if (delta[k] > 0) best = std::max(best, static_cast<Ticks>(delta[k]) * std::min(pred[k], succ[k]));
    if (delta[k] < 0) best = std::max(best, static_cast<Ticks>(-delta[k]) * std::min(succ[prev(k)], pred[next(k)]));
  }
  if (n < 3) return best;

  const auto prefix = prefix_sums(delta);
  const auto [lo, hi] = std::minmax_element(prefix.begin(), prefix.end());
  // Slice C_{k..l}, 2..n-1 processors, d = S_l - S_{k-1}. Sending: P_k -> P_{k-1} (pred[k]) and
  // P_l -> P_{l+1} (succ[l]); receiving: P_{k-1} -> P_k (succ[k-1]) and P_{l+1} -> P_l (pred[l+1]).
  for (std::size_t k = 0; k < n; ++k) {
    const std::int64_t before = prefix[prev(k)];
    const std::int64_t out_a = pred[k];
    const std::int64_t in_a = succ[prev(k)];
    // Whole-row screens: a slice's term is at most |d| times either of its link costs.
    const bool out_row = static_cast<Ticks>(*hi - before) * out_a > best;
    const bool in_row = static_cast<Ticks>(before - *lo) * in_a > best;
    if (!out_row && !in_row) continue;
    const double best_d = static_cast<double>(best);
    for (std::size_t step = 1; step + 1 < n; ++step) {
      const std::size_t l = (k + step) % n;
      const std::int64_t d = prefix[l] - before;
      if (d == 0) continue;
      const bool out = d > 0;
      const std::int64_t a = out ? out_a : in_a;
      const std::int64_t b = out ? succ[l] : pred[next(l)];
      const std::int64_t dd = out ? d : -d;
      // The exact term lies in [d a b / (a + b), d a b / (a + b) + max(a, b)): skip when even the top
      // of that range (with a relative margin for rounding) cannot beat the best so far.
      const double ad = static_cast<double>(a), bd = static_cast<double>(b);
      const double top = static_cast<double>(dd) * ad * bd / (ad + bd) + std::max(ad, bd);
      if (top * (1.0 + 1e-9) <= best_d) continue;
      const Ticks term = best_two_link_split(dd, a, b);
      if (term > best) best = term;
    }
  }
  return best;
}

RingBounds ring_lower_bounds(const RingInstance& inst) {
  RingBounds bounds;
  if (!inst.bidirectional()) {
    if (inst.homogeneous()) bounds.terms.push_back({"lemma1", "document 000, Lemma 1 (homogeneous unidirectional)", lemma1_bound(inst)});
    bounds.terms.push_back({"lemma5", "document 000, Theorem 2 / Lemma 5 on positive slices (ERRATA.md item 2)", lemma5_bound(inst)});
  } else {
    if (inst.homogeneous()) bounds.terms.push_back({"lemma6", "document 000, Lemma 6 (homogeneous bidirectional)", lemma6_bound(inst)});
    bounds.terms.push_back({"lemma12", "document 000, Lemma 12 (bidirectional, any costs)", lemma12_bound(inst)});
  }
  for (const auto& term : bounds.terms) bounds.best = std::max(bounds.best, term.value);
  return bounds;
}

}  // namespace redist
