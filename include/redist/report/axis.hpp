#pragma once
// A chart axis with round ticks ("nice numbers"): on a linear axis, multiples of a step 1, 2, 2.5
// or 5 x 10^k, the range widened to the ticks just outside the data so that the first and last tick
// frame it; on a log axis, ticks 1, 2, 5 x 10^k (only the decades when the range spans more than
// three), the range widened to the nearest such value.

#include <span>
#include <string>
#include <vector>

namespace redist::report {

/// The round step (1, 2, 2.5 or 5 x 10^k) that cuts `span` into about `target` intervals.
double nice_step(double span, int target = 5);

/// Round tick values inside [lo, hi] (see the file comment); empty when the range is empty or, on a
/// log axis, not positive.
std::vector<double> round_ticks(double lo, double hi, bool log_scale, int target = 5);

struct Axis {
  bool log = false;
  double lo = 0, hi = 1;      // the drawn range, in data units
  std::vector<double> ticks;  // round values in [lo, hi]
  double step = 1;            // distance between linear ticks (formatting); unused on a log axis

  /// Where `v` falls on the axis, 0 at lo and 1 at hi.
  [[nodiscard]] double fraction(double v) const;
  [[nodiscard]] std::vector<std::string> labels() const;
};

/// The axis for `values` (non-finite values, and on a log axis values <= 0, ignored): on a linear
/// axis from the round tick at or below the least value (or 0 when `include_zero`) to the one at or
/// above the greatest.
Axis fit_axis(std::span<const double> values, bool log_scale, bool include_zero);

}  // namespace redist::report
