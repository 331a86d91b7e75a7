#include "redist/core/decimal.hpp"

#include <gtest/gtest.h>

#include "redist/core/error.hpp"

namespace redist {
namespace {

void expect_decimal(const char* text, Ticks mantissa, int scale) {
  const auto d = parse_decimal(text);
  ASSERT_TRUE(d.has_value()) << text;
  EXPECT_EQ(format_int128(d->mantissa), format_int128(mantissa)) << text;
  EXPECT_EQ(d->scale, scale) << text;
}

TEST(Decimal, ParsesExactly) {
  expect_decimal("0.1", 1, 1);
  expect_decimal("1.50", 15, 1);
  expect_decimal("12e3", 12000, 0);
  expect_decimal("1E-9", 1, 9);
  expect_decimal("2.5e-1", 25, 2);
  expect_decimal("-0", 0, 0);
  expect_decimal("0.000", 0, 0);
  expect_decimal("1000000000000", 1000000000000LL, 0);
  expect_decimal("0.000000000000000001", 1, 18);
}

TEST(Decimal, RejectsWhatItCannotHoldExactly) {
  EXPECT_FALSE(parse_decimal("abc"));
  EXPECT_FALSE(parse_decimal("1e-30"));
  EXPECT_FALSE(parse_decimal("1e400"));
  EXPECT_FALSE(parse_decimal("1." + std::string(50, '1')));
  EXPECT_FALSE(parse_decimal(""));
  EXPECT_FALSE(parse_decimal("1e"));
  EXPECT_FALSE(parse_decimal("NaN"));
}

// Issue 27: 1.0000000000000000000000000000000000000000 was "not representable" (its zeros entered
// the mantissa before being stripped); trailing zeros now cost nothing, wherever they stand.
TEST(Decimal, TrailingZerosNeverOverflow) {
  // head, then `count` copies of `digit`, then tail (appended: GCC 12 warns on "1" + std::string).
  const auto text = [](const char* head, std::size_t count, char digit, const char* tail = "") {
    return std::string(head).append(count, digit).append(tail);
  };
  expect_decimal(text("1.", 40, '0').c_str(), 1, 0);
  expect_decimal(text("1.5", 1000, '0').c_str(), 15, 1);
  expect_decimal(text("0.000000000000000001", 100, '0').c_str(), 1, 18);
  expect_decimal("100", 100, 0);
  expect_decimal("10.5", 105, 1);
  expect_decimal("1000.0001", 10000001, 4);
  expect_decimal("10e-19", 1, 18);
  expect_decimal(text("1", 38, '0', ".0").c_str(), pow10_ticks(38), 0);
  // Zeros that are the value's own still count: 10^39 does not fit, nor 19 decimals.
  EXPECT_FALSE(parse_decimal(text("1", 39, '0')));
  EXPECT_FALSE(parse_decimal(text("1.", 18, '0', "1")));
  EXPECT_FALSE(parse_decimal(text("1", 30, '0', "10000000000")));
}

// A refusal quotes the number shortened (a 10^6-digit number made a megabyte of stderr) and names
// the limits.
TEST(Decimal, RefusalQuotesAShortenedNumber) {
  const std::string digits = std::string("1.").append(1000000, '3');
  EXPECT_FALSE(parse_decimal(digits));
  const std::string message = unrepresentable_number(digits);
  EXPECT_LT(message.size(), 200U);
  EXPECT_NE(message.find("1.333"), std::string::npos);
  EXPECT_NE(message.find("(1000002 bytes)"), std::string::npos);
  EXPECT_NE(message.find("at most 18 decimals and 38 significant digits"), std::string::npos);
  EXPECT_EQ(unrepresentable_number("1e-30"),
            "number 1e-30 cannot be represented exactly (at most 18 decimals and 38 significant "
            "digits: a mantissa below 2^127)");
  EXPECT_EQ(echoed(std::string(64, 'x')), std::string(64, 'x'));
  EXPECT_EQ(echoed(std::string(65, 'x')), std::string(32, 'x').append("...(65 bytes)"));
  // A cut never splits a UTF-8 character: 31 ASCII bytes, then two-byte characters.
  std::string utf8 = std::string(31, 'a');
  for (int i = 0; i < 20; ++i) utf8 += "\xC3\xA9";
  EXPECT_EQ(echoed(utf8), std::string(31, 'a').append("...(71 bytes)"));
}

TEST(Decimal, MantissasUpToTwoToThe127MinusOne) {
  // The last digit decides at the edge: 2^127 - 1 is held, one more is refused.
  const Ticks largest = static_cast<Ticks>((~static_cast<unsigned __int128>(0)) >> 1);
  expect_decimal("170141183460469231731687303715884105727", largest, 0);
  expect_decimal("17014118346046923173168730371588410572.7", largest, 1);
  EXPECT_FALSE(parse_decimal("170141183460469231731687303715884105728"));
  EXPECT_FALSE(parse_decimal("170141183460469231731687303715884105730"));
  EXPECT_FALSE(parse_decimal("1701411834604692317316873037158841057270"));
  expect_decimal("170141183460469231731687303715884105719", largest - 8, 0);
}

TEST(Decimal, TicksAndFormatting) {
  EXPECT_EQ(format_ticks(125, 1), "12.5");
  EXPECT_EQ(format_ticks(3, 0), "3");
  EXPECT_EQ(format_ticks(5, 3), "0.005");
  EXPECT_EQ(format_ticks(-5, 1), "-0.5");
  EXPECT_EQ(format_ticks(300, 2), "3");
  const auto t = to_ticks(*parse_decimal("0.25"), 3);
  ASSERT_TRUE(t);
  EXPECT_EQ(static_cast<long long>(*t), 250);
  EXPECT_FALSE(to_ticks(*parse_decimal("0.25"), 1));  // not a whole number of tenths
}

TEST(Decimal, CheckedArithmeticAndDivision) {
  const Ticks big = pow10_ticks(38);
  EXPECT_FALSE(checked_mul(big, 10));
  EXPECT_TRUE(checked_mul(big / 100, 10));
  EXPECT_EQ(static_cast<long long>(floor_div(-7, 2)), -4);
  EXPECT_EQ(static_cast<long long>(ceil_div(-7, 2)), -3);
  EXPECT_EQ(static_cast<long long>(ceil_div(7, 2)), 4);
  EXPECT_EQ(static_cast<long long>(floor_div(7, 2)), 3);
}

}  // namespace
}  // namespace redist
