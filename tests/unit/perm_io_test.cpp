// Permutation instance JSON: both forms, and a precise one-line error for every kind of bad input.

#include <gtest/gtest.h>

#include "redist/core/error.hpp"
#include "redist/perm/perm_io.hpp"

namespace redist::perm {
namespace {

std::string error_of(const std::string& text) {
  try {
    parse_perm_instance(text, "in.json");
  } catch (const InputError& e) {
    EXPECT_EQ(e.file(), "in.json");
    return e.field() + ": " + e.reason();
  }
  return "no error";
}

TEST(PermIo, CountsForm) {
  const auto inst = parse_perm_instance(R"({"counts": [[3, 0], [1, 2]]})", "x");
  EXPECT_EQ(inst.processors(), 2U);
  EXPECT_EQ(inst.count(0, 0), 3);
  EXPECT_EQ(inst.count(1, 0), 1);
  EXPECT_EQ(inst.total_items(), 6);
  EXPECT_EQ(parse_perm_instance(R"({"counts": [[0]]})", "x").processors(), 1U);
}

TEST(PermIo, ItemsForm) {
  const auto inst =
      parse_perm_instance(R"({"initial": [0, 0, 1, 2], "partition": [1, 0, 1, 1]})", "x");
  EXPECT_EQ(inst.processors(), 3U);  // 1 + the largest id
  EXPECT_EQ(inst.count(0, 1), 1);
  EXPECT_EQ(inst.count(2, 1), 1);
  EXPECT_EQ(inst.part_size(2), 0);  // an empty part is fine
  const auto wide =
      parse_perm_instance(R"({"processors": 5, "initial": [0], "partition": [0]})", "x");
  EXPECT_EQ(wide.processors(), 5U);
  const auto none =
      parse_perm_instance(R"({"initial": [], "partition": [], "processors": 2})", "x");
  EXPECT_EQ(none.total_items(), 0);
}

TEST(PermIo, RoundTripOfWriters) {
  const auto inst = parse_perm_instance(R"({"counts": [[3, 0, 1], [1, 2, 0], [0, 0, 9]]})", "x");
  const auto back = parse_perm_instance(perm_counts_text(inst), "x");
  for (perm::Proc i = 0; i < 3; ++i)
    for (perm::Proc j = 0; j < 3; ++j) EXPECT_EQ(back.count(i, j), inst.count(i, j));
  perm::ItemLayout layout{4, {0, 1, 3}, {2, 2, 0}, {}};
  const auto items = parse_perm_instance(perm_items_text(layout), "x");
  EXPECT_EQ(items.processors(), 4U);
  EXPECT_EQ(items.count(3, 0), 1);
}

TEST(PermIo, BadInputNamesFieldAndIndex) {
  EXPECT_EQ(error_of(R"({"counts": [[1, 2], [3]]})"),
            "counts[1]: has 1 entries, expected 2 like counts[0] (the matrix must be P x P)");
  EXPECT_EQ(error_of(R"({"counts": [[1, 2], [3, 4, 5]]})"),
            "counts[1][2]: one entry too many: expected 2 per row like counts[0]");
  EXPECT_EQ(error_of(R"({"counts": [[1, 2]]})"),
            "counts: has 1 rows of 2 entries; the matrix must be square (one row per processor, "
            "one column per part)");
  EXPECT_EQ(error_of(R"({"counts": [[1], [2]]})"),
            "counts[1]: one row too many: the matrix must be square (P rows of P counts)");
  EXPECT_EQ(error_of(R"({"counts": [[1, 2], [3, -4]]})"), "counts[1][1]: must be >= 0, got -4");
  EXPECT_EQ(error_of(R"({"counts": [[1, 2.5], [3, 4]]})"),
            "counts[0][1]: must be an integer, got 2.5");
  EXPECT_EQ(error_of(R"({"counts": []})"), "counts: must have at least one row (P >= 1)");
  EXPECT_EQ(error_of(R"({"counts": [[]]})"),
            "counts[0]: empty row: the matrix must be P x P with P >= 1");
  EXPECT_EQ(error_of(R"({"counts": [1, 2]})"),
            "counts[0]: must be an array of arrays (P x P), got a number");
  EXPECT_EQ(error_of(R"({"counts": [["a"]]})"),
            "counts[0][0]: must be a non-negative integer, got a string");
  EXPECT_EQ(error_of(R"({"initial": [0, 1], "partition": [0]})"),
            "partition: has 1 entries but initial has 2 (one entry per item)");
  EXPECT_EQ(error_of(R"({"initial": [0, -1], "partition": [0, 0]})"),
            "initial[1]: must be >= 0, got -1");
  EXPECT_EQ(error_of(R"({"processors": 2, "initial": [0, 2], "partition": [0, 0]})"),
            "initial[1]: processor id 2 out of range [0, 2)");
  EXPECT_EQ(error_of(R"({"initial": [0, 1], "partition": [0, 3], "processors": 2})"),
            "partition[1]: part id 3 out of range [0, 2)");
  EXPECT_EQ(error_of(R"({"initial": [0]})"), "partition: missing required field");
  EXPECT_EQ(error_of(R"({"initial": [], "partition": []})"),
            "processors: no items and no processor count: add \"processors\": P");
  EXPECT_EQ(error_of(R"({"counts": [[1]], "initial": [0]})"),
            "initial: the counts form cannot be combined with initial/partition");
  EXPECT_EQ(error_of(R"({"counts": [[1]], "colour": 1})"),
            "colour: unknown field (expected counts, or initial and partition, and optionally "
            "processors)");
  EXPECT_EQ(error_of(R"({"counts": [[1]], "counts": [[1]]})"),
            "counts: duplicate key in the same object");
  EXPECT_EQ(error_of(R"({"counts": [[1]], "processors": 2})"),
            "processors: is 2 but counts is 1 x 1");
  EXPECT_EQ(error_of(R"({"processors": 0, "initial": [], "partition": []})"),
            "processors: must be in [1, 2^23], got 0");
  EXPECT_EQ(error_of(R"([1])"), ": the document must be a JSON object, got an array");
  EXPECT_EQ(error_of(R"({})"), "initial: missing: give counts, or initial and partition");
  EXPECT_EQ(error_of(R"({"counts": [[1152921504606846976, 1], [0, 0]]})"),
            "counts[0][1]: the counts add up to more than 2^60 items");
  const std::string truncated = error_of("{\"counts\": [[1, 2]");
  EXPECT_NE(truncated.find("malformed JSON at byte"), std::string::npos) << truncated;
}

}  // namespace
}  // namespace redist::perm
