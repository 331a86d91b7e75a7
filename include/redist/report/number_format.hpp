#pragma once
// Numbers as a reader sees them on a figure: tick labels with exactly the decimals their spacing
// needs (0.25, 0.5, 0.75, never 0.22 or 13.20), and compact powers of ten on log axes.

#include <string>

namespace redist::report {

/// `value` written with as many decimals as `step` (the distance between neighbouring ticks) needs:
/// step 2.5 -> "7.5", step 0.25 -> "0.75", step 50 -> "150"; beyond 10^6 or below 10^-4 in
/// scientific form ("2e+06"). Zero (and rounding noise about it) prints as "0".
std::string format_tick(double value, double step);

/// A tick of a log axis: "0.01", "1", "200", then "1e+05" from 10^5 on (and "1e-04" below 10^-3).
std::string format_log_tick(double value);

/// `value` with `significant` significant digits and no trailing zeros ("%.*g").
std::string format_significant(double value, int significant);

}  // namespace redist::report
