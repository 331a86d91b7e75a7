// The streamed schedule writer (io::write_schedule_document, used by `redist plan -o`) against the
// DOM: on random plans of every framework, the streamed bytes are exactly the text the writer
// produced before it streamed (each transfer on its own line as nlohmann dumps it, the header's
// members first), read back to the same schedule, in bounded pieces.

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "redist/core/random.hpp"
#include "redist/io/schedule_io.hpp"
#include "redist/ring/generator.hpp"
#include "redist/ring/plan.hpp"

namespace redist::io {
namespace {

// The "transfers" array as the DOM dumps it, one transfer per line.
std::string dom_transfers(const Schedule& s) {
  const Json dom = schedule_to_json(s)["transfers"];
  if (dom.empty()) return "[]";
  std::string out = "[\n";
  for (std::size_t i = 0; i < dom.size(); ++i)
    out += "    " + dom[i].dump() + (i + 1 < dom.size() ? ",\n" : "\n");
  return out + "  ]";
}

// The document as the plan command built it in memory before streaming: the header object's text,
// its closing brace replaced by the "transfers" member.
std::string dom_document(const std::string& head, const Schedule& s) {
  std::string out = head.substr(0, head.rfind('}'));
  while (!out.empty() && (out.back() == '\n' || out.back() == ' ')) out.pop_back();
  if (out.size() > 1) out += ',';
  return out + "\n  \"transfers\": " + dom_transfers(s) + "\n}\n";
}

struct Streamed {
  std::string text;
  std::size_t pieces = 0;
  std::size_t largest = 0;
};

Streamed stream_document(const std::string& head, const Schedule& s) {
  Streamed out;
  write_schedule_document(head, s, [&](std::string_view piece) {
    out.text += piece;
    ++out.pieces;
    out.largest = std::max(out.largest, piece.size());
  });
  return out;
}

// The same transfers at the same times: a schedule read back takes the scale of the decimals it
// meets, which may be coarser than the planner's (a whole start is written without decimals).
bool same_transfers(const Schedule& x_schedule, const Schedule& y_schedule) {
  const int scale = std::max(x_schedule.time_scale, y_schedule.time_scale);
  const Schedule a = rescaled(x_schedule, scale), b = rescaled(y_schedule, scale);
  if (a.transfers.size() != b.transfers.size()) return false;
  for (std::size_t i = 0; i < a.transfers.size(); ++i) {
    const Transfer &x = a.transfers[i], &y = b.transfers[i];
    if (x.from != y.from || x.to != y.to || x.items != y.items || x.start != y.start ||
        x.link != y.link || x.spacing != y.spacing)
      return false;
  }
  return true;
}

TEST(ScheduleWriter, StreamedPlansAreByteIdenticalToTheDomOnEveryFramework) {
  Rng rng(11);
  const std::string head = "{\n  \"framework\": \"x\",\n  \"makespan\": 4\n}\n";
  int spaced_plans = 0;
  for (int trial = 0; trial < 48; ++trial) {
    ring::RingGenOptions opt;
    opt.n = static_cast<std::size_t>(rng.uniform(2, 60));
    opt.kind = trial % 2 ? RingKind::bidirectional : RingKind::unidirectional;
    opt.heterogeneous = (trial / 2) % 2 != 0;
    opt.max_load = rng.uniform(1, 1000);
    opt.max_cost = rng.uniform(1, 9);
    opt.cost_decimals = static_cast<int>(rng.uniform(0, 2));
    opt.seed = rng.next();
    const ring::RingPlan plan = ring::plan_ring(generate_ring_instance(opt));
    const Schedule& s = plan.schedule;
    spaced_plans += std::any_of(s.transfers.begin(), s.transfers.end(),
                                [](const Transfer& t) { return t.spacing != 0; });
    const Streamed streamed = stream_document(head, s);
    ASSERT_EQ(streamed.text, dom_document(head, s)) << "trial " << trial;
    EXPECT_TRUE(same_transfers(schedule_from_text(streamed.text, "s.json", opt.n), s))
        << "trial " << trial;
  }
  EXPECT_GT(spaced_plans, 0) << "some heterogeneous plans must have spaced relays";
}

TEST(ScheduleWriter, LargeSchedulesAreWrittenInBoundedPieces) {
  // ~60 000 transfers, ~3 MB of text: written in several pieces, none much above the chunk size.
  Schedule s;
  s.time_scale = 1;
  s.makespan = 10;
  Rng rng(5);
  for (std::int64_t i = 0; i < 60'000; ++i)
    s.transfers.emplace_back(i % 1000, (i + 1) % 1000, rng.uniform(1, std::int64_t{1} << 40),
                             Ticks{i} * 7 + 3, std::nullopt, i % 3 == 0 ? Ticks{15} : Ticks{0});
  const Streamed streamed = stream_document("{}", s);
  EXPECT_EQ(streamed.text, dom_document("{}", s));
  EXPECT_GE(streamed.pieces, 3u);
  EXPECT_LE(streamed.largest, kScheduleChunkBytes + 1024);
  EXPECT_EQ(transfers_json_text(s, "  "), dom_transfers(s));
}

// A random positive number of ticks with 1 to `most` decimal digits, the first non-zero.
Ticks random_ticks(Rng& rng, int most) {
  const auto digits = rng.uniform(1, most);
  Ticks t = rng.uniform(1, 9);
  for (std::int64_t d = 1; d < digits; ++d) t = t * 10 + rng.uniform(0, 9);
  return t;
}

TEST(ScheduleWriter, DecimalTimesAreWrittenAsTheDomWritesThem) {
  // Times with a fraction take a fast path (the exact digits, as a number when nlohmann formats
  // the nearest double as exactly them, as a string beyond 17 significant digits); it must write
  // what schedule_to_json's dump writes, whichever form that is. Every scale, 1 to 38 digits, the
  // edges of 15, 17 and 18 significant digits, of 64 bits, and values below 1 with up to 5 zeros
  // after the point (nlohmann switches to an exponent from 4).
  Rng rng(29);
  int strings = 0, times_written = 0;
  for (int scale = 1; scale <= kMaxTimeScale; ++scale) {
    Schedule s;
    s.time_scale = scale;
    const Ticks unit = pow10_ticks(scale);
    std::vector<Ticks> times;
    for (int i = 0; i < 1500; ++i) times.push_back(random_ticks(rng, 38));
    for (int i = 0; i < 1500; ++i) times.push_back(random_ticks(rng, 19));
    for (const int digits : {14, 15, 16, 17, 18, 19, 20})
      for (const Ticks edge :
           {pow10_ticks(digits), pow10_ticks(digits) - 1, pow10_ticks(digits) + 1})
        times.push_back(edge);
    for (const Ticks edge : {Ticks{UINT64_MAX}, Ticks{UINT64_MAX} + 1, Ticks{UINT64_MAX} - 1})
      times.push_back(edge);
    for (int zeros = 0; zeros <= std::min(5, scale - 1); ++zeros)
      for (const Ticks d : {Ticks{1}, Ticks{7}, Ticks{123}})
        times.push_back(d * pow10_ticks(scale - 1 - zeros));  // 0.d, 0.0d, ... time units
    for (std::size_t i = 0; i < times.size(); ++i) {
      Ticks t = times[i];
      if (t % unit == 0) t += 1;  // a fraction: whole times take the integer path
      s.transfers.emplace_back(0, 1, 1, t, std::nullopt, i % 2 ? t + unit / 2 + 1 : Ticks{0});
    }
    const std::string streamed = transfers_json_text(s, "  ");
    ASSERT_EQ(streamed, dom_transfers(s)) << "scale " << scale;
    for (std::size_t at = streamed.find("\":\""); at != std::string::npos;
         at = streamed.find("\":\"", at + 1))
      ++strings;  // a time written as a string ("start":"...)
    times_written += static_cast<int>(s.transfers.size() + s.transfers.size() / 2);
  }
  // Both forms were met.
  EXPECT_GT(strings, 0);
  EXPECT_LT(strings, times_written);
}

TEST(ScheduleWriter, EmptyScheduleAndEmptyHeader) {
  EXPECT_EQ(stream_document("{}\n", Schedule{}).text, "{\n  \"transfers\": []\n}\n");
  EXPECT_EQ(stream_document("{\n  \"a\": 1\n}", Schedule{}).text,
            "{\n  \"a\": 1,\n  \"transfers\": []\n}\n");
}

TEST(ScheduleWriter, PackedTransfersRoundTripExtremes) {
  static_assert(sizeof(Transfer) <= 64);
  // The largest ring (processor kMaxRingSize - 1), 10^18 and 2^63 - 1 items, starts and spacings
  // beyond 64 bits, both links, at a fine time scale.
  const auto last = kMaxRingSize - 1;
  Schedule s;
  s.time_scale = 18;
  s.transfers.emplace_back(last, 0, 1'000'000'000'000'000'000, (Ticks{1} << 126) + 12345,
                           Link::succ);
  s.transfers.emplace_back(0, last, INT64_MAX, Ticks{0}, Link::pred, (Ticks{1} << 100) + 1);
  s.transfers.emplace_back(last - 1, last, 1, Ticks{7});
  for (const Transfer& t : s.transfers)
    EXPECT_TRUE(t.from == last || t.from == 0 || t.from == last - 1);
  const std::string text = stream_document("{}", s).text;
  const Schedule back = schedule_from_text(text, "s.json", static_cast<std::size_t>(kMaxRingSize));
  EXPECT_EQ(back.time_scale, 18);
  EXPECT_TRUE(same_transfers(back, s)) << text;
  EXPECT_EQ(back.transfers[0].from, last);
  EXPECT_EQ(back.transfers[1].items, INT64_MAX);
}

}  // namespace
}  // namespace redist::io
