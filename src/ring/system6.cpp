// System 6 of document 000 solved through the flow shift, without an LP solver.
//
// tau(x) = max over processors of send_i(x), recv_i(x) (system6.hpp). Each of these is a sum of two
// hinges, and max(a, 0) + max(b, 0) = max(0, a, b, a + b): tau is the upper envelope of the line 0,
// two lines per edge (succ[i] F_i and -pred[i+1] F_i) and one "both ports busy" line per unbalanced
// processor. The rational optimum of System 6 is the minimum of that envelope:
//   1. the breakpoints x = -S_j, sorted, bracket a minimiser: tau is convex, so a binary search on
//      the sign of tau(B[k+1]) - tau(B[k]) finds it in O(log n) evaluations of O(n);
//   2. on that bracket [xl, xr], a line below max_k min(line_k(xl), line_k(xr)) everywhere on it
//      can never be the maximum there: drop it (usually nearly every line goes);
//   3. the minimum of max(flat, G, H) with G the envelope of the rising lines and H that of the
//      falling ones is where G crosses H (clamped to the bracket): two sorts and a merge.
// Everything is exact: 128-bit integers, fractions compared without cross products.
// The integer optimum is at the floor or the ceiling of the rational minimiser (tau is convex;
// it is also document 000's Proposition 1).

#include "ring/system6.hpp"

#include <algorithm>
#include <array>
#include <limits>
#include <utility>

#include "redist/core/error.hpp"
#include "redist/core/flow.hpp"

