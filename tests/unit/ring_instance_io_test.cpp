#include "redist/io/ring_instance_io.hpp"

#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <optional>

#include "redist/core/error.hpp"
#include "redist/core/random.hpp"
#include "support/json_mutation.hpp"

namespace redist::io {
namespace {

RingInstance parse(const std::string& text) {
  return ring_instance_from_json(parse_exact_json(text, "i.json"), "i.json");
}

std::string field_of_error(const std::string& text) {
  try {
    parse(text);
  } catch (const InputError& e) {
    EXPECT_EQ(e.file(), "i.json");
    return e.field();
  }
  return "<accepted>";
}

TEST(RingInstanceIo, ReadsTheDesignExample) {
  const auto inst = parse(R"({"ring": "bidirectional", "loads": [7, 1, 3], "targets": [3, 4, 4],
                              "succ_cost": [1, 2, 1], "pred_cost": 1})");
  EXPECT_TRUE(inst.bidirectional());
  EXPECT_EQ(inst.pred_cost, (std::vector<std::int64_t>{1, 1, 1}));
  EXPECT_EQ(inst.succ_cost, (std::vector<std::int64_t>{1, 2, 1}));
}

TEST(RingInstanceIo, DecimalCostsShareOneExactScale) {
  const auto inst = parse(R"({"ring": "bidirectional", "loads": [1, 2], "targets": [2, 1],
                              "succ_cost": [0.1, 2], "pred_cost": 0.25})");
  EXPECT_EQ(inst.cost_scale, 2);
  EXPECT_EQ(inst.succ_cost, (std::vector<std::int64_t>{10, 200}));
  EXPECT_EQ(inst.pred_cost, (std::vector<std::int64_t>{25, 25}));
}

TEST(RingInstanceIo, EveryBadInputNamesItsField) {
  const std::string ok_tail = R"("succ_cost": 1})";
  EXPECT_EQ(field_of_error(R"({"ring": "unidirectional", "loads": [1], "targets": [1]})"),
            "succ_cost");
  EXPECT_EQ(
      field_of_error(
          R"({"ring": "unidirectional", "loads": [1], "targets": [1], "succ_cost": 1, "x": 2})"),
      "x");
  EXPECT_EQ(field_of_error(R"({"ring": "ring", "loads": [1], "targets": [1], "succ_cost": 1})"),
            "ring");
  EXPECT_EQ(
      field_of_error(R"({"ring": "unidirectional", "loads": [], "targets": [], "succ_cost": 1})"),
      "loads");
  EXPECT_EQ(field_of_error(
                R"({"ring": "unidirectional", "loads": [1, 2], "targets": [3], "succ_cost": 1})"),
            "targets");
  EXPECT_EQ(
      field_of_error(
          R"({"ring": "unidirectional", "loads": [1, 2.5], "targets": [3, 1], "succ_cost": 1})"),
      "loads[1]");
  EXPECT_EQ(
      field_of_error(
          R"({"ring": "unidirectional", "loads": [1, -2], "targets": [3, 1], "succ_cost": 1})"),
      "loads[1]");
  EXPECT_EQ(
      field_of_error(
          R"({"ring": "unidirectional", "loads": [1, 2], "targets": [2, 2], "succ_cost": 1})"),
      "targets");
  EXPECT_EQ(
      field_of_error(
          R"({"ring": "unidirectional", "loads": [1, 2], "targets": [2, 1], "succ_cost": [1, 0]})"),
      "succ_cost[1]");
  EXPECT_EQ(
      field_of_error(
          R"({"ring": "unidirectional", "loads": [1, 2], "targets": [2, 1], "succ_cost": -1})"),
      "succ_cost");
  EXPECT_EQ(
      field_of_error(
          R"({"ring": "unidirectional", "loads": [1, 2], "targets": [2, 1], "succ_cost": [1]})"),
      "succ_cost");
  EXPECT_EQ(
      field_of_error(
          R"({"ring": "unidirectional", "loads": [1, 2], "targets": [2, 1], "succ_cost": 1, "pred_cost": 1})"),
      "pred_cost");
  EXPECT_EQ(field_of_error(
                R"({"ring": "bidirectional", "loads": [1, 2], "targets": [2, 1], "succ_cost": 1})"),
            "pred_cost");
  EXPECT_EQ(
      field_of_error(
          R"({"ring": "unidirectional", "loads": [1, 2], "targets": [2, 1], "succ_cost": "1"})"),
      "succ_cost");
  EXPECT_EQ(
      field_of_error(
          R"({"ring": "unidirectional", "loads": [4611686018427387904, 1], "targets": [1, 4611686018427387904], "succ_cost": 1})"),
      "loads[1]");
  EXPECT_EQ(field_of_error(R"([1, 2])"), "");
}

