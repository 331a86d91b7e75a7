#include "redist/io/schedule_io.hpp"

#include <gtest/gtest.h>

#include <unistd.h>
#include <cstdio>
#include <filesystem>
#include <fstream>

#include "redist/core/error.hpp"
#include "redist/core/random.hpp"
#include "support/json_mutation.hpp"

namespace redist::io {
namespace {

Schedule parse(const std::string& text, std::size_t n = 3) {
  return schedule_from_json(parse_exact_json(text, "s.json"), "s.json", n);
}

Schedule stream(const std::string& text, std::size_t n = 3) {
  return schedule_from_text(text, "s.json", n);
}

// The error of the DOM reader and of the streaming one: they must name the same field.
std::string field_of_error(const std::string& text) {
  std::string dom = "<accepted>", streamed = "<accepted>";
  try {
    parse(text);
  } catch (const InputError& e) {
    dom = e.field();
  }
  try {
    stream(text);
  } catch (const InputError& e) {
    streamed = e.field();
  }
  EXPECT_EQ(dom, streamed) << text;
  return streamed;
}

bool same(const Schedule& a, const Schedule& b) {
  if (a.transfers.size() != b.transfers.size() || a.time_scale != b.time_scale) return false;
  for (std::size_t i = 0; i < a.transfers.size(); ++i) {
    const Transfer &x = a.transfers[i], &y = b.transfers[i];
    if (x.from != y.from || x.to != y.to || x.items != y.items || x.start != y.start ||
        x.link != y.link || x.spacing != y.spacing || x.first != y.first)
      return false;
  }
  return a.makespan == b.makespan && a.lower_bound == b.lower_bound && a.status == b.status &&
         a.flow_shift == b.flow_shift;
}

TEST(ScheduleIo, ReadsDecimalStartsAtOneScale) {
  const auto s = parse(R"({"makespan": 1.5, "status": "optimal", "flow_shift": -2, "transfers": [
      {"from": 0, "to": 1, "items": 3, "start": 0.25}, {"from": 1, "to": 0, "items": 1, "start": 2, "link": "pred"}]})");
  EXPECT_EQ(s.time_scale, 2);
  EXPECT_EQ(static_cast<long long>(s.transfers[0].start), 25);
  EXPECT_EQ(static_cast<long long>(s.transfers[1].start), 200);
  EXPECT_EQ(s.transfers[1].link, Link::pred);
  EXPECT_EQ(static_cast<long long>(*s.makespan), 150);
  EXPECT_EQ(*s.flow_shift, -2);
}

// Issue 27: the header's makespan set the time scale, so that "makespan": 19.999999999999999999
// beside whole starts meant ticks of 10^-18 and a cost of 10 no longer fitted 64-bit ticks. The
// claims (makespan, lower_bound) never choose the scale nor refuse the file: one that is not exact
// at the transfers' scale, negative, or beyond what parse_decimal holds is dropped. Both readers.
TEST(ScheduleIo, ClaimsNeverChooseTheScaleNorRefuseTheFile) {
  const std::string transfers = R"("transfers": [{"from": 0, "to": 1, "items": 2, "start": 0}])";
  const auto read_both = [&](const std::string& header) {
    const std::string text = "{" + header + ", " + transfers + "}";
    const Schedule dom = parse(text), streamed = stream(text);
    EXPECT_TRUE(same(dom, streamed)) << text;
    EXPECT_EQ(dom.time_scale, 0) << text;
    return streamed;
  };
  EXPECT_FALSE(read_both(R"("makespan": 19.999999999999999999)").makespan);
  EXPECT_FALSE(read_both(R"("lower_bound": 0.5)").lower_bound);
  EXPECT_FALSE(read_both(R"("makespan": -3)").makespan);
  EXPECT_FALSE(read_both(R"("makespan": 1e-30, "lower_bound": 1e-19)").makespan);
  EXPECT_FALSE(read_both(std::string(R"("makespan": 1.)").append(100000, '7')).makespan);
  const Schedule kept = read_both(R"("makespan": 20.000000000000000000, "lower_bound": 18)");
  EXPECT_EQ(static_cast<long long>(*kept.makespan), 20);
  EXPECT_EQ(static_cast<long long>(*kept.lower_bound), 18);
  // Still bad input: a claim that is not a number at all.
  EXPECT_EQ(field_of_error("{\"makespan\": [1], " + transfers + "}"), "makespan");
  EXPECT_EQ(field_of_error("{\"lower_bound\": true, " + transfers + "}"), "lower_bound");
}

