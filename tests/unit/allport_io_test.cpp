// All-port instances and results as JSON: the docs/design.md formats, default and explicit targets,
// and bad input naming the file, the field and the index.

#include "redist/lau/allport_io.hpp"

#include <gtest/gtest.h>

#include "redist/core/error.hpp"

namespace redist::io {
namespace {

using Vec = std::vector<std::int64_t>;

sim::AllportInstance parse(const std::string& text) {
  return lau::allport_instance_from_json(parse_exact_json(text, "a.json"), "a.json");
}

std::string field_of_error(const std::string& text) {
  try {
    parse(text);
  } catch (const InputError& e) {
    EXPECT_EQ(e.file(), "a.json");
    return e.field();
  }
  return "<accepted>";
}

TEST(AllportIo, ReadsTheDesignExample) {
  const sim::AllportInstance inst = parse(R"({"model": "allport", "loads": [7, 0, 3, 1, 1, 0]})");
  EXPECT_EQ(inst.loads, (Vec{7, 0, 3, 1, 1, 0}));
  EXPECT_EQ(inst.targets, (Vec{2, 2, 2, 2, 2, 2}));
}

TEST(AllportIo, RemainderGoesToTheFirstProcessorsUnlessTargetsAreGiven) {
  EXPECT_EQ(parse(R"({"model": "allport", "loads": [3, 0, 0, 2]})").targets, (Vec{2, 1, 1, 1}));
  EXPECT_EQ(
      parse(R"({"model": "allport", "loads": [3, 0, 0, 2], "targets": [1, 1, 1, 2]})").targets,
      (Vec{1, 1, 1, 2}));
}

TEST(AllportIo, BadInputNamesFieldAndIndex) {
  EXPECT_EQ(field_of_error(R"({"loads": [1]})"), "<accepted>");  // "model" is optional
  EXPECT_EQ(field_of_error(R"({"model": 3, "loads": [1]})"), "model");
  EXPECT_EQ(field_of_error(R"({"model": "ring", "loads": [1]})"), "model");
  EXPECT_EQ(field_of_error(R"({"model": "allport", "loads": []})"), "loads");
  EXPECT_EQ(field_of_error(R"({"model": "allport", "loads": [1, -2]})"), "loads[1]");
  EXPECT_EQ(field_of_error(R"({"model": "allport", "loads": [1, 2.5]})"), "loads[1]");
  EXPECT_EQ(field_of_error(R"({"model": "allport", "loads": [1, "2"]})"), "loads[1]");
  EXPECT_EQ(field_of_error(R"({"model": "allport", "loads": 3})"), "loads");
  EXPECT_EQ(field_of_error(R"({"model": "allport", "loads": [1, 2], "targets": [3]})"), "targets");
  EXPECT_EQ(field_of_error(R"({"model": "allport", "loads": [1, 2], "targets": [2, 2]})"),
            "targets");
  EXPECT_EQ(field_of_error(R"({"model": "allport", "loads": [1, 2], "targets": [4, -1]})"),
            "targets[1]");
  EXPECT_EQ(field_of_error(R"({"model": "allport", "loads": [1], "speed": 2})"), "speed");
  EXPECT_EQ(field_of_error(
                R"({"model": "allport", "loads": [2000000000000000000, 2000000000000000000]})"),
            "loads[1]");  // the running total passes 2^61
}

TEST(AllportIo, LargestAcceptedTotal) {
  const std::string max = std::to_string(sim::kMaxAllportTotal);
  EXPECT_EQ(parse(R"({"model": "allport", "loads": [)" + max + ", 0]}").total(),
            sim::kMaxAllportTotal);
  EXPECT_EQ(field_of_error(R"({"model": "allport", "loads": [)" + max + ", 1]}"), "loads[1]");
}

TEST(AllportIo, InstanceRoundTrip) {
  for (const sim::AllportInstance& inst :
       {sim::allport_instance({5, 0, 0}), sim::AllportInstance{{5, 0, 0}, {0, 0, 5}}}) {
    const Json doc = lau::allport_instance_to_json(inst);
    EXPECT_EQ(doc.contains("targets"), inst.targets != sim::average_targets(inst.loads));
    const sim::AllportInstance back = lau::allport_instance_from_json(doc, "x");
    EXPECT_EQ(back.loads, inst.loads);
    EXPECT_EQ(back.targets, inst.targets);
  }
}

TEST(AllportIo, ResultHasTheDesignFields) {
  const sim::AllportInstance inst = sim::allport_instance({7, 0, 3, 1, 1, 0});
  const Json doc = lau_plan_to_json(inst, lau::plan_lau(inst, {}));
  EXPECT_EQ(doc.at("shift"), -3);
  EXPECT_EQ(doc.at("flows"), Json(Vec{2, 0, 1, 0, -1, -3}));
  EXPECT_EQ(doc.at("traffic"), 7);
  EXPECT_EQ(doc.at("T_single"), 2);
  EXPECT_EQ(doc.at("T_multi"), 2);
  EXPECT_EQ(doc.at("algorithm"), "optimal");
  EXPECT_EQ(doc.at("mode"), "single");
}

TEST(AllportIo, WideIntegersBeyond64BitsBecomeStrings) {
  EXPECT_EQ(wide_to_json(42), 42);
  EXPECT_EQ(wide_to_json(-7), -7);
  const __int128 big = static_cast<__int128>(INT64_MAX) * 1000;
  EXPECT_EQ(wide_to_json(big), "9223372036854775807000");
  EXPECT_EQ(wide_to_json(-big), "-9223372036854775807000");
}

}  // namespace
}  // namespace redist::io