// Issue 27 item 12: an unknown field (refused, as always) names the known one it most likely
// meant, in both readers.
TEST(RingInstanceIo, AnUnknownFieldNamesTheClosestKnownOne) {
  const std::string text =
      R"({"ring": "unidirectional", "loads": [1], "targets": [1], "succ_cost": 1, "succ_costs": 2})";
  const std::string path = ::testing::TempDir() + "redist_unknown_field.json";
  std::ofstream(path) << text;
  for (int reader = 0; reader < 2; ++reader) {
    try {
      (void)(reader == 0 ? parse(text) : read_ring_instance(path));
      ADD_FAILURE() << "accepted succ_costs";
    } catch (const InputError& e) {
      EXPECT_EQ(e.field(), "succ_costs");
      EXPECT_EQ(e.reason(), "unknown field (did you mean \"succ_cost\"?)");
    }
  }
  std::remove(path.c_str());
  try {
    (void)parse(
        R"({"ring": "unidirectional", "loads": [1], "targets": [1], "succ_cost": 1, "speed": 2})");
  } catch (const InputError& e) {
    EXPECT_EQ(e.reason(), "unknown field");  // nothing close
  }
}

TEST(RingInstanceIo, TrivialRingsAreValid) {
  EXPECT_EQ(
      parse(R"({"ring": "unidirectional", "loads": [5], "targets": [5], "succ_cost": 1})").size(),
      1u);
  EXPECT_EQ(
      parse(
          R"({"ring": "bidirectional", "loads": [0, 2], "targets": [1, 1], "succ_cost": 1, "pred_cost": 2})")
          .size(),
      2u);
}

TEST(RingInstanceIo, WritesWhatItReads) {
  const auto inst = parse(R"({"ring": "bidirectional", "loads": [1, 2, 3], "targets": [2, 2, 2],
                              "succ_cost": [0.5, 2, 1], "pred_cost": 3})");
  const auto again =
      ring_instance_from_json(parse_exact_json(ring_instance_to_json(inst).dump(), "o"), "o");
  EXPECT_EQ(again.loads, inst.loads);
  EXPECT_EQ(again.succ_cost, inst.succ_cost);
  EXPECT_EQ(again.pred_cost, inst.pred_cost);
  EXPECT_EQ(again.cost_scale, inst.cost_scale);
}

bool same(const RingInstance& a, const RingInstance& b) {
  return a.kind == b.kind && a.loads == b.loads && a.targets == b.targets &&
         a.succ_cost == b.succ_cost && a.pred_cost == b.pred_cost && a.cost_scale == b.cost_scale;
}

// Files go through the fast tokenizer (nlohmann's parser as its fallback), the DOM reader through
// nlohmann's parser alone: on thousands of seeded mutations of a valid instance they must accept
// the same files and read the same instance. (Their messages may differ: the DOM reader meets a
// syntax error anywhere before a rule broken earlier in the file; the file reader, streaming, the
// reverse.)
TEST(RingInstanceIo, FileReaderAgreesWithTheDomReaderOnMutatedText) {
  const std::string valid =
      R"({"ring": "bidirectional", "loads": [7, 1, 3, 0], "targets": [3, 4, 4, 0],
      "succ_cost": [1, 2.5, 1e0, 3], "pred_cost": 0.25})";
  const std::string path = ::testing::TempDir() + "redist_mutated_instance.json";
  Rng rng(77);
  int accepted = 0;
  for (int round = 0; round < 600; ++round) {
    const std::string text = testing::mutated_json(valid, rng, 2);
    std::ofstream(path, std::ios::binary) << text;
    std::optional<RingInstance> dom, file;
    try {
      dom = ring_instance_from_json(parse_exact_json(text, path), path);
    } catch (const InputError&) {}
    try {
      file = read_ring_instance(path);
    } catch (const InputError&) {}
    ASSERT_EQ(dom.has_value(), file.has_value()) << text;
    if (dom) {
      ++accepted;
      ASSERT_TRUE(same(*dom, *file)) << text;
    }
  }
  std::remove(path.c_str());
  EXPECT_GT(accepted, 30) << "the mutations should leave many instances valid";
}

}  // namespace
}  // namespace redist::io