namespace redist::ring {

namespace {

// ---- exact fractions
// ------------------------------------------------------------------------------

struct Fraction {
  Ticks num = 0;
  Ticks den = 1;  // > 0
};

// Sign of a - b without forming a.num * b.den (which can exceed 128 bits): compare the integer
// parts, then the remainders through their reciprocals (a continued-fraction expansion, Euclid's
// number of steps).
int compare(Fraction a, Fraction b) {
  int sign = 1;
  for (;;) {
    const Ticks whole_a = floor_div(a.num, a.den), whole_b = floor_div(b.num, b.den);
    if (whole_a != whole_b) return whole_a < whole_b ? -sign : sign;
    const Ticks rest_a = a.num - whole_a * a.den, rest_b = b.num - whole_b * b.den;  // in [0, den)
    if (rest_a == 0 || rest_b == 0) return rest_a == rest_b ? 0 : (rest_a == 0 ? -sign : sign);
    a = {a.den, rest_a};  // rest_a / den_a < rest_b / den_b  <=>  den_a / rest_a > den_b / rest_b
    b = {b.den, rest_b};
    sign = -sign;
  }
}

Ticks gcd(Ticks a, Ticks b) {
  if (a < 0) a = -a;
  if (b < 0) b = -b;
  while (b != 0) a = std::exchange(b, a % b);
  return a;
}

RationalTime reduced(Fraction f) {
  const Ticks g = gcd(f.num, f.den);
  return g > 1 ? RationalTime{f.num / g, f.den / g} : RationalTime{f.num, f.den};
}

// whole + rest / den with 0 <= rest < den: tau* at a crossing x = p / q. As one fraction its
// numerator is about tau* x q, up to 2^121 x 2^64 (issue 27 item 10: bidirectional instances with
// 6 cost decimals and loads of 10^9 passed 2^127 from n = 4 and were refused); as a mixed number
// each part fits 128 bits whenever tau* does.
struct MixedTime {
  Ticks whole = 0;
  Ticks rest = 0;
  Ticks den = 1;  // > 0
};

// The reduced fraction, when its numerator fits 128 bits.
std::optional<RationalTime> as_fraction(const MixedTime& t) {
  const Ticks g = gcd(t.rest, t.den);  // gcd(whole x den + rest, den) = gcd(rest, den)
  const Ticks den = t.den / g;
  const auto scaled = checked_mul(t.whole, den);
  const auto num = scaled ? checked_add(*scaled, t.rest / g) : std::nullopt;
  if (!num) return std::nullopt;
  return RationalTime{*num, den};
}

// A value that cannot overflow for a valid instance (every time fits 2^121: docs/limits.md), kept
// checked all the same.
Ticks fits(std::optional<Ticks> value) {
  if (!value) throw InternalError("System 6: a line's value does not fit 128-bit integers");
  return *value;
}

// ---- the lines whose envelope is tau ------------------------------------------------------------

struct Line {
  std::int64_t slope = 0;
  Ticks intercept = 0;
  [[nodiscard]] Ticks at(Ticks x) const { return slope * x + intercept; }
};

// Calls visit(line) for every line of tau's envelope (besides 0). The sum of P_i's two send hinges
// matters only where both are positive, which needs S_i > S_{i-1} (delta_i > 0); elsewhere it lies
// below one of its own terms. Likewise the two receive hinges need delta_i < 0.
template <class Visit>
void for_each_line(const RingInstance& inst, const std::vector<std::int64_t>& prefix,
                   Visit&& visit) {
  const std::size_t n = inst.size();
  const auto& succ = inst.succ_cost;
  const auto& pred = inst.pred_cost;
  for (std::size_t i = 0; i < n; ++i) {
    const std::size_t prev = (i + n - 1) % n, next = (i + 1) % n;
    const Ticks s = prefix[i], s_prev = prefix[prev];
    visit(Line{succ[i], succ[i] * s});          // edge i carried forward: F_i succ[i]
    visit(Line{-pred[next], -pred[next] * s});  // edge i carried back: -F_i pred[i+1]
    if (s > s_prev) visit(Line{succ[i] - pred[i], succ[i] * s - pred[i] * s_prev});
    if (s < s_prev) visit(Line{succ[prev] - pred[next], succ[prev] * s_prev - pred[next] * s});
  }
}

// Where lines a and b meet; requires a.slope < b.slope (so the denominator is positive).
Fraction meet(const Line& a, const Line& b) {
  return {a.intercept - b.intercept, static_cast<Ticks>(b.slope) - a.slope};
}

// The lines that form the upper envelope, by increasing slope.
std::vector<Line> upper_envelope(std::vector<Line> lines) {
  std::sort(lines.begin(), lines.end(), [](const Line& a, const Line& b) {
    return a.slope != b.slope ? a.slope < b.slope : a.intercept > b.intercept;
  });
  std::vector<Line> hull;
  for (const Line& line : lines) {
    if (!hull.empty() && hull.back().slope == line.slope) continue;  // parallel and not higher
    // The last line is hidden when the new one overtakes its predecessor no later than it does.
    while (hull.size() >= 2 && compare(meet(hull[hull.size() - 2], line),
                                       meet(hull[hull.size() - 2], hull.back())) <= 0)
      hull.pop_back();
    hull.push_back(line);
  }
  return hull;
}

struct Crossing {
  Fraction x;
  Line rising;  // the rising line active at x
};

// The x where the increasing envelope `rising` meets the decreasing envelope `falling`: walk both
// from the left; rising - falling is increasing, negative on the left of each window, so the window
// holds the crossing iff its two active lines meet before the window ends.
Crossing envelopes_cross(const std::vector<Line>& rising, const std::vector<Line>& falling) {
  std::size_t i = 0, j = 0;
  for (;;) {
    const Fraction x = meet(falling[j], rising[i]);
    const bool more_rising = i + 1 < rising.size(), more_falling = j + 1 < falling.size();
    if (!more_rising && !more_falling) return {x, rising[i]};
    bool step_rising = more_rising;
    if (more_rising && more_falling)
      step_rising = compare(meet(rising[i], rising[i + 1]), meet(falling[j], falling[j + 1])) <= 0;
    const Fraction window_end =
        step_rising ? meet(rising[i], rising[i + 1]) : meet(falling[j], falling[j + 1]);
    if (compare(x, window_end) <= 0) return {x, rising[i]};
    (step_rising ? i : j) += 1;
  }
}

// line(x) exactly: line(floor x) + slope * (x - floor x), the second term split into its whole
// part and the rest. |slope| < 2^63 and rest < den <= 2^64, so slope * rest fits.
MixedTime value_at(const Line& line, Fraction x) {
  const Ticks whole = floor_div(x.num, x.den), rest = x.num - whole * x.den;
  const Ticks base = fits(checked_add(fits(checked_mul(line.slope, whole)), line.intercept));
  const Ticks part = fits(checked_mul(line.slope, rest));
  const Ticks part_whole = floor_div(part, x.den);
  return {fits(checked_add(base, part_whole)), part - part_whole * x.den, x.den};
}

// ---- evaluation
// -----------------------------------------------------------------------------------

template <class Int>
Int positive_part(Int v) {
  return v > 0 ? v : 0;
}

// tau at K shifts in one pass over the ring (the binary search asks for two neighbours at once).
template <class Int, std::size_t K>
std::array<Ticks, K> times_at(const RingInstance& inst, const std::vector<std::int64_t>& prefix,
                              const std::array<std::int64_t, K>& shifts) {
  const std::size_t n = inst.size();
  const std::int64_t* succ = inst.succ_cost.data();
  const std::int64_t* pred = inst.pred_cost.data();
  std::array<Int, K> worst{};
  for (std::size_t i = 0; i < n; ++i) {
    const std::size_t prev = i == 0 ? n - 1 : i - 1, next = i + 1 == n ? 0 : i + 1;
    for (std::size_t k = 0; k < K; ++k) {
      const Int flow = static_cast<Int>(shifts[k]) + prefix[i],
                flow_prev = static_cast<Int>(shifts[k]) + prefix[prev];
      const Int send = positive_part(flow) * succ[i] + positive_part(-flow_prev) * pred[i];
      const Int recv = positive_part(flow_prev) * succ[prev] + positive_part(-flow) * pred[next];
      worst[k] = std::max(worst[k], std::max(send, recv));
    }
  }
  std::array<Ticks, K> result{};
  std::copy(worst.begin(), worst.end(), result.begin());
  return result;
}

// Evaluates tau exactly; in 64-bit arithmetic (cheaper than 128-bit) when the shifts lie in
// [-max S, -min S] and every flow times every cost, doubled, stays below 2^62 there.
class TauEvaluator {
 public:
  TauEvaluator(const RingInstance& inst, const RingPrefix& prefix)
      : inst_(inst), prefix_(prefix.sums) {
    lo_ = prefix.lowest_shift();
    hi_ = prefix.highest_shift();
    const std::int64_t max_cost =
        std::max(*std::max_element(inst.succ_cost.begin(), inst.succ_cost.end()),
                 *std::max_element(inst.pred_cost.begin(), inst.pred_cost.end()));
    narrow_ =
        2 * static_cast<Ticks>(prefix.hi - prefix.lo) * max_cost < (static_cast<Ticks>(1) << 62);
  }

