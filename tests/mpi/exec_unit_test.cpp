// The executor's pure half, without MPI: agreement checks, weights to counts, link costs and chunk
// choice, the pool, and above all the message lists, checked for every rank of random plans in one
// process (both ends of every link list the same pieces; kept and received items tile each new
// slice; every forwarded message is one that arrived).

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cstdlib>
#include <map>
#include <numeric>
#include <string>

#include <cmath>
#include <cstring>
#include <limits>
#include "redist/core/random.hpp"
#include "redist/ring/pipeline.hpp"

#include "exec/agreement.hpp"
#include "exec/item_cut.hpp"
#include "exec/layout_plan.hpp"
#include "exec/ordered_messages.hpp"
#include "exec/permutation_plan.hpp"
#include "exec/ring_messages.hpp"
#include "exec/slice_overlap.hpp"
#include "redist/exec/buffer_pool.hpp"
#include "redist/exec/link_model.hpp"
#include "redist/exec/ordered_slice.hpp"
#include "redist/exec/prediction.hpp"
#include "redist/ring/ordered_plan.hpp"

namespace redist::exec {
namespace {

RankRecord record(std::int64_t load, std::int64_t target, std::int64_t item_bytes = 8) {
  RankRecord r;
  r.magic = kRecordMagic;
  r.item_bytes = item_bytes;
  r.load = load;
  r.target = target;
  r.share_kind = static_cast<std::int32_t>(NewShare::Kind::count);
  return r;
}

const char* const kCall = "redistribute";

// Kept own items and kept received items tile the rank's new slice exactly.
void expect_new_slice_tiled(const RankMessagePlan& p) {
  std::vector<std::pair<std::int64_t, std::int64_t>> pieces;
  if (p.kept_items > 0) pieces.emplace_back(p.kept_first, p.kept_items);
  for (const auto& side : p.side)
    for (const auto& m : side.recvs)
      if (m.partner < 0) pieces.emplace_back(m.first, m.items);
  std::sort(pieces.begin(), pieces.end());
  std::int64_t at = p.output_origin;
  for (const auto& [first, items] : pieces) {
    EXPECT_EQ(first, at);
    at += items;
  }
  EXPECT_EQ(at, p.output_origin + p.target);
}
TEST(Agreement, AcceptsConsistentRecords) {
  const std::vector<RankRecord> recs = {record(3, 1), record(0, 2), record(2, 2)};
  const AgreedLayout layout = agree_on_layout(recs, kCall);
  EXPECT_EQ(layout.total, 5);
  EXPECT_EQ(layout.targets, (std::vector<std::int64_t>{1, 2, 2}));
  EXPECT_EQ(layout.origin, 0);
}

TEST(Agreement, RefusesEveryInconsistency) {
  EXPECT_THROW(agree_on_layout(std::vector<RankRecord>{record(3, 1), record(0, 3)}, kCall),
               AgreementError);  // sum
  EXPECT_THROW(agree_on_layout(std::vector<RankRecord>{record(3, 3), record(0, 0, 4)}, kCall),
               AgreementError);  // size
  RankRecord weight = record(0, 0);
  weight.weight = 1.0;
  weight.share_kind = static_cast<std::int32_t>(NewShare::Kind::weight);
  EXPECT_THROW(agree_on_layout(std::vector<RankRecord>{record(3, 3), weight}, kCall),
               AgreementError);  // mixed
  RankRecord issue = record(3, 3);
  issue.issue = static_cast<std::int32_t>(LocalIssue::bytes_not_multiple);
  EXPECT_THROW(agree_on_layout(std::vector<RankRecord>{issue}, kCall), AgreementError);
  RankRecord first0 = record(2, 2), first1 = record(2, 2);
  first0.first = 1;
  first1.first = 0;  // should be 3
  EXPECT_THROW(agree_on_layout(std::vector<RankRecord>{first0, first1}, kCall), AgreementError);
  first1.first = 3;
  EXPECT_EQ(agree_on_layout(std::vector<RankRecord>{first0, first1}, kCall).origin, 1);
}

std::string refusal(const std::vector<RankRecord>& records) {
  try {
    agree_on_layout(records, kCall);
  } catch (const AgreementError& e) {
    return e.what();
  }
  return "(accepted)";
}

// The rank that differs from the others is the one named, wherever it sits; brute force over every
// odd position and ring size 3..9 against the message the odd rank must get.
TEST(Agreement, NamesTheOddRankOut) {
  for (std::size_t n = 3; n <= 9; ++n)
    for (std::size_t odd = 0; odd < n; ++odd) {
      const std::string who = "rank " + std::to_string(odd) + ": ";
      std::vector<RankRecord> sizes(n, record(4, 4));
      sizes[odd].item_bytes = 12;
      EXPECT_NE(refusal(sizes).find(who + "item_bytes: 12, while " + std::to_string(n - 1)),
                std::string::npos)
          << refusal(sizes);
      std::vector<RankRecord> counts(n, record(4, 4));
      counts[odd].target = 9;
      EXPECT_NE(refusal(counts).find(who + "share: 9 items, while the other ranks ask for 4"),
                std::string::npos);
      std::vector<RankRecord> options(n, record(4, 4));
      options[odd].options[1] = static_cast<std::int64_t>(WrapPolicy::allow);
      for (std::size_t r = 0; r < n; ++r)
        if (r != odd) options[r].options[1] = static_cast<std::int64_t>(WrapPolicy::forbid);
      EXPECT_NE(refusal(options).find(who + "options.wrap: allow"), std::string::npos)
          << refusal(options);
      std::vector<RankRecord> links(n, record(4, 4));
      links[odd].network_digest = 99;
      EXPECT_NE(refusal(links).find(who + "network"), std::string::npos);
    }
}

// A refusal names the call and the argument through accessors that say so (call(), argument()),
// the same strings as the InputError's file() and field() that the command-line program prints.
TEST(Agreement, RefusalNamesTheCallAndTheArgument) {
  std::vector<RankRecord> counts(4, record(4, 4));
  counts[2].target = 9;
  try {
    agree_on_layout(counts, kCall);
    FAIL() << "accepted";
  } catch (const AgreementError& e) {
    EXPECT_EQ(e.call(), kCall);
    EXPECT_EQ(e.argument().rfind("rank 2", 0), 0U) << e.argument();
    EXPECT_EQ(&e.call(), &e.file());
    EXPECT_EQ(&e.argument(), &e.field());
  }
}

// majority() against counting every value's votes by brute force, on random small alphabets.
TEST(Agreement, MajorityMatchesBruteForce) {
  Rng rng(4242);
  for (int it = 0; it < 500; ++it) {
    std::vector<std::uint64_t> values(static_cast<std::size_t>(rng.uniform(1, 12)));
    for (auto& v : values) v = static_cast<std::uint64_t>(rng.uniform(0, 3));
    std::size_t best_rank = 0, best_votes = 0;
    for (std::size_t r = 0; r < values.size(); ++r) {
      const auto votes =
          static_cast<std::size_t>(std::count(values.begin(), values.end(), values[r]));
      if (votes > best_votes)
        best_rank = r, best_votes = votes;  // strict: ties keep the lower rank
    }
    const Majority m = majority(values);
    EXPECT_EQ(m.votes, best_votes);
    EXPECT_EQ(values[m.rank], values[best_rank]);
    EXPECT_EQ(m.rank,
              static_cast<std::size_t>(std::find(values.begin(), values.end(), values[best_rank]) -
                                       values.begin()));
  }
}

// NewShare::counts: the rank whose vector differs is named, even where its own count is right.
TEST(Agreement, NamesTheRankWhoseCountVectorDiffers) {
  const std::vector<std::int64_t> good = {3, 3, 3, 3}, bad = {3, 2, 4, 3};
  std::vector<RankRecord> records;
  for (std::size_t r = 0; r < 4; ++r)
    records.push_back(rank_record_bytes(PlanOptions{}, 0, {r, 4}, 8, 24,
                                        NewShare::counts(r == 2 ? bad : good), -1, -1));
  EXPECT_NE(
      refusal(records).find(
          "rank 2: share: its vector of new counts differs from the one 3 of the 4 ranks pass"),
      std::string::npos)
      << refusal(records);
  records[2] = rank_record_bytes(PlanOptions{}, 0, {2, 4}, 8, 24, NewShare::counts(good), -1, -1);
  EXPECT_EQ(agree_on_layout(records, kCall).targets, good);
  records[0] = rank_record_bytes(PlanOptions{}, 0, {0, 4}, 8, 24, NewShare::count(3), -1, -1);
  EXPECT_NE(
      refusal(records).find(
          "rank 0: share: its own count (NewShare::count), while 3 of the 4 ranks pass a vector"),
      std::string::npos);
  const std::vector<std::int64_t> short_vector = {12};
  records[1] =
      rank_record_bytes(PlanOptions{}, 0, {1, 4}, 8, 24, NewShare::counts(short_vector), -1, -1);
  EXPECT_NE(refusal(records).find(
                "rank 1: share: the vector of new counts does not have one entry per rank"),
            std::string::npos);
}

// Counts that do not add up with no single odd rank: nobody is blamed, the counts are listed.
TEST(Agreement, ListsCountsWhenNoRankStandsOut) {
  const std::string message = refusal({record(4, 1), record(4, 2), record(4, 3), record(4, 4)});
  EXPECT_NE(message.find("share: the new counts add up to 10, not to the 16 items held (counts by "
                         "rank: 1, 2, 3, 4)"),
            std::string::npos)
      << message;
  EXPECT_EQ(message.find("rank "), std::string::npos);
  EXPECT_EQ(refusal({record(4, 4), record(4, 4), record(4, 4)}), "(accepted)");
}

TEST(Agreement, WeightsBecomeCountsThatAddUp) {
  const std::vector<double> w = {1.0, 2.0, 0.0, 1.0};
  const auto counts = counts_from_weights(w, 10);
  EXPECT_EQ(std::accumulate(counts.begin(), counts.end(), std::int64_t{0}), 10);
  EXPECT_EQ(counts[2], 0);
  EXPECT_EQ(counts[1], 5);
  Rng rng(4);
  for (int it = 0; it < 200; ++it) {
    std::vector<double> ws(static_cast<std::size_t>(rng.uniform(1, 9)));
    for (auto& x : ws) x = rng.unit() * (rng.uniform(0, 3) == 0 ? 0.0 : 5.0);
    ws[0] += 0.01;
    const std::int64_t total = rng.uniform(0, 1000);
    const auto c = counts_from_weights(ws, total);
    EXPECT_EQ(std::accumulate(c.begin(), c.end(), std::int64_t{0}), total);
    for (std::size_t k = 0; k < ws.size(); ++k) {
      if (ws[k] == 0.0) {
        EXPECT_EQ(c[k], 0);
      }
    }
  }
}

// Issue 27 item 3: finite weights whose sum overflows a double split like the same weights scaled
// down (the shares are taken relative to the largest weight), not 17/17/17.
TEST(Agreement, WeightsWhoseSumOverflowsSplitLikeScaledDown) {
  const std::vector<double> huge = {8.5e307, 5e307, 5e307};
  const std::vector<double> scaled = {1.7, 1.0, 1.0};
  EXPECT_EQ(counts_from_weights(huge, 51), (std::vector<std::int64_t>{23, 14, 14}));
  EXPECT_EQ(counts_from_weights(huge, 51), counts_from_weights(scaled, 51));
  const std::vector<double> max_doubles(5, std::numeric_limits<double>::max());
  EXPECT_EQ(counts_from_weights(max_doubles, 10), (std::vector<std::int64_t>{2, 2, 2, 2, 2}));
  const std::vector<double> tiny = {5e-324, 0.0, 5e-324};  // denormal weights still share
  EXPECT_EQ(counts_from_weights(tiny, 4), (std::vector<std::int64_t>{2, 0, 2}));
}

std::vector<RankRecord> records_with(std::size_t n, std::size_t odd, const PlanOptions& usual,
                                     const PlanOptions& odd_options, NewShare odd_share) {
  std::vector<RankRecord> records;
  for (std::size_t r = 0; r < n; ++r)
    records.push_back(rank_record(r == odd ? odd_options : usual, 0, {r, n}, 8, 4,
                                  r == odd ? odd_share : NewShare::count(4), -1, -1));
  return records;
}

// Issue 27 item 6: each refusal names the rank and says what is wrong with its argument.
TEST(Agreement, NamesBadSharesAndOptions) {
  const PlanOptions usual;
  EXPECT_NE(refusal(records_with(3, 1, usual, usual, NewShare::count(-1)))
                .find("rank 1: share: a negative count"),
            std::string::npos);
  EXPECT_NE(refusal(records_with(3, 2, usual, usual, NewShare::count(-2)))
                .find("rank 2: share: a negative count"),
            std::string::npos);
  EXPECT_NE(refusal(records_with(3, 0, usual, usual, NewShare::weight(std::nan(""))))
                .find("rank 0: share: the weight is not a finite non-negative number"),
            std::string::npos);
  const auto option_refusal = [&](auto change) {
    PlanOptions odd;
    change(odd);
    return refusal(records_with(4, 2, usual, odd, NewShare::count(4)));
  };
  EXPECT_NE(option_refusal([](PlanOptions& o) {
              o.window = 0;
            }).find("rank 2: options.window: must be at least 1"),
            std::string::npos);
  EXPECT_NE(option_refusal([](PlanOptions& o) { o.window = -1; }).find("options.window"),
            std::string::npos);
  EXPECT_NE(option_refusal([](PlanOptions& o) {
              o.mpi_int_limit = 0;
            }).find("rank 2: options.mpi_int_limit: must be between 1 and INT_MAX"),
            std::string::npos);
  EXPECT_NE(option_refusal([](PlanOptions& o) {
              o.chunk_bytes = -1;
            }).find("rank 2: options.chunk_bytes: must not be negative"),
            std::string::npos);
  EXPECT_NE(option_refusal([](PlanOptions& o) {
              o.timeout_seconds = std::nan("");
            }).find("rank 2: options.timeout_seconds: must be a finite number of seconds"),
            std::string::npos);
  EXPECT_NE(option_refusal([](PlanOptions& o) {
              o.timeout_seconds = 3.0;
            }).find("rank 2: options.timeout_seconds: 3 s, while 3 of the 4 ranks pass 0 s"),
            std::string::npos)
      << option_refusal([](PlanOptions& o) { o.timeout_seconds = 3.0; });
  // A different window is this rank's own business (it only shapes how it posts).
  EXPECT_EQ(option_refusal([](PlanOptions& o) { o.window = 9; }), "(accepted)");
}

// Issue 27 item 6: counts past 2^62 are said to be so, not reported as the cap.
TEST(Agreement, CountsPastTheLimitSaySo) {
  std::vector<RankRecord> records = {record(2, std::int64_t{1} << 61),
                                     record(2, std::int64_t{1} << 61), record(0, 4)};
  const std::string message = refusal(records);
  EXPECT_NE(message.find("add up to more than 2^62"), std::string::npos) << message;
  EXPECT_EQ(message.find("4611686018427387904"), std::string::npos) << message;
}

// The direct exchange of every rank against the segments of both transports: the same pieces, the
// kept part apart; a plan reversed twice is the plan.
TEST(LayoutPlan, RankExchangesTileAndReverse) {
  Rng rng(909);
  for (int it = 0; it < 300; ++it) {
    const auto n = static_cast<std::size_t>(rng.uniform(1, 8));
    std::vector<std::int64_t> loads(n), targets(n);
    std::int64_t total = 0;
    for (auto& l : loads) total += (l = rng.uniform(0, 9));
    std::vector<double> w(n);
    for (auto& x : w) x = static_cast<double>(rng.uniform(1, 5));
    targets = counts_from_weights(w, total);
    std::vector<std::int64_t> flows(n, 0);
    std::int64_t running = 0;
    for (std::size_t k = 0; k < n; ++k) flows[k] = (running += loads[k] - targets[k]);
    // Shift 0 (the order kept), or any shift that does not make the flows circulate (rotated).
    const auto [lo, hi] = std::minmax_element(flows.begin(), flows.end());
    const std::int64_t x = rng.uniform(0, 1) == 0 ? 0 : rng.uniform(-*hi, -*lo);
    for (auto& f : flows) f += x;
    const RingFlows ring = make_ring_flows(loads, targets, flows);
    for (std::size_t r = 0; r < n; ++r) {
      const RankExchange ex = rank_exchange(ring, r);
      std::int64_t sent = ex.kept_items, received = ex.kept_items;
      for (const Segment& s : ex.sends) sent += s.items;
      for (const Segment& s : ex.recvs) received += s.items;
      EXPECT_EQ(sent, loads[r]);
      EXPECT_EQ(received, ring.target(r));
    }
    const RingFlows back = reversed_flows(reversed_flows(ring));
    EXPECT_EQ(back.flows, ring.flows);
    EXPECT_EQ(back.start, ring.start);
  }
}

TEST(LayoutPlan, FlatNetworkGoesDirectAndPredicts) {
  const RingLinkModels flat = RingLinkModels::uniform(3, LinkModel{1e-6, 1e-9});
  const Prediction p = predict_redistribution({6, 1, 2}, {3, 3, 3}, Network::flat, flat, 100);
  EXPECT_EQ(p.transport, Transport::direct);
  // P0 sends 3 items to P1 (one message), P1 sends 1 to P2: the busiest port is P0's send or P1's
  // receive, 1 us + 300 ns.
  EXPECT_NEAR(p.seconds, 1.3e-6, 1e-12);
  EXPECT_THROW(predict_redistribution({1, 2}, {2, 2}, Network::flat, flat, 8), InputError);
}

TEST(LinkModel, CostsChunksAndHops) {
  const LinkModel m{1e-6, 1e-9};
  EXPECT_EQ(item_cost_ticks(m, 1000, 1), 2000000);     // 1 us + 1 us = 2e6 ps
  EXPECT_EQ(item_cost_ticks(m, 1234, 1000), 1200000);  // two significant digits
  EXPECT_EQ(longest_path_hops({1, 2, 0, -1, -3, -2}), 3);
  EXPECT_EQ(longest_path_hops({1, 0, 2, 3}), 3);  // wraps round
  const RingLinkModels links = RingLinkModels::uniform(4, m);
  EXPECT_EQ(choose_chunk_items({5, 0, -5, 0}, links, 8, 1 << 20),
            (1 << 20) / 8);  // one hop: the cap
  // m = 8 MB over 3 hops: document 004's r* = sqrt(1e6 * 2 * 8e-9 / 1e-6) = 126.5 pieces, of
  // about sqrt(8e6 * 1e-6 / (2 * 1e-9)) = 63245 bytes; the ring layer's rule takes the best whole
  // r (125 of 8000 items: ceil rounding makes it no slower than 126 or 127), the rule the SimGrid
  // layer uses too.
  const std::int64_t chunk = choose_chunk_items({1000000, 1000000, 1000000, 0}, links, 8, 1 << 20);
  EXPECT_EQ(chunk, ring::best_pipeline_pieces(1000000, 3, 1e-6, 8e-9).piece_items);
  EXPECT_GE(chunk, 1000000 / 128);
  EXPECT_LE(chunk, 1000000 / 125);
}

// The probe's fit: exact on points of a line (each exchange holds two latencies, so L = intercept /
// 2), least squares through noise, and clamped to positive values when noise points the wrong way.
TEST(LinkModel, FitRecoversLatencyAndBandwidth) {
  Rng rng(5);
  for (int trial = 0; trial < 50; ++trial) {
    const double latency = 1e-6 * static_cast<double>(rng.uniform(1, 5000));
    const double per_byte = 1e-9 * static_cast<double>(rng.uniform(1, 5000)) / 100.0;
    std::vector<std::int64_t> bytes = {8};
    for (std::int64_t b = 65536; b <= (1 << 20); b *= 2) bytes.push_back(b);
    std::vector<double> exact, noisy;
    for (const std::int64_t b : bytes) {
      exact.push_back(2 * latency + per_byte * static_cast<double>(b));
      noisy.push_back(exact.back() + 0.01 * (rng.unit() - 0.5) * per_byte *
                                         static_cast<double>(b));  // +-0.5% of m*b
    }
    const LinkModel fitted = fit_link_model(bytes, exact);
    EXPECT_NEAR(fitted.latency_s, latency, 1e-9 * latency + 1e-12);
    EXPECT_NEAR(fitted.seconds_per_byte, per_byte, 1e-9 * per_byte);
    EXPECT_NEAR(fit_link_model(bytes, noisy).seconds_per_byte, per_byte, 0.02 * per_byte);
  }
  const LinkModel backwards = fit_link_model({8, 1000}, {2e-3, 1e-3});  // slower for fewer bytes
  EXPECT_GT(backwards.seconds_per_byte, 0.0);
  EXPECT_GT(backwards.latency_s, 0.0);
}

TEST(BufferPool, ReusesIdleBuffers) {
  BufferPool pool;
  { PooledBuffer a = pool.acquire(1000); }
  { PooledBuffer b = pool.acquire(500); }
  EXPECT_EQ(pool.allocations(), 1);
  EXPECT_EQ(pool.reuses(), 1);
  PooledBuffer c = pool.acquire(2000);
  EXPECT_EQ(pool.allocations(), 2);
}

TEST(OrderedSlice, GlobalIndicesWrap) {
  OrderedSlice s(4);
  s.prepare_next(3);
  s.commit_next(3, 9, 10);
  EXPECT_EQ(s.global_index(0), 9);
  EXPECT_EQ(s.global_index(1), 0);
  EXPECT_THROW(OrderedSlice(0), InputError);
}

TEST(OrderedSlice, BuildsTheNewSliceInPlaceWhenThereIsRoom) {
  OrderedSlice s(1, 1.0);  // room: half the slice before it, half after
  s.resize(10);
  for (std::int64_t k = 0; k < 10; ++k) s.item(k)[0] = static_cast<std::byte>(k);
  // Two items arrive at the front, one leaves at the back: kept items do not move.
  std::span<std::byte> next = s.prepare_next(11, -2, true);
  EXPECT_TRUE(s.next_in_place());
  next[0] = std::byte{100};
  next[1] = std::byte{101};
  s.commit_next(11, 0, 11);
  EXPECT_EQ(s.item(0)[0], std::byte{100});
  EXPECT_EQ(s.item(2)[0], std::byte{0});
  EXPECT_EQ(s.item(10)[0], std::byte{8});
  // Too many new items at the front: the second buffer is used.
  s.prepare_next(40, -25, true);
  EXPECT_FALSE(s.next_in_place());
  s.prepare_next(11, 0, false);
  EXPECT_FALSE(s.next_in_place());
}

AgreedLayout random_layout(Rng& rng, std::size_t n) {
  AgreedLayout layout;
  layout.item_bytes = 1;
  std::vector<double> w;
  for (std::size_t k = 0; k < n; ++k) {
    layout.loads.push_back(rng.uniform(0, 3) == 0 ? 0 : rng.uniform(0, 40));
    w.push_back(rng.uniform(0, 3) == 0 ? 0.0 : static_cast<double>(rng.uniform(1, 9)));
    layout.total += layout.loads.back();
  }
  w[0] += 1.0;
  layout.targets = counts_from_weights(w, layout.total);
  return layout;
}

// Global position (mod N) of rank-local position x.
std::int64_t global(const RingFlows& ring, std::size_t rank, std::int64_t x) {
  const std::int64_t n = ring.total();
  return ((ring.start[rank] + x) % n + n) % n;
}

void check_rank_plans(const LayoutPlan& plan) {
  const RingFlows& ring = plan.ring;
  const std::size_t n = ring.size();
  std::vector<RankMessagePlan> plans;
  for (std::size_t r = 0; r < n; ++r)
    plans.push_back(rank_message_plan(ring, plan.schedule, r, plan.chunk_items));
  for (std::size_t r = 0; r < n && n > 1; ++r) {
    // Both ends of the link r -> r+1 list the same pieces in the same order.
    const std::size_t s = (r + 1) % n;
    const auto& sends = plans[r].side[succ_side].sends.empty() ? plans[s].side[pred_side].sends
                                                               : plans[r].side[succ_side].sends;
    const auto& recvs = plans[r].side[succ_side].sends.empty() ? plans[r].side[succ_side].recvs
                                                               : plans[s].side[pred_side].recvs;
    const std::size_t from = plans[r].side[succ_side].sends.empty() ? s : r;
    const std::size_t to = from == r ? s : r;
    ASSERT_EQ(sends.size(), recvs.size());
    for (std::size_t i = 0; i < sends.size(); ++i) {
      EXPECT_EQ(sends[i].items, recvs[i].items);
      EXPECT_EQ(global(ring, from, sends[i].first), global(ring, to, recvs[i].first));
      EXPECT_LE(sends[i].items, plan.chunk_items);
    }
  }
  for (std::size_t r = 0; r < n; ++r) {
    const RankMessagePlan& p = plans[r];
    expect_new_slice_tiled(p);
    if (ring.total() > 0) {
      EXPECT_EQ(global(ring, r, p.output_origin), p.new_start);
    }
  }
}

TEST(RingMessages, EveryRankOfRandomPlans) {
  Rng rng(2024);
  for (int it = 0; it < 400; ++it) {
    const auto n = static_cast<std::size_t>(rng.uniform(1, 9));
    const AgreedLayout layout = random_layout(rng, n);
    PlanOptions opt;
    opt.kind = rng.uniform(0, 1) == 0 ? RingKind::unidirectional : RingKind::bidirectional;
    opt.chunk_bytes = rng.uniform(0, 1) == 0 ? 0 : rng.uniform(1, 7);
    const bool linear = opt.kind == RingKind::bidirectional && rng.uniform(0, 2) == 0;
    opt.wrap = linear ? WrapPolicy::forbid : WrapPolicy::allow;
    opt.transport = Transport::ring;
    const LayoutPlan plan =
        build_layout_plan(layout, Network::ring, RingLinkModels::uniform(n), opt);
    check_rank_plans(plan);
  }
}

TEST(RingMessages, SpacedTransfersOrderMessagesAtTheirItemsPace) {
  // P0 sends 4 items back to back at cost 3; P1 forwards each as it arrives (spacing 3), one
  // message per item: its messages are planned at its items' departures, each after the item's
  // arrival.
  const RingFlows ring = make_ring_flows({4, 0, 0}, {0, 0, 4}, {4, 4, 0});
  Schedule plan;
  plan.transfers = {{0, 1, 4, 0, std::nullopt}, {1, 2, 4, 3, std::nullopt, 3}};
  const RankMessagePlan relay = rank_message_plan(ring, plan, 1, 1);
  const auto& sends = relay.side[succ_side].sends;
  ASSERT_EQ(sends.size(), 4U);
  for (std::size_t k = 0; k < sends.size(); ++k) {
    EXPECT_TRUE(sends[k].planned_start == Ticks{3} * static_cast<Ticks>(k + 1)) << k;
    EXPECT_GE(sends[k].partner, 0);  // forwards a received message
  }
  const RankMessagePlan source = rank_message_plan(ring, plan, 0, 1);
  for (const auto& m : source.side[succ_side].sends) EXPECT_TRUE(m.planned_start == 0);
}

// Ordered plans (docs/ordered.md): for every rank of random rings, both ends of every link list the
// same pieces in the same order; kept and received items tile each new piece; every forwarded send
// is paired with a receive of the other side; and a message-level run in which a link sends its next
// message once its items are here delivers everything (the relays' first-in, first-out order never
// waits on a message behind another).
void check_ordered_plans(const std::vector<std::int64_t>& loads,
                         const std::vector<std::int64_t>& targets, const Schedule& schedule,
                         std::int64_t chunk) {
  const std::size_t n = loads.size();
  std::vector<std::int64_t> before(n + 1, 0), after(n + 1, 0);
  for (std::size_t k = 0; k < n; ++k) {
    before[k + 1] = before[k] + loads[k];
    after[k + 1] = after[k] + targets[k];
  }
  std::vector<RankMessagePlan> plans;
  for (std::size_t r = 0; r < n; ++r)
    plans.push_back(ordered_message_plan(loads, targets, schedule, r, chunk));
  if (n == 1) return;
  for (std::size_t r = 0; r < n; ++r) {
    const std::size_t s = (r + 1) % n;
    for (int dir = 0; dir < 2; ++dir) {  // r -> s by r's successor link, then s -> r
      const auto& sends =
          dir == 0 ? plans[r].side[succ_side].sends : plans[s].side[pred_side].sends;
      const auto& recvs =
          dir == 0 ? plans[s].side[pred_side].recvs : plans[r].side[succ_side].recvs;
      const std::size_t from = dir == 0 ? r : s;
      const std::size_t to = dir == 0 ? s : r;
      ASSERT_EQ(sends.size(), recvs.size());
      for (std::size_t i = 0; i < sends.size(); ++i) {
        EXPECT_EQ(sends[i].items, recvs[i].items);
        EXPECT_EQ(sends[i].first + before[from], recvs[i].first + before[to]);
        EXPECT_LE(sends[i].items, chunk);
      }
    }
  }
  for (std::size_t r = 0; r < n; ++r) {
    const RankMessagePlan& p = plans[r];
    expect_new_slice_tiled(p);
    EXPECT_EQ(p.output_origin + before[r], after[r]);
    for (int side = 0; side < 2; ++side)
      for (const auto& m : p.side[side].sends) {
        const bool own = m.first >= 0 && m.first + m.items <= p.load;
        EXPECT_EQ(own, m.partner < 0);
        if (!own) {
          EXPECT_EQ(p.side[1 - side].recvs[static_cast<std::size_t>(m.partner)].first, m.first);
        }
      }
  }
  // The message-level run (unbounded buffers): per rank and side, the next send goes once its
  // items are here; a receive completes when its link's sender sent it.
  std::vector<std::array<std::size_t, 2>> next_send(n, {0, 0});
  std::vector<std::array<std::vector<char>, 2>> arrived(n);
  for (std::size_t r = 0; r < n; ++r)
    for (int side = 0; side < 2; ++side)
      arrived[r][side].assign(plans[r].side[side].recvs.size(), 0);
  std::vector<std::array<std::size_t, 2>> next_recv(n, {0, 0});
  bool progress = true;
  while (progress) {
    progress = false;
    for (std::size_t r = 0; r < n; ++r)
      for (int side = 0; side < 2; ++side) {
        auto& k = next_send[r][side];
        const auto& sends = plans[r].side[side].sends;
        if (k >= sends.size()) continue;
        const LinkMessage& m = sends[k];
        if (m.partner >= 0 && !arrived[r][1 - side][static_cast<std::size_t>(m.partner)]) continue;
        const std::size_t peer = static_cast<std::size_t>(plans[r].side[side].peer);
        const int peer_side = side == succ_side ? pred_side : succ_side;
        arrived[peer][peer_side][next_recv[peer][peer_side]++] = 1;
        ++k;
        progress = true;
      }
  }
  for (std::size_t r = 0; r < n; ++r)
    for (int side = 0; side < 2; ++side)
      EXPECT_EQ(next_send[r][side], plans[r].side[side].sends.size()) << "a relay waits forever";
}

TEST(OrderedMessages, EveryRankOfRandomOrderedPlans) {
  Rng rng(31337);
  for (int it = 0; it < 300; ++it) {
    const auto n = static_cast<std::size_t>(rng.uniform(1, 7));
    RingInstance instance;
    instance.kind = rng.uniform(0, 2) == 0 ? RingKind::unidirectional : RingKind::bidirectional;
    std::int64_t total = 0;
    for (std::size_t k = 0; k < n; ++k)
      instance.loads.push_back(rng.uniform(0, 12)), total += instance.loads.back();
    std::vector<double> w(n);
    for (auto& x : w) x = static_cast<double>(rng.uniform(0, 4));
    if (std::all_of(w.begin(), w.end(), [](double x) { return x == 0.0; })) w[0] = 1.0;
    instance.targets = counts_from_weights(w, total);
    for (std::size_t k = 0; k < n; ++k) {
      instance.succ_cost.push_back(rng.uniform(1, 5));
      if (instance.bidirectional()) instance.pred_cost.push_back(rng.uniform(1, 5));
    }
    if (instance.loads == instance.targets || total == 0) continue;
    const ring::OrderedPlan plan = ring::plan_ordered(instance);
    check_ordered_plans(instance.loads, instance.targets, plan.schedule, rng.uniform(1, 4));
  }
}

// On a unidirectional ring with the order kept, items that must move towards a predecessor go
// rightward all the way round (an ordered plan, docs/ordered.md); with rotation allowed the plan
// uses the closing edge as a flow shift instead.
TEST(RingMessages, UnidirectionalRingKeepsTheOrderByRoutesOrRotates) {
  AgreedLayout layout;
  layout.item_bytes = 1;
  layout.loads = {0, 5};
  layout.targets = {5, 0};
  layout.total = 5;
  PlanOptions opt;
  opt.kind = RingKind::unidirectional;
  opt.wrap = WrapPolicy::forbid;
  opt.transport = Transport::ring;
  const LayoutPlan routed =
      build_layout_plan(layout, Network::ring, RingLinkModels::uniform(2), opt);
  EXPECT_TRUE(routed.ordered_routes);
  // The new layout is the order kept (shift 0, as the linear flows say); the routes go round.
  EXPECT_EQ(routed.ring.flows, (std::vector<std::int64_t>{-5, 0}));
  check_ordered_plans(layout.loads, layout.targets, routed.schedule, 2);
  opt.wrap = WrapPolicy::allow;
  const LayoutPlan rotated =
      build_layout_plan(layout, Network::ring, RingLinkModels::uniform(2), opt);
  EXPECT_FALSE(rotated.ordered_routes);
  EXPECT_EQ(rotated.ring.flows, (std::vector<std::int64_t>{0, 5}));  // over the wrap-around edge
}

TEST(SliceOverlap, SendersAndReceiversAgree) {
  Rng rng(77);
  for (int it = 0; it < 300; ++it) {
    const auto n = static_cast<std::size_t>(rng.uniform(1, 8));
    const AgreedLayout layout = random_layout(rng, n);
    PlanOptions opt;
    opt.kind = RingKind::unidirectional;
    opt.wrap = WrapPolicy::allow;
    opt.transport = Transport::ring;
    const LayoutPlan plan =
        build_layout_plan(layout, Network::ring, RingLinkModels::uniform(n), opt);
    std::map<std::pair<int, int>, std::vector<std::int64_t>> sent, received;
    for (std::size_t r = 0; r < n; ++r) {
      std::int64_t total = 0;
      for (const Segment& s : ordered_send_segments(plan.ring, r)) {
        sent[{static_cast<int>(r), s.peer}].push_back(s.items);
        total += s.items;
      }
      EXPECT_EQ(total, layout.loads[r]);
      std::int64_t at = 0;
      for (const Segment& s : ordered_recv_segments(plan.ring, r)) {
        received[{s.peer, static_cast<int>(r)}].push_back(s.items);
        EXPECT_EQ(s.offset, at);
        at += s.items;
      }
      EXPECT_EQ(at, layout.targets[r]);
    }
    EXPECT_EQ(sent, received);
  }
}

TEST(PermutationPlan, DeterministicAndComplete) {
  const std::vector<std::int64_t> counts = {0, 5, 1, 4, 0, 0, 2, 2, 3};
  PartsOptions opt;
  const PermExecPlan a = build_perm_plan(3, counts, opt);
  const PermExecPlan b = build_perm_plan(3, counts, opt);
  EXPECT_EQ(a.digest, b.digest);
  EXPECT_EQ(a.solution.assignment, b.solution.assignment);
  opt.objective = PermObjective::steps;
  EXPECT_NE(build_perm_plan(3, counts, opt).digest, a.digest);
  for (std::size_t p = 0; p < 3; ++p) EXPECT_EQ(a.solution.assignment[a.part_of[p]], p);
}

// The cut of variable-size items against brute force: every boundary's distance to t, the nearest
// taken, ties to the earlier, zero-size items on the side of t they lie on; and the half-item
// bound.
TEST(ItemCut, NearestBoundaryMatchesBruteForce) {
  Rng rng(31337);
  for (int it = 0; it < 2000; ++it) {
    std::vector<std::int64_t> offsets{0};
    const auto items = rng.uniform(1, 8);
    for (std::int64_t k = 0; k < items; ++k) offsets.push_back(offsets.back() + rng.uniform(0, 6));
    if (offsets.back() == 0) continue;
    const std::int64_t t = rng.uniform(0, offsets.back() - 1);
    std::size_t best = 0;
    for (std::size_t k = 1; k < offsets.size(); ++k) {
      const std::int64_t d = std::abs(offsets[k] - t), best_d = std::abs(offsets[best] - t);
      // Equal offsets (zero-size items): the last one at or before t, the first one after it.
      if (d < best_d || (d == best_d && offsets[k] == offsets[best] && offsets[k] <= t)) best = k;
    }
    const std::size_t got = nearest_item_boundary(offsets, t);
    EXPECT_EQ(got, best) << "t " << t;
    std::size_t holder = 0;  // the item holding byte t
    while (offsets[holder + 1] <= t) ++holder;
    EXPECT_LE(2 * std::abs(offsets[got] - t), offsets[holder + 1] - offsets[holder]);
  }
}

}  // namespace
}  // namespace redist::exec
