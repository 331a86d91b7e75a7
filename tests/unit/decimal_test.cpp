#include "redist/core/decimal.hpp"

#include <gtest/gtest.h>

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
