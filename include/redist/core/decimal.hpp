#pragma once
// Exact decimal numbers and exact time.
//
// Costs and start times are written by people as decimals ("0.1"). A double cannot hold 0.1, and a
// validator that rounds could accept an invalid schedule (docs/design.md: "times are computed
// exactly"). So every time in redist is an integer count of ticks, a tick being 10^-scale time
// units, held in a 128-bit integer: 10^12 items times a cost of 10^18 ticks still fits with room
// for sums.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "redist/core/wide_int.hpp"

namespace redist {

using Ticks = Int128;

/// The largest number of decimal digits after the point that redist represents exactly.
inline constexpr int kMaxTimeScale = 18;

/// value = mantissa * 10^-scale, scale in [0, kMaxTimeScale] after normalisation.
struct Decimal {
  Ticks mantissa = 0;
  int scale = 0;
};

/// Parses JSON number syntax (optional sign, digits, fraction, exponent) exactly.
/// Returns nullopt when the text is not a number or needs more than kMaxTimeScale decimals
/// or a mantissa (its digits without the point) of 2^127 or more (about 38 digits). Trailing zeros
/// cost nothing: 1.0000000000000000000000000000000000000000 is 1.
std::optional<Decimal> parse_decimal(std::string_view text);

/// "number TEXT cannot be represented exactly (at most 18 decimals and 38 significant digits)",
/// TEXT shortened as echoed() does: the reason every reader gives when parse_decimal refuses.
std::string unrepresentable_number(std::string_view text);

/// 10^k for k in [0, 38].
Ticks pow10_ticks(int k);

/// The decimal expressed in ticks of 10^-scale; nullopt when it is not a whole number of ticks
/// (the decimal has more digits than `scale`) or does not fit.
std::optional<Ticks> to_ticks(const Decimal& d, int scale);

/// Checked arithmetic on ticks: nullopt on overflow.
std::optional<Ticks> checked_mul(Ticks a, Ticks b);
std::optional<Ticks> checked_add(Ticks a, Ticks b);

/// Exact decimal text of ticks at a scale: format_ticks(125, 1) == "12.5", format_ticks(3, 0) ==
/// "3".
std::string format_ticks(Ticks t, int scale);
std::string format_int128(Ticks v);

/// Nearest double (for JSON output and plots; never for decisions).
double ticks_to_double(Ticks t, int scale);

/// floor(a / b) for b > 0.
Ticks floor_div(Ticks a, Ticks b);
/// ceil(a / b) for b > 0.
Ticks ceil_div(Ticks a, Ticks b);

}  // namespace redist
