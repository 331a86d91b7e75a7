#include "redist/lau/optimal.hpp"

#include <algorithm>
#include <limits>
#include <tuple>
#include <vector>

#include "redist/core/error.hpp"

namespace redist::lau {

namespace {

// For every window length w = 1..n, the least maximum over the n cyclic windows of w consecutive
// values: out[w]. Cut the ring at a largest element (every window through the cut has the largest
// value as its maximum). Every other window lies inside the arc of its rightmost maximum v_j: the
// widest run around j with nothing larger on the left and nothing as large on the right, and v_j is
// the maximum of every window in that arc; so out[w] = min { v_j : arc_j >= w }. One monotone-stack
// pass finds every arc: an element's arc ends when a value at least as large pops it. O(n).
void least_window_maxima(const std::vector<std::int64_t>& v, std::vector<std::size_t>& stack,
                         std::vector<std::int64_t>& out) {
  const std::size_t n = v.size();
  const std::size_t top =
      static_cast<std::size_t>(std::max_element(v.begin(), v.end()) - v.begin());
  const auto at = [&](std::size_t k) {
    return v[top + k < n ? top + k : top + k - n];
  };  // k in [0, n]
  out.assign(n + 2, std::numeric_limits<std::int64_t>::max());
  stack.clear();
  for (std::size_t k = 0; k <= n; ++k) {  // position n is the cut element again: it pops everything
    const std::int64_t value = at(k);
    while (!stack.empty() && at(stack.back()) <= value) {
      const std::size_t j = stack.back();
      stack.pop_back();
      const std::size_t arc = stack.empty() ? k : k - stack.back() - 1;
      out[arc] = std::min(out[arc], at(j));
    }
    stack.push_back(k);
  }
  for (std::size_t w = n; w-- > 1;) out[w] = std::min(out[w], out[w + 1]);
}

struct Probe {
  bool feasible = false;
  ShiftRange range;  // shifts reaching the probed time, when feasible
};

// Single-send: with X+(c) = least_window_maxima(a)[c + 1] and X-(c) = -least_window_maxima(-b)[c +
// 1] known for every chain bound c at once, the least c with X-(c) <= X+(c) is found by one scan.
std::pair<std::size_t, Probe> least_single_chain(const sim::ShiftEvaluator& eval) {
  const auto& l = eval.loads();
  const auto& s = eval.base();
  const std::size_t n = l.size();
  std::vector<std::int64_t> a(n), minus_b(n), upper, lower;
  for (std::size_t j = 0; j < n; ++j) {
    a[j] = l[j] - s[j];                             // red positive iff x > a_j
    minus_b[j] = s[j == 0 ? n - 1 : j - 1] + l[j];  // red negative iff x < b_j = -minus_b[j]
  }
  std::vector<std::size_t> stack;
  stack.reserve(n + 1);
  least_window_maxima(a, stack, upper);
  least_window_maxima(minus_b, stack, lower);
  for (std::size_t c = 0; c < n; ++c)
    if (-lower[c + 1] <= upper[c + 1]) return {c, {true, {-lower[c + 1], upper[c + 1]}}};
  REDIST_ASSERT(false);  // c = n - 1 is feasible: min b <= max a because b_j <= a_j
  return {};
}

// Multi-send: can every edge finish within m steps? Uses prefix sums of the loads.
struct MultiProbe {
  const std::vector<std::int64_t>& s;
  std::vector<std::int64_t> prefix;  // prefix[k] = l_0 + ... + l_{k-1}

  explicit MultiProbe(const sim::ShiftEvaluator& eval)
      : s(eval.base()), prefix(eval.size() + 1, 0) {
    for (std::size_t k = 0; k < eval.size(); ++k) prefix[k + 1] = prefix[k] + eval.loads()[k];
  }
  Probe operator()(std::size_t m) const {
    const std::size_t n = s.size();
    const std::int64_t total = prefix[n];
    std::int64_t upper = 0, lower = 0;
    for (std::size_t j = 0; j < n; ++j) {
      // B_j(m) = l_{j-m+1} + ... + l_j and F_j(m) = l_{j+1} + ... + l_{j+m}, cyclically, m <= n.
      const std::int64_t back = m <= j + 1 ? prefix[j + 1] - prefix[j + 1 - m]
                                           : prefix[j + 1] + total - prefix[n + j + 1 - m];
      const std::int64_t ahead = j + m < n ? prefix[j + m + 1] - prefix[j + 1]
                                           : total - prefix[j + 1] + prefix[j + m + 1 - n];
      upper = j == 0 ? back - s[j] : std::min(upper, back - s[j]);
      lower = j == 0 ? -s[j] - ahead : std::max(lower, -s[j] - ahead);
    }
    return {lower <= upper, {lower, upper}};
  }
};

// The least k in [first, last] whose probe is feasible (the probe at `last` must be): doubling
// steps then bisection, so O(log(k* - first)) probes.
template <class ProbeFn>
std::pair<std::size_t, Probe> least_feasible(const ProbeFn& probe, std::size_t first,
                                             std::size_t last, int& probes) {
  Probe p = probe(first);
  ++probes;
  if (p.feasible) return {first, p};
  std::size_t infeasible = first;  // invariant: probe(infeasible) failed, probe(hi) succeeded
  std::size_t step = 1, hi = first;
  Probe hi_probe;
  for (;;) {
    hi = std::min(last, infeasible + step);
    hi_probe = probe(hi);
    ++probes;
    if (hi_probe.feasible) break;
    REDIST_ASSERT(hi < last);
    infeasible = hi;
    step *= 2;
  }
  while (hi - infeasible > 1) {
    const std::size_t mid = infeasible + (hi - infeasible) / 2;
    Probe q = probe(mid);
    ++probes;
    if (q.feasible) {
      hi = mid;
      hi_probe = q;
    } else {
      infeasible = mid;
    }
  }
  return {hi, hi_probe};
}

}  // namespace

OptimalShift optimal_shift(const sim::ShiftEvaluator& eval, sim::SendMode mode) {
  OptimalShift r;
  const std::size_t n = eval.size();
  if (eval.balanced()) {  // nothing to move: shift 0 takes no step at all
    r.optimal = {0, 0};
    return r;
  }
  std::size_t k = 0;
  Probe p;
  if (mode == sim::SendMode::single) {
    std::tie(k, p) = least_single_chain(eval);
    r.probes = 2;  // two window-extrema profiles
    r.time = {static_cast<std::int64_t>(k) + 1, false};
  } else {
    // Some edge moves, so T_m >= 1; T_m = n is always reachable (max S - min S <= L).
    std::tie(k, p) = least_feasible(MultiProbe(eval), 1, n, r.probes);
    r.time = {static_cast<std::int64_t>(k), false};
  }
  r.optimal = p.range;
  r.shift = std::clamp(traffic_shift(eval.base(), TrafficRule::corrected), p.range.lo, p.range.hi);
  return r;
}

}  // namespace redist::lau
