#include "redist/io/exact_json.hpp"

#include <gtest/gtest.h>

#include "redist/core/error.hpp"

namespace redist::io {
namespace {

std::string error_of(const std::string& text) {
  try {
    parse_exact_json(text, "f.json");
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

TEST(ExactJson, KeepsDecimalsAsText) {
  const Json doc = parse_exact_json(R"({"a": 0.1, "b": 3, "c": [1e-3, 2]})", "f.json");
  const JsonPlace root{"f.json", ""};
  const Decimal a = as_decimal(doc["a"], root["a"]);
  EXPECT_EQ(static_cast<long long>(a.mantissa), 1);
  EXPECT_EQ(a.scale, 1);
  EXPECT_EQ(as_int64(doc["b"], root["b"]), 3);
  EXPECT_EQ(as_decimal(doc["c"][0], root["c"][0]).scale, 3);
}

TEST(ExactJson, RejectsHostileInputWithClearErrors) {
  EXPECT_NE(error_of(R"({"a": 1, "a": 2})").find("duplicate key"), std::string::npos);
  EXPECT_NE(error_of(std::string(100, '[') + std::string(100, ']')).find("nested deeper"),
            std::string::npos);
  EXPECT_NE(error_of(R"({"a": NaN})").find("malformed JSON at byte"), std::string::npos);
  EXPECT_NE(error_of(R"({"a": 1)").find("malformed JSON"), std::string::npos);
  EXPECT_NE(error_of("").find("malformed JSON"), std::string::npos);
}

TEST(ExactJson, TypedAccessorsNameTheField) {
  const Json doc = parse_exact_json(R"({"loads": [1, 2.5, -3], "n": "x"})", "f.json");
  const JsonPlace root{"f.json", ""};
  try {
    as_count_array(doc["loads"], root["loads"]);
    FAIL();
  } catch (const InputError& e) {
    EXPECT_EQ(e.field(), "loads[1]");
    EXPECT_NE(std::string(e.what()).find("integer"), std::string::npos);
  }
  EXPECT_THROW(as_int64(doc["n"], root["n"]), InputError);
  EXPECT_THROW(check_object_fields(doc, root, {"loads"}, {"loads"}), InputError);  // unknown "n"
  EXPECT_THROW(check_object_fields(doc, root, {}, {"targets"}), InputError);       // missing
}

TEST(ExactJson, HugeIntegersAreRejectedNotWrapped) {
  const Json doc = parse_exact_json(R"([99999999999999999999999, 18446744073709551615])", "f.json");
  const JsonPlace root{"f.json", "v"};
  EXPECT_THROW(as_int64(doc[0], root[0]), InputError);
  EXPECT_THROW(as_int64(doc[1], root[1]), InputError);
}

TEST(ExactJson, TicksToJsonRoundTripsDecimals) {
  EXPECT_EQ(ticks_to_json(3, 1).dump(), "0.3");
  EXPECT_EQ(ticks_to_json(40, 1).dump(), "4");
  EXPECT_EQ(ticks_to_json(7, 0).dump(), "7");
}

}  // namespace
}  // namespace redist::io
