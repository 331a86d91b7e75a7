// io::json_text, the one layout of every JSON document redist prints or writes.

#include "redist/io/json_text.hpp"

#include <gtest/gtest.h>

namespace redist::io {
namespace {

TEST(JsonText, OneMemberPerLineNestedValuesCompact) {
  const Json doc = {{"b", 2},
                    {"a", {1, 2, 3}},
                    {"flat", {{"x", 1}}},
                    {"rows", Json::array({{{"k", 1}}, {{"k", 2}}})}};
  EXPECT_EQ(json_text(doc),
            "{\n  \"a\": [1,2,3],\n  \"b\": 2,\n  \"flat\": {\"x\":1},\n  \"rows\": [\n    "
            "{\"k\":1},\n    {\"k\":2}\n  ]\n}\n");
}

TEST(JsonText, RawMemberGoesLastAndTheWholeParses) {
  const std::string text = json_text(Json{{"n", 1}}, {"big", "[\n    1,\n    2\n  ]"});
  EXPECT_EQ(text, "{\n  \"n\": 1,\n  \"big\": [\n    1,\n    2\n  ]\n}\n");
  EXPECT_EQ(Json::parse(text)["big"].size(), 2u);
  EXPECT_EQ(json_text(Json::object(), {"only", "[]"}), "{\n  \"only\": []\n}\n");
}

TEST(JsonText, WideIntegersBeyond64BitsAreDecimalStrings) {
  EXPECT_EQ(wide_to_json(-7), -7);
  const Int128 big = static_cast<Int128>(INT64_MAX) * 1000;
  EXPECT_EQ(wide_to_json(big), "9223372036854775807000");
}

}  // namespace
}  // namespace redist::io
