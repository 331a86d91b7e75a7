#include "redist/core/decimal.hpp"

#include <array>
#include <cmath>

#include "redist/core/error.hpp"

namespace redist {

namespace {
constexpr int kMaxPow = 38;

constexpr std::array<Ticks, kMaxPow + 1> make_pow10() {
  std::array<Ticks, kMaxPow + 1> p{};
  p[0] = 1;
  for (int k = 1; k <= kMaxPow; ++k) p[k] = p[k - 1] * 10;
  return p;
}
constexpr auto kPow10 = make_pow10();
constexpr Ticks kTicksMax = static_cast<Ticks>((~static_cast<unsigned __int128>(0)) >> 1);
}  // namespace

Ticks pow10_ticks(int k) {
  REDIST_ASSERT(k >= 0 && k <= kMaxPow);
  return kPow10[static_cast<std::size_t>(k)];
}

std::optional<Ticks> checked_mul(Ticks a, Ticks b) {
  Ticks r;
  if (__builtin_mul_overflow(a, b, &r)) return std::nullopt;
  return r;
}

std::optional<Ticks> checked_add(Ticks a, Ticks b) {
  Ticks r;
  if (__builtin_add_overflow(a, b, &r)) return std::nullopt;
  return r;
}

std::string unrepresentable_number(std::string_view text) {
  return "number " + echoed(text) + " cannot be represented exactly (at most " +
         std::to_string(kMaxTimeScale) +
         " decimals and 38 significant digits: a mantissa below 2^127)";
}

std::optional<Decimal> parse_decimal(std::string_view text) {
  std::size_t pos = 0;
  bool negative = false;
  if (pos < text.size() && (text[pos] == '-' || text[pos] == '+')) negative = text[pos++] == '-';
  Ticks mantissa = 0;
  long fraction = 0;  // digits after the point (long: a 4 GiB input cannot overflow it)
  // Zeros met since the last non-zero digit, multiplied in only when another non-zero digit
  // follows: 1.0000000000000000000000000000000000000000 is 1, not a 41-digit mantissa.
  long zeros = 0;
  bool any_digit = false;
  bool seen_point = false;
  for (; pos < text.size(); ++pos) {
    const char ch = text[pos];
    if (ch == '.' && !seen_point) {
      seen_point = true;
      continue;
    }
    if (ch < '0' || ch > '9') break;
    any_digit = true;
    if (seen_point) ++fraction;
    if (ch == '0') {
      if (mantissa != 0) ++zeros;  // a leading zero only shifts the scale
      continue;
    }
    for (; zeros > 0; --zeros) {
      if (mantissa > kTicksMax / 10) return std::nullopt;
      mantissa *= 10;
    }
    // Any mantissa that fits 128 bits (39 digits at most): the writers print times up to 2^127 - 1.
    // mantissa * 10 + digit <= kTicksMax, against constants: a 128-bit division per digit was most
    // of reading a decimal cost (0.4 microseconds each, 10^6 of them in a ring's costs).
    const int digit = ch - '0';
    if (mantissa > kTicksMax / 10 || (mantissa == kTicksMax / 10 && digit > kTicksMax % 10))
      return std::nullopt;
    mantissa = mantissa * 10 + digit;
  }
  if (!any_digit) return std::nullopt;
  long exponent = 0;
  if (pos < text.size() && (text[pos] == 'e' || text[pos] == 'E')) {
    ++pos;
    bool exp_negative = false;
    if (pos < text.size() && (text[pos] == '-' || text[pos] == '+'))
      exp_negative = text[pos++] == '-';
    bool any_exp = false;
    for (; pos < text.size() && text[pos] >= '0' && text[pos] <= '9'; ++pos) {
      any_exp = true;
      if (exponent < 100000) exponent = exponent * 10 + (text[pos] - '0');
    }
    if (!any_exp) return std::nullopt;
    if (exp_negative) exponent = -exponent;
  }
  if (pos != text.size()) return std::nullopt;
  if (mantissa == 0) return Decimal{0, 0};
  long scale = fraction - exponent - zeros;  // the zeros left over are the value's own
  while (scale < 0) {  // 12e3, 100: fold the positive power of ten into the mantissa
    if (mantissa > kTicksMax / 10) return std::nullopt;
    mantissa *= 10;
    ++scale;
  }
  if (scale > kMaxTimeScale) return std::nullopt;
  return Decimal{negative ? -mantissa : mantissa, static_cast<int>(scale)};
}

std::optional<Ticks> to_ticks(const Decimal& d, int scale) {
  if (scale < d.scale || scale - d.scale > kMaxPow) return std::nullopt;
  return checked_mul(d.mantissa, kPow10[static_cast<std::size_t>(scale - d.scale)]);
}

std::string format_int128(Ticks v) {
  if (v == 0) return "0";
  const bool negative = v < 0;
  unsigned __int128 u =
      negative ? -static_cast<unsigned __int128>(v) : static_cast<unsigned __int128>(v);
  std::string s;
  while (u != 0) {
    s.insert(s.begin(), static_cast<char>('0' + static_cast<int>(u % 10)));
    u /= 10;
  }
  return negative ? "-" + s : s;
}

std::string format_ticks(Ticks t, int scale) {
  if (scale == 0) return format_int128(t);
  const bool negative = t < 0;
  std::string digits = format_int128(negative ? -t : t);
  if (digits.size() <= static_cast<std::size_t>(scale))
    digits.insert(0, static_cast<std::size_t>(scale) + 1 - digits.size(), '0');
  std::string whole = digits.substr(0, digits.size() - static_cast<std::size_t>(scale));
  std::string frac = digits.substr(digits.size() - static_cast<std::size_t>(scale));
  while (!frac.empty() && frac.back() == '0') frac.pop_back();
  std::string out = (negative ? "-" : "") + whole;
  if (!frac.empty()) out += "." + frac;
  return out;
}

double ticks_to_double(Ticks t, int scale) {
  return static_cast<double>(t) / static_cast<double>(kPow10[static_cast<std::size_t>(scale)]);
}

Ticks floor_div(Ticks a, Ticks b) {
  Ticks q = a / b;
  if ((a % b != 0) && (a < 0)) --q;
  return q;
}

Ticks ceil_div(Ticks a, Ticks b) {
  Ticks q = a / b;
  if ((a % b != 0) && (a > 0)) ++q;
  return q;
}

}  // namespace redist
