#include "redist/ring/bounds.hpp"

#include <algorithm>
#include <cmath>
#include <optional>

#include "redist/core/error.hpp"
#include "redist/core/flow.hpp"
#include "ring/forwarding_bound.hpp"
#include "ring/latency_bounds.hpp"
#include "ring/prefix_bounds.hpp"
#include "ring/ring_prefix.hpp"
#include "ring/system6.hpp"

namespace redist::ring {

namespace {

std::int64_t max_abs(const std::vector<std::int64_t>& values) {
  std::int64_t m = 0;
  for (auto v : values) m = std::max(m, v < 0 ? -v : v);
  return m;
}

}  // namespace

Ticks lemma1_bound(const RingInstance& inst, const RingPrefix& prefix) {
  REDIST_ASSERT(!inst.bidirectional() && inst.homogeneous());
  return static_cast<Ticks>(prefix.hi - prefix.lo) * inst.succ_cost.front();
}

Ticks lemma5_bound(const RingInstance& inst, const RingPrefix& prefix) {
  REDIST_ASSERT(!inst.bidirectional());
  const std::int64_t x = -prefix.lo;  // unidirectional_shift
  Ticks best = 0;
  for (std::size_t i = 0; i < prefix.size(); ++i)
    best = std::max(best, static_cast<Ticks>(x + prefix.sums[i]) * inst.succ_cost[i]);
  return best;
}

Ticks lemma6_bound(const RingInstance& inst, const RingPrefix& prefix) {
  REDIST_ASSERT(inst.bidirectional() && inst.homogeneous());
  const std::int64_t slices = (prefix.hi - prefix.lo + 1) / 2;
  return static_cast<Ticks>(std::max(max_abs(inst.imbalances()), slices)) * inst.succ_cost.front();
}

Ticks lemma1_bound(const RingInstance& inst) { return lemma1_bound(inst, RingPrefix::of(inst)); }
Ticks lemma5_bound(const RingInstance& inst) { return lemma5_bound(inst, RingPrefix::of(inst)); }
Ticks lemma6_bound(const RingInstance& inst) { return lemma6_bound(inst, RingPrefix::of(inst)); }

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

namespace {

// Lemma 12's slice terms, decided for a threshold T without looking at any split i:
//   min_i max(i a, (d - i) b) > T   <=>   d > floor(T / a) + floor(T / b)
// (some split fits under T iff the items each link can carry by T add up to d). With d = S_q - S_p
// for the slice between prefix positions p < q, a slice sending out exceeds T iff
//   S_q - floor(T / succ[l]) > S_p + floor(T / pred[k]),
// and one receiving exceeds T iff S_p - floor(T / succ[k-1]) > S_q + floor(T / pred[l+1]).
// A sliding-window extreme over p (slices of 2..n-1 processors) decides all slices in O(n), and a
// binary search over T finds the largest term exactly: O(n log(max time)) instead of O(n^2).
// The slice of 2..n-1 processors that exceeds T by the largest margin (d - floor(T/a) -
// floor(T/b)), found in O(n) with monotone windows over the doubled prefix array; nullopt when none
// exceeds T.
template <class Int>
class Lemma12Slices {
 public:
  Lemma12Slices(const RingInstance& inst, const std::vector<std::int64_t>& prefix)
      : inst_(inst), prefix_(prefix) {}

  struct Slice {
    std::size_t first;  // P_first .. P_last
    std::size_t last;
    bool sending;  // the slice has an excess to send (d > 0)
  };

