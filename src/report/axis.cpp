#include "redist/report/axis.hpp"

#include <algorithm>
#include <cmath>

#include "redist/report/number_format.hpp"

namespace redist::report {

namespace {

constexpr double kSlack = 1e-9;  // relative: 0.1 + 0.2 still counts as the tick 0.3

// The largest 1, 2 or 5 x 10^k at most v, and the smallest at least v (v > 0).
double round_below(double v) {
  const double decade = std::pow(10.0, std::floor(std::log10(v) + kSlack));
  for (double m : {5.0, 2.0, 1.0})
    if (m * decade <= v * (1 + kSlack)) return m * decade;
  return decade;
}

double round_above(double v) {
  const double decade = std::pow(10.0, std::floor(std::log10(v) - kSlack));
  for (double m : {1.0, 2.0, 5.0, 10.0})
    if (m * decade >= v * (1 - kSlack)) return m * decade;
  return 10 * decade;
}

std::vector<double> log_ticks(double lo, double hi) {
  std::vector<double> ticks;
  const int d0 = static_cast<int>(std::floor(std::log10(lo) + kSlack));
  const int d1 = static_cast<int>(std::ceil(std::log10(hi) - kSlack));
  const bool decades_only = d1 - d0 > 3;  // 1-2-5 in every decade would crowd the labels
  for (int d = d0; d <= d1; ++d)
    for (double m : {1.0, 2.0, 5.0}) {
      const double v = m * std::pow(10.0, d);
      if ((decades_only && m != 1.0) || v < lo * (1 - kSlack) || v > hi * (1 + kSlack)) continue;
      ticks.push_back(v);
    }
  return ticks;
}

// Integer multiples of the step (not repeated additions), so 0.3 is 3 x 0.1 and prints as such.
std::vector<double> linear_ticks(double lo, double hi, double step) {
  std::vector<double> ticks;
  for (double k = std::ceil(lo / step - kSlack); k * step <= hi + step * kSlack; k += 1)
    ticks.push_back(k == 0 ? 0.0 : k * step);
  return ticks;
}

}  // namespace

double nice_step(double span, int target) {
  if (!(span > 0) || !std::isfinite(span)) return 1;
  const double raw = span / std::max(1, target);
  const double decade = std::pow(10.0, std::floor(std::log10(raw)));
  for (double m : {1.0, 2.0, 2.5, 5.0})
    if (m * decade >= raw * (1 - kSlack)) return m * decade;
  return 10 * decade;
}

std::vector<double> round_ticks(double lo, double hi, bool log_scale, int target) {
  if (!(hi > lo) || !std::isfinite(lo) || !std::isfinite(hi)) return {};
  if (log_scale) return lo > 0 ? log_ticks(lo, hi) : std::vector<double>{};
  return linear_ticks(lo, hi, nice_step(hi - lo, target));
}

double Axis::fraction(double v) const {
  if (log) return (std::log10(v) - std::log10(lo)) / (std::log10(hi) - std::log10(lo));
  return (v - lo) / (hi - lo);
}

std::vector<std::string> Axis::labels() const {
  std::vector<std::string> out;
  for (double t : ticks) out.push_back(log ? format_log_tick(t) : format_tick(t, step));
  return out;
}

Axis fit_axis(std::span<const double> values, bool log_scale, bool include_zero) {
  Axis axis;
  axis.log = log_scale;
  std::vector<double> kept;
  for (double v : values)
    if (std::isfinite(v) && (!log_scale || v > 0)) kept.push_back(v);
  if (log_scale) {
    axis.lo = 1, axis.hi = 10;
    if (!kept.empty()) {  // out to the nearest 1, 2 or 5 x 10^k, not a whole decade (300 ends at
                          // 500)
      axis.lo = round_below(*std::min_element(kept.begin(), kept.end()));
      axis.hi = round_above(*std::max_element(kept.begin(), kept.end()));
      if (axis.hi <= axis.lo) axis.hi = axis.lo * 10;
    }
    axis.ticks = round_ticks(axis.lo, axis.hi, true);
    return axis;
  }
  double lo = kept.empty() ? 0 : *std::min_element(kept.begin(), kept.end());
  double hi = kept.empty() ? 1 : *std::max_element(kept.begin(), kept.end());
  if (include_zero) lo = std::min(lo, 0.0), hi = std::max(hi, 0.0);
  if (hi <= lo) hi = lo + (lo == 0 ? 1 : std::fabs(lo));
  axis.step = nice_step(hi - lo, 5);
  axis.lo = std::floor(lo / axis.step + kSlack) * axis.step;
  axis.hi = std::ceil(hi / axis.step - kSlack) * axis.step;
  axis.ticks = linear_ticks(axis.lo, axis.hi, axis.step);
  return axis;
}

}  // namespace redist::report