TEST(ScheduleIo, BadSchedulesNameTheirField) {
  EXPECT_EQ(field_of_error(R"({})"), "transfers");
  EXPECT_EQ(field_of_error(R"({"transfers": [{"from": 0, "to": 3, "items": 1, "start": 0}]})"),
            "transfers[0].to");
  EXPECT_EQ(field_of_error(R"({"transfers": [{"from": -1, "to": 1, "items": 1, "start": 0}]})"),
            "transfers[0].from");
  EXPECT_EQ(field_of_error(R"({"transfers": [{"from": 0, "to": 1, "items": -1, "start": 0}]})"),
            "transfers[0].items");
  EXPECT_EQ(field_of_error(R"({"transfers": [{"from": 0, "to": 1, "items": 1}]})"),
            "transfers[0].start");
  EXPECT_EQ(field_of_error(R"({"transfers": [{"from": 0, "to": 1, "items": 1, "start": -0.5}]})"),
            "transfers[0].start");
  EXPECT_EQ(field_of_error(
                R"({"transfers": [{"from": 0, "to": 1, "items": 1, "start": 0, "link": "up"}]})"),
            "transfers[0].link");
  EXPECT_EQ(field_of_error(R"({"transfers": [], "status": "good"})"), "status");
}

// Issue 27 item 12: a misspelt "Spacing" was ignored without a word (the items then went back to
// back). Fields a schedule does not define are reported once each, with their first place, the
// closest known field and a count; a strict read refuses the first one. Fields that plan and exact
// write beside the schedule are known.
TEST(ScheduleIo, FieldsASchedulesDoesNotDefineAreReportedOrRefused) {
  const std::string text = R"({"makespn": 3, "method": "m", "bounds": [{"nme": 1}], "transfers": [
      {"from": 0, "to": 1, "items": 1, "start": 0, "Spacing": 3},
      {"from": 0, "to": 1, "items": 1, "start": 1, "Spacing": 3, "note": "x"}]})";
  std::vector<UnknownField> found;
  const Schedule s = schedule_from_text(text, "s.json", 3, {false, &found});
  EXPECT_EQ(s.transfers.size(), 2u);
  EXPECT_EQ(s.transfers[0].spacing, 0);  // ignored, as documented: hence the warning
  ASSERT_EQ(found.size(), 3u);
  EXPECT_EQ(found[0].place, "makespn");
  EXPECT_EQ(found[0].closest, "makespan");
  EXPECT_EQ(found[1].place, "transfers[0].Spacing");
  EXPECT_EQ(found[1].closest, "spacing");
  EXPECT_EQ(found[1].count, 2u);
  EXPECT_EQ(found[2].place, "transfers[1].note");
  EXPECT_EQ(found[2].closest, "");
  EXPECT_EQ(
      unknown_field_warning(found[1]),
      "transfers[0].Spacing: unknown field, ignored (did you mean \"spacing\"?), in 2 places");
  try {
    (void)schedule_from_text(text, "s.json", 3, {true, nullptr});
    ADD_FAILURE() << "a strict read accepted makespn";
  } catch (const InputError& e) {
    EXPECT_EQ(e.field(), "makespn");
    EXPECT_NE(e.reason().find("did you mean \"makespan\"?"), std::string::npos) << e.what();
  }
  // What redist writes reads cleanly, strictly too.
  const std::string written = R"({"bounds": [{"name": "lemma5", "value": 2}], "flow_shift": 0,
      "framework": "f", "gap": "0%", "lower_bound": 2, "makespan": 2, "method": "m",
      "status": "optimal", "optimum": 2, "proved": true, "planner_makespan": 2,
      "planner_lower_bound": 2, "solver": null, "nodes": 0, "slot": 1, "horizon_slots": 2,
      "binaries": 0, "transfers": [{"from": 0, "items": 1, "start": 0, "to": 1}]})";
  found.clear();
  EXPECT_NO_THROW((void)schedule_from_text(written, "s.json", 3, {true, &found}));
  EXPECT_TRUE(found.empty());
  // At most kMaxUnknownFields distinct ones are kept; a huge key is shortened in its place.
  std::string many = R"({"transfers": [], )";
  for (int k = 0; k < 20; ++k) many += "\"extra" + std::to_string(k) + "\": 0, ";
  many += "\"" + std::string(1000, 'k') + "\": 0}";
  found.clear();
  (void)schedule_from_text(many, "s.json", 3, {false, &found});
  EXPECT_EQ(found.size(), kMaxUnknownFields);
  try {
    (void)schedule_from_text(R"({"transfers": [], ")" + std::string(1000, 'k') + "\": 0}", "s.json",
                             3, {true, nullptr});
  } catch (const InputError& e) {
    EXPECT_LT(std::string(e.what()).size(), 200u);
  }
}