  // Each pass takes 2n divisions, not 8 per slice end nor a modulo per window step: a slice from
  // position p + 1 to l sending out exceeds T by in_start[l] - out_start[p], and one receiving by
  // in_start[p] - out_start[l], since S_q - floor(T / succ[l]) = in_start[l] and
  // S_q + floor(T / pred[l+1]) = out_start[l]. (Dividing at every use took 43% of `redist bounds`
  // on a ring of 10^6.)
  std::optional<Slice> most_exceeding(Int t) {
    const std::size_t n = inst_.size();
    out_start_.resize(n);
    in_start_.resize(n);
    for (std::size_t p = 0; p < n; ++p) {
      const auto s = static_cast<Int>(prefix_[p]);
      out_start_[p] = s + t / inst_.pred_cost[(p + 1) % n];
      in_start_[p] = s - t / inst_.succ_cost[p];
    }
    // Positions run over [1, 2n): one subtraction, not a division, wraps them.
    const auto wrap = [n](std::size_t p) { return p < n ? p : p - n; };
    const auto out_start = [&](std::size_t p) { return out_start_[wrap(p)]; };
    const auto in_start = [&](std::size_t p) { return in_start_[wrap(p)]; };
    window_out_.clear();
    window_in_.clear();
    window_out_.reserve(n);
    window_in_.reserve(n);
    std::size_t out_head = 0, in_head = 0;  // deques as vectors with a head index
    std::optional<Slice> best;
    Int best_margin = 0;
    std::size_t next_p = 1;
    for (std::size_t q = n; q < 2 * n; ++q) {
      for (; next_p + 2 <= q; ++next_p) {  // admit start position p = q - 2
        const Int o = out_start(next_p), i = in_start(next_p);
        while (window_out_.size() > out_head && out_start(window_out_.back()) >= o)
          window_out_.pop_back();
        window_out_.push_back(next_p);
        while (window_in_.size() > in_head && in_start(window_in_.back()) <= i)
          window_in_.pop_back();
        window_in_.push_back(next_p);
      }
      while (window_out_[out_head] + n - 1 < q) ++out_head;  // drop p < q - n + 1
      while (window_in_[in_head] + n - 1 < q) ++in_head;
      const std::size_t l = q - n;
      const Int out_margin = in_start_[l] - out_start(window_out_[out_head]);
      const Int in_margin = in_start(window_in_[in_head]) - out_start_[l];
      if (out_margin > best_margin) {
        best_margin = out_margin;
        best = Slice{(window_out_[out_head] + 1) % n, l, true};
      }
      if (in_margin > best_margin) {
        best_margin = in_margin;
        best = Slice{(window_in_[in_head] + 1) % n, l, false};
      }
    }
    return best;
  }

  // The exact Lemma 12 term of one slice.
  Ticks term(const Slice& slice) const {
    const std::size_t n = inst_.size();
    const std::int64_t d = slice_imbalance(prefix_, slice.first, slice.last);
    if (slice.sending)
      return best_two_link_split(d, inst_.pred_cost[slice.first], inst_.succ_cost[slice.last]);
    return best_two_link_split(-d, inst_.succ_cost[(slice.first + n - 1) % n],
                               inst_.pred_cost[(slice.last + 1) % n]);
  }

