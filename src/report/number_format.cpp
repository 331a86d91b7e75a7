#include "redist/report/number_format.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace redist::report {

namespace {

std::string printf_double(const char* format, int precision, double value) {
  char buffer[48];
  std::snprintf(buffer, sizeof buffer, format, precision, value);
  return buffer;
}

// Decimals that write every multiple of `step` exactly: 1 for 0.5 or 2.5, 2 for 0.25.
int decimals_for(double step) {
  for (int d = 0; d < 12; ++d) {
    const double scaled = step * std::pow(10.0, d);
    if (std::fabs(scaled - std::round(scaled)) < 1e-6 * std::max(1.0, scaled)) return d;
  }
  return 12;
}

}  // namespace

std::string format_tick(double value, double step) {
  if (std::fabs(value) < std::fabs(step) * 1e-9)
    return "0";  // no "-0.0" or "1.7e-17" at the origin
  const double magnitude = std::fabs(value);
  if (magnitude >= 1e6 || (magnitude > 0 && magnitude < 1e-4))
    return printf_double("%.*e", 0, value);
  return printf_double("%.*f", decimals_for(std::fabs(step)), value);
}

std::string format_log_tick(double value) {
  const double magnitude = std::fabs(value);
  if (magnitude >= 1e5 || (magnitude > 0 && magnitude < 1e-3))
    return printf_double("%.*e", 0, value);
  return format_significant(value, 6);
}

std::string format_significant(double value, int significant) {
  return printf_double("%.*g", significant, value);
}

}  // namespace redist::report