TEST(ScheduleIo, RoundTrips) {
  const auto s = parse(R"({"makespan": 4, "lower_bound": 4, "status": "feasible", "transfers": [
      {"from": 2, "to": 0, "items": 7, "start": 0.125}]})");
  const auto again = parse(schedule_to_json(s).dump());
  ASSERT_EQ(again.transfers.size(), 1u);
  EXPECT_EQ(again.time_scale, 3);
  EXPECT_EQ(static_cast<long long>(again.transfers[0].start), 125);
  EXPECT_EQ(again.status, PlanStatus::feasible);
}

TEST(ScheduleIo, TransfersTextIsTheDomsDump) {
  // Starts that are integers, decimals, and too long for a double (written as strings); both links.
  const auto s = parse(R"({"transfers": [
      {"from": 2, "to": 0, "items": 7, "start": 0.125}, {"from": 0, "to": 1, "items": 1, "start": 3, "link": "succ"},
      {"from": 1, "to": 0, "items": 9223372036854775807, "start": "12345678901234567890.001", "link": "pred"}]})");
  const Json dom = schedule_to_json(s)["transfers"];
  std::string expected = "[\n";
  for (std::size_t i = 0; i < dom.size(); ++i)
    expected += "    " + dom[i].dump() + (i + 1 < dom.size() ? ",\n" : "\n");
  EXPECT_EQ(transfers_json_text(s, "  "), expected + "  ]");
  EXPECT_EQ(transfers_json_text(Schedule{}, "  "), "[]");
}

// Ordered schedules (docs/design.md section 4): every transfer names its block of items, or none.
TEST(ScheduleIo, ReadsAndWritesTheItemsATransferCarries) {
  const std::string text = R"({"transfers": [
      {"first": 5, "from": 0, "to": 1, "items": 3, "start": 0},
      {"first": 0, "from": 1, "to": 0, "items": 2, "start": 1.5, "spacing": 2}]})";
  for (const Schedule& s : {parse(text), stream(text)}) {
    ASSERT_EQ(s.transfers.size(), 2u);
    EXPECT_TRUE(names_items(s));
    EXPECT_EQ(s.transfers[0].first, 5);
    EXPECT_EQ(s.transfers[1].first, 0);
    EXPECT_TRUE(same(s, parse(schedule_to_json(s).dump())));
    EXPECT_TRUE(same(s, stream(transfers_json_text(s, "").insert(0, "{\"transfers\": ") + "}")));
  }
  const Schedule plain = parse(R"({"transfers": [{"from": 0, "to": 1, "items": 3, "start": 0}]})");
  EXPECT_FALSE(names_items(plain));
  EXPECT_EQ(plain.transfers[0].first, kNoItems);
  EXPECT_EQ(transfers_json_text(plain, "").find("first"), std::string::npos);
  EXPECT_NE(transfers_json_text(parse(text), "").find(R"({"first":5,"from":0,"items":3)"),
            std::string::npos);
}

TEST(ScheduleIo, ASchedulesTransfersAllNameTheirItemsOrNone) {
  EXPECT_EQ(
      field_of_error(R"({"transfers": [{"first": 0, "from": 0, "to": 1, "items": 1, "start": 0},
      {"from": 0, "to": 1, "items": 1, "start": 1}]})"),
      "transfers[1].first");
  EXPECT_EQ(field_of_error(R"({"transfers": [{"from": 0, "to": 1, "items": 1, "start": 0},
      {"first": 0, "from": 0, "to": 1, "items": 1, "start": 1}]})"),
            "transfers[1].first");
  for (const char* bad : {"-1", "0.5", "\"x\"", "9223372036854775807"})
    EXPECT_EQ(field_of_error(std::string(R"({"transfers": [{"first": )") + bad +
                             R"(, "from": 0, "to": 1, "items": 2, "start": 0}]})"),
              "transfers[0].first")
        << bad;
}

TEST(ScheduleIo, ReadsSpacingAtTheSchedulesScale) {
  const std::string text =
      R"({"transfers": [{"from": 0, "to": 1, "items": 500, "start": 3, "spacing": 2.5},
      {"from": 1, "to": 2, "items": 2, "start": 0.25}], "makespan": 1250.75})";
  for (const Schedule& s : {parse(text), stream(text)}) {
    EXPECT_EQ(s.time_scale, 2);
    EXPECT_EQ(static_cast<long long>(s.transfers[0].spacing), 250);
    EXPECT_EQ(static_cast<long long>(s.transfers[0].start), 300);
    EXPECT_EQ(s.transfers[1].spacing, 0) << "no spacing: back to back";
    EXPECT_EQ(static_cast<long long>(*s.makespan), 125075);
  }
}