 private:
  const RingInstance& inst_;
  const std::vector<std::int64_t>& prefix_;
  // Per pass: S_p + floor(T / pred[p+1]) and S_p - floor(T / succ[p]); the windows' positions.
  std::vector<Int> out_start_, in_start_;
  std::vector<std::size_t> window_out_, window_in_;
};

// Dinkelbach-style ascent: while some slice exceeds T, jump T to the exact term of the slice that
// exceeds it most. T only takes values of real slice terms and strictly increases, so it stops at
// the largest term; in practice after a handful of O(n) passes.
template <class Int>
Ticks largest_slice_term(const RingInstance& inst, const std::vector<std::int64_t>& prefix,
                         Ticks above) {
  Lemma12Slices<Int> slices(inst, prefix);
  Ticks t = above;
  while (const auto slice = slices.most_exceeding(static_cast<Int>(t))) {
    const Ticks next = slices.term(*slice);
    REDIST_ASSERT(next > t);
    t = next;
  }
  return t;
}

}  // namespace

Ticks lemma12_bound(const RingInstance& inst) { return lemma12_bound(inst, RingPrefix::of(inst)); }

Ticks lemma12_bound(const RingInstance& inst, const RingPrefix& prefix) {
  REDIST_ASSERT(inst.bidirectional() && prefix.size() == inst.size());
  const std::size_t n = inst.size();
  const auto delta = inst.imbalances();
  const auto& succ = inst.succ_cost;  // succ[i]: P_i -> P_{i+1}
  const auto& pred = inst.pred_cost;  // pred[i]: P_i -> P_{i-1}
  const auto next = [n](std::size_t i) { return (i + 1) % n; };
  const auto prev = [n](std::size_t i) { return (i + n - 1) % n; };

  // Single processors: all of |delta_k| through the faster port.
  Ticks best = 0;
  for (std::size_t k = 0; k < n; ++k) {
    if (delta[k] > 0)
      best = std::max(best, static_cast<Ticks>(delta[k]) * std::min(pred[k], succ[k]));
    if (delta[k] < 0)
      best = std::max(best, static_cast<Ticks>(-delta[k]) * std::min(succ[prev(k)], pred[next(k)]));
  }
  if (n < 3) return best;
  // No slice term exceeds |d| times its slower link.
  const std::int64_t max_cost = std::max(*std::max_element(succ.begin(), succ.end()),
                                         *std::max_element(pred.begin(), pred.end()));
  const Ticks ceiling = static_cast<Ticks>(prefix.hi - prefix.lo) * max_cost + 1;
  // 64-bit arithmetic whenever every quantity fits (|S| <= 2^62 always; T / cost <= T).
  if (ceiling < (static_cast<Ticks>(1) << 61))
    return largest_slice_term<std::int64_t>(inst, prefix.sums, best);
  return largest_slice_term<Ticks>(inst, prefix.sums, best);
}

RingBounds ring_lower_bounds(const RingInstance& inst) {
  return ring_lower_bounds(inst, RingPrefix::of(inst));
}

RingBounds ring_lower_bounds(const RingInstance& inst, const RingPrefix& prefix) {
  REDIST_ASSERT(prefix.size() == inst.size());
  // Start-ups change every bound (ring/latency_bounds.hpp); without them, document 000's.
  if (inst.has_latency()) return latency_lower_bounds(inst, prefix);
  RingBounds bounds;
  if (!inst.bidirectional()) {
    if (inst.homogeneous())
      bounds.terms.push_back({"lemma1", "document 000, Lemma 1 (homogeneous unidirectional)",
                              lemma1_bound(inst, prefix)});
    bounds.terms.push_back(
        {"lemma5", "document 000, Theorem 2 / Lemma 5 on positive slices (docs/errata.md item 2)",
         lemma5_bound(inst, prefix)});
  } else {
    if (inst.homogeneous())
      bounds.terms.push_back({"lemma6", "document 000, Lemma 6 (homogeneous bidirectional)",
                              lemma6_bound(inst, prefix)});
    // On a homogeneous ring Lemma 12 equals Lemma 6 (tested), so it is only computed when it can
    // differ.
    if (!inst.homogeneous())
      bounds.terms.push_back({"lemma12", "document 000, Lemma 12 (bidirectional, any costs)",
                              lemma12_bound(inst, prefix)});
    const System6Solution& system6 = bounds.system6.emplace(solve_system6(inst, prefix));
    bounds.terms.push_back({"system6_integer",
                            "document 000 System 6, integer optimum (docs/errata.md item 3)",
                            system6.integer_optimum});
    // Equal to tau_int when System 6's integer optimum is light: only worth computing otherwise.
    if (!system6.integer_shift_light)
      bounds.terms.push_back(
          {"forwarding",
           "System 6 plus forwarding delays at relays (docs/ring_bidirectional_heterogeneous.md)",
           forwarding_bound(inst, prefix, system6)});
  }
  for (const auto& term : bounds.terms) bounds.best = std::max(bounds.best, term.value);
  return bounds;
}

}  // namespace redist::ring