  template <std::size_t K>
  std::array<Ticks, K> operator()(const std::array<std::int64_t, K>& shifts) const {
    if (inst_.size() < 2) return {};
    const bool in_range = std::all_of(shifts.begin(), shifts.end(),
                                      [&](std::int64_t x) { return lo_ <= x && x <= hi_; });
    return narrow_ && in_range ? times_at<std::int64_t>(inst_, prefix_, shifts)
                               : times_at<Ticks>(inst_, prefix_, shifts);
  }
  Ticks operator()(std::int64_t shift) const {
    return (*this)(std::array<std::int64_t, 1>{shift})[0];
  }

 private:
  const RingInstance& inst_;
  const std::vector<std::int64_t>& prefix_;
  std::int64_t lo_ = 0, hi_ = 0;
  bool narrow_ = false;
};

// ---- the three steps of the solver
// ---------------------------------------------------------------

struct Bracket {
  std::int64_t lo = 0;
  std::int64_t hi = 0;
};

// Step 1: breakpoints B[k] around the one with the least tau. Outside [-max S, -min S] every flow
// has one sign and tau only grows, so a minimiser lies among or between the breakpoints.
Bracket bracket_minimum(const TauEvaluator& tau, const std::vector<std::int64_t>& prefix) {
  std::vector<std::int64_t> breaks(prefix.size());
  std::transform(prefix.begin(), prefix.end(), breaks.begin(), [](std::int64_t s) { return -s; });
  std::sort(breaks.begin(), breaks.end());
  breaks.erase(std::unique(breaks.begin(), breaks.end()), breaks.end());
  std::size_t lo = 0, hi = breaks.size() - 1;  // tau(B[k]) is convex in k: first k not above k + 1
  while (lo < hi) {
    const std::size_t mid = lo + (hi - lo) / 2;
    const auto [left, right] = tau(std::array<std::int64_t, 2>{breaks[mid], breaks[mid + 1]});
    if (right >= left)
      hi = mid;
    else
      lo = mid + 1;
  }
  return {breaks[lo == 0 ? 0 : lo - 1], breaks[std::min(lo + 1, breaks.size() - 1)]};
}

struct RationalMinimum {
  MixedTime value;
  Fraction shift;
};

// Steps 2 and 3 on the bracket, which holds a minimiser.
RationalMinimum minimum_in_bracket(const RingInstance& inst,
                                   const std::vector<std::int64_t>& prefix, const TauEvaluator& tau,
                                   Bracket b) {
  const auto endpoint = [&](std::int64_t x) { return RationalMinimum{{tau(x), 0, 1}, {x, 1}}; };
  if (b.lo == b.hi) return endpoint(b.lo);
  // tau >= floor_value on the whole bracket, so a line below it at both ends never matters there.
  Ticks floor_value = 0;
  for_each_line(inst, prefix, [&](const Line& l) {
    floor_value = std::max(floor_value, std::min(l.at(b.lo), l.at(b.hi)));
  });
  std::vector<Line> rising, falling;
  Ticks flat = 0;
  for_each_line(inst, prefix, [&](const Line& l) {
    if (std::max(l.at(b.lo), l.at(b.hi)) < floor_value) return;
    if (l.slope > 0)
      rising.push_back(l);
    else if (l.slope < 0)
      falling.push_back(l);
    else
      flat = std::max(flat, l.intercept);
  });
  // On the bracket tau = max(flat, G, H); max(G, H) decreases left of the crossing, increases
  // right.
  if (rising.empty()) return endpoint(b.hi);
  if (falling.empty()) return endpoint(b.lo);
  const Crossing cross =
      envelopes_cross(upper_envelope(std::move(rising)), upper_envelope(std::move(falling)));
  if (compare(cross.x, {b.lo, 1}) <= 0) return endpoint(b.lo);
  if (compare(cross.x, {b.hi, 1}) >= 0) return endpoint(b.hi);
  MixedTime value = value_at(cross.rising, cross.x);
  if (value.whole < flat) value = {flat, 0, 1};  // whole + rest/den < flat iff whole < flat
  return {value, cross.x};
}

// The integer optimum: floor or ceiling of the rational minimiser, or, when some shift is light,
// the best light shift if it is as good (tau is convex, so on the light interval its integer
// minimum is at the clamped floor or ceiling).
void choose_integer_shift(const RingInstance& inst, const RingPrefix& prefix,
                          const TauEvaluator& tau, Fraction x, System6Solution& solution) {
  const auto below = static_cast<std::int64_t>(floor_div(x.num, x.den));
  const auto above = static_cast<std::int64_t>(ceil_div(x.num, x.den));
  std::vector<std::int64_t> candidates{below, above};
  const auto window = light_shifts(inst, prefix);
  if (window) {
    candidates.push_back(std::clamp(below, window->lo, window->hi));
    candidates.push_back(std::clamp(above, window->lo, window->hi));
  }
  bool have = false;
  for (const std::int64_t shift : candidates) {
    const Ticks time = tau(shift);
    const bool light = window && window->lo <= shift && shift <= window->hi;
    if (have && (time > solution.integer_optimum ||
                 (time == solution.integer_optimum && (!light || solution.integer_shift_light))))
      continue;
    solution.integer_optimum = time;
    solution.integer_shift = shift;
    solution.integer_shift_light = light;
    have = true;
  }
}

}  // namespace

System6Solution solve_system6(const RingInstance& inst, const RingPrefix& prefix) {
  REDIST_ASSERT(inst.bidirectional() && prefix.size() == inst.size());
  System6Solution solution;
  if (inst.size() < 2) {  // no link: nothing moves
    solution.integer_shift_light = true;
    return solution;
  }
  const TauEvaluator tau(inst, prefix);
  const RationalMinimum minimum =
      minimum_in_bracket(inst, prefix.sums, tau, bracket_minimum(tau, prefix.sums));
  solution.rational_optimum = as_fraction(minimum.value);
  solution.rational_shift = reduced(minimum.shift);
  choose_integer_shift(inst, prefix, tau, minimum.shift, solution);
  return solution;
}

System6Solution solve_system6(const RingInstance& inst) {
  return solve_system6(inst, RingPrefix::of(inst));
}

Ticks system6_time(const RingInstance& inst, const RingPrefix& prefix, std::int64_t shift) {
  REDIST_ASSERT(inst.bidirectional());
  REDIST_ASSERT(shift >= -kMaxTotalItems && shift <= kMaxTotalItems);
  if (inst.size() < 2) return 0;
  return TauEvaluator(inst, prefix)(shift);
}

Ticks system6_time(const RingInstance& inst, std::int64_t shift) {
  return system6_time(inst, RingPrefix::of(inst), shift);
}

bool is_light(const RingInstance& inst, const RingPrefix& prefix, std::int64_t shift) {
  const std::size_t n = inst.size();
  if (n < 2) return true;
  for (std::size_t i = 0; i < n; ++i) {
    const Ticks flow = static_cast<Ticks>(shift) + prefix.sums[i];
    const Ticks flow_prev = static_cast<Ticks>(shift) + prefix.sums[i == 0 ? n - 1 : i - 1];
    if (positive_part(flow) + positive_part(-flow_prev) > inst.loads[i]) return false;
  }
  return true;
}

bool is_light(const RingInstance& inst, std::int64_t shift) {
  return is_light(inst, RingPrefix::of(inst), shift);
}

std::optional<ShiftInterval> light_shifts(const RingInstance& inst, const RingPrefix& prefix) {
  const std::size_t n = inst.size();
  if (n < 2)
    return ShiftInterval{std::numeric_limits<std::int64_t>::min(),
                         std::numeric_limits<std::int64_t>::max()};
  // Every bound lies in [-total, total] (S_i >= loads[i] - total, S_{i-1} <= total - loads[i]): no
  // overflow.
  std::int64_t lo = std::numeric_limits<std::int64_t>::min(),
               hi = std::numeric_limits<std::int64_t>::max();
  for (std::size_t i = 0; i < n; ++i) {
    lo = std::max(lo, -prefix.sums[i == 0 ? n - 1 : i - 1] - inst.loads[i]);
    hi = std::min(hi, inst.loads[i] - prefix.sums[i]);
  }
  if (lo > hi) return std::nullopt;
  return ShiftInterval{lo, hi};
}

std::optional<ShiftInterval> light_shifts(const RingInstance& inst) {
  return light_shifts(inst, RingPrefix::of(inst));
}

}  // namespace redist::ring