TEST(ScheduleIo, SpacingRoundTripsAndIsWrittenOnlyWhenSpaced) {
  Schedule s;
  s.time_scale = 3;
  s.transfers = {{0, 1, 4, 1500, std::nullopt, 2250},
                 {1, 2, 3, 0, Link::succ, 0},
                 {2, 0, 1, 7, std::nullopt, (Ticks{1} << 100) + 1}};  // a spacing no double holds
  const std::string text = R"({"transfers": )" + transfers_json_text(s, "") + "}";
  EXPECT_NE(text.find(R"("spacing":2.25)"), std::string::npos) << text;
  EXPECT_EQ(text.find(R"("spacing":0)"), std::string::npos) << text;
  EXPECT_TRUE(same(stream(text), s)) << text;
  EXPECT_TRUE(same(parse(schedule_to_json(s).dump()), s));
  EXPECT_TRUE(same(stream(schedule_to_json(s).dump()), s));
}

TEST(ScheduleIo, BadSpacingIsBadInput) {
  const auto with = [](const std::string& spacing) {
    return R"({"transfers": [{"from": 0, "to": 1, "items": 2, "start": 0, "spacing": )" + spacing +
           "}]}";
  };
  for (const char* bad : {"0", "-1", "\"2\"", "null", "[1]", "1e-19"})
    EXPECT_EQ(field_of_error(with(bad)), "transfers[0].spacing") << bad;
  EXPECT_EQ(field_of_error(with("1") + "x"), "");
}

TEST(ScheduleIo, StreamingReaderAgreesWithTheDomReader) {
  // Extra fields anywhere (a plan's output has "bounds", "framework", ...), times at several
  // scales, makespan before and after the transfers.
  const std::string text =
      R"({"bounds": [{"name": "lemma5", "value": 2.5}], "makespan": 7, "transfers": [
      {"from": 0, "to": 1, "items": 3, "start": 1, "note": {"a": [1, 2, {"b": null}]}},
      {"from": 1, "to": 2, "items": 1, "start": 0.001, "spacing": 1.5, "link": "succ"},
      {"from": 2, "to": 0, "items": 9223372036854775807, "start": "12345678901234567890.001"}],
      "lower_bound": 6.5, "status": "optimal", "flow_shift": -1, "gap": "7.6%"})";
  const Schedule dom = parse(text);
  EXPECT_TRUE(same(dom, stream(text)));
  EXPECT_EQ(dom.time_scale, 3);
  EXPECT_EQ(static_cast<long long>(*dom.makespan), 7000);
  EXPECT_EQ(static_cast<long long>(dom.transfers[0].start), 1000);
}

TEST(ScheduleIo, StreamingReaderNamesEveryBadField) {
  EXPECT_EQ(field_of_error(R"([])"), "");
  EXPECT_EQ(field_of_error(R"({"transfers": {}})"), "transfers");
  EXPECT_EQ(field_of_error(R"({"transfers": [1]})"), "transfers[0]");
  EXPECT_EQ(field_of_error(R"({"transfers": [{"from": "0", "to": 1, "items": 1, "start": 0}]})"),
            "transfers[0].from");
  EXPECT_EQ(field_of_error(R"({"transfers": [{"from": 0.5, "to": 1, "items": 1, "start": 0}]})"),
            "transfers[0].from");
  EXPECT_EQ(
      field_of_error(R"({"transfers": [{"from": 0, "to": 1, "items": 1, "start": 0, "link": 1}]})"),
      "transfers[0].link");
  EXPECT_EQ(field_of_error(R"({"transfers": [], "makespan": "soon"})"), "makespan");
  EXPECT_EQ(field_of_error(R"({"transfers": [], "flow_shift": 0.5})"), "flow_shift");
  // A start that fits alone but not at the finest scale of the file, met later.
  EXPECT_EQ(field_of_error(R"({"transfers": [{"from": 0, "to": 1, "items": 1, "start": 1e37},
      {"from": 0, "to": 1, "items": 1, "start": 0.01}]})"),
            "transfers[0].start");
}

TEST(ScheduleIo, StreamingReaderRejectsDuplicateKeysWithTheirPlace) {
  // (The DOM reader names the bare key; issue 17 asks for the index too.)
  const auto streamed_field = [](const std::string& text) {
    try {
      stream(text);
    } catch (const InputError& e) {
      return e.field();
    }
    return std::string("<accepted>");
  };
  EXPECT_EQ(streamed_field(R"({"transfers": [], "transfers": []})"), "transfers");
  EXPECT_EQ(
      streamed_field(R"({"transfers": [{"from": 0, "to": 1, "items": 1, "start": 0, "from": 1}]})"),
      "transfers[0].from");
  EXPECT_EQ(streamed_field(
                R"({"transfers": [{"from": 0, "to": 1, "items": 1, "start": 0, "x": 1, "x": 2}]})"),
            "transfers[0].x");
  EXPECT_EQ(streamed_field(R"({"transfers": [], "bounds": [{"a": 1, "a": 2}]})"), "bounds.a");
}

// The streaming reader runs a fast tokenizer of its own with nlohmann's parser as the fallback: on
// thousands of seeded mutations of a valid schedule (bytes replaced by JSON-significant ones,
// deleted, duplicated), it must accept exactly what the DOM reader (nlohmann's parser throughout)
// accepts, and read the same schedule.
TEST(ScheduleIo, StreamingReaderAgreesWithTheDomReaderOnMutatedText) {
  const std::string valid = R"({"makespan": 12.5, "transfers": [
      {"from": 0, "to": 1, "items": 3, "start": 1e1, "spacing": 2},
      {"from": 1, "to": 2, "items": 9223372036854775807, "start": -0.0, "link": "succ"},
      {"from": 2, "to": 0, "items": 1, "start": 0.125, "note": "plain"}], "status": "optimal", "flow_shift": -9223372036854775808})";
  Rng rng(2024);
  int accepted = 0;
  for (int round = 0; round < 4000; ++round) {
    const std::string text = testing::mutated_json(valid, rng, 3);
    std::optional<Schedule> dom, streamed;
    try {
      dom = parse(text);
    } catch (const InputError&) {}
    try {
      streamed = stream(text);
    } catch (const InputError&) {}
    ASSERT_EQ(dom.has_value(), streamed.has_value()) << text;
    if (dom) {
      ++accepted;
      ASSERT_TRUE(same(*dom, *streamed)) << text;
    }
  }
  EXPECT_GT(accepted, 200) << "the mutations should leave many schedules valid";
}

// read_schedule hands a file's text back as its fast pass consumes it, so a pass that gives up
// near the end (an escape, a syntax error) must read the file again: the schedule read, or the
// error, is exactly what the text read whole gives. 200,000 transfers are about 10 MB of text, past
// several 8 MiB release steps.
class LargeScheduleFile : public ::testing::Test {
 protected:
  void write(const std::string& tail) {
    std::string text = R"({"makespan": 3, "transfers": [)";
    for (int i = 0; i < 200000; ++i) {
      if (i > 0) text += ",\n";
      text += R"({"from": )" + std::to_string(i % 3) + R"(, "to": )" + std::to_string((i + 1) % 3) +
              R"(, "items": )" + std::to_string(i % 7 + 1) + R"(, "start": )" + std::to_string(i) +
              "}";
    }
    text += tail;
    text_ = text;
    std::ofstream(path_, std::ios::binary) << text;
  }
  void TearDown() override { std::filesystem::remove(path_); }

  std::string path_ = (std::filesystem::temp_directory_path() /
                       ("redist_large_schedule_" + std::to_string(::getpid()) + ".json"))
                          .string();
  std::string text_;
};

TEST_F(LargeScheduleFile, AnEscapeAtTheEndIsReadFromTheFileAgain) {
  write(R"(], "status": "opt\u0069mal", "note": "\u00e9t\u00e9"})");
  const Schedule from_file = read_schedule(path_, 3);
  EXPECT_TRUE(same(from_file, stream(text_)));
  ASSERT_EQ(from_file.transfers.size(), 200000U);
  EXPECT_EQ(from_file.transfers.back().start, 199999);
  EXPECT_EQ(from_file.status, PlanStatus::optimal);
}

TEST_F(LargeScheduleFile, ASyntaxErrorAtTheEndIsReportedAsForTheWholeText) {
  write(R"(], "status": "optimal")");  // the closing brace is missing
  std::string whole, from_file;
  try {
    schedule_from_text(text_, path_, 3);
  } catch (const InputError& e) {
    whole = e.what();
  }
  try {
    read_schedule(path_, 3);
  } catch (const InputError& e) {
    from_file = e.what();
  }
  ASSERT_FALSE(whole.empty());
  EXPECT_EQ(from_file, whole);
}

TEST_F(LargeScheduleFile, AValidFileReadsAsItsText) {
  write("]}");
  EXPECT_TRUE(same(read_schedule(path_, 3), stream(text_)));
}

}  // namespace
}  // namespace redist::io
