// The ring transport's plan messages (src/exec/plan_messages.hpp), without MPI: plans made with
// start-up costs for random rings, every rank's message lists built, and the transfer played in one
// process item by item (global positions, not the engine's buffers) under the engine's one rule of
// readiness (a relayed send waits for its partner receive and every one before it). Every item must
// end where the new layout puts it, no send may use an item it does not hold yet, and the messages
// must be exactly the plan's.

#include <gtest/gtest.h>

#include <algorithm>
#include <deque>
#include <vector>

#include "exec/layout_plan.hpp"
#include "exec/plan_messages.hpp"
#include "exec/ring_messages.hpp"
#include "redist/core/random.hpp"
#include "redist/exec/link_model.hpp"

namespace redist::exec {
namespace {

constexpr std::int64_t kUnset = -1;

struct RankState {
  RankMessagePlan plan;
  std::vector<std::int64_t> output;                // global item per new-slice slot
  std::array<std::vector<std::int64_t>, 2> relay;  // global item per relayed slot, per side
  std::array<std::size_t, 2> next_send{};
  std::array<std::size_t, 2> next_recv{};
};

std::int64_t global(const RingFlows& ring, std::size_t rank, std::int64_t x) {
  const std::int64_t n = ring.total();
  return ((ring.start[rank] + x) % n + n) % n;
}

bool in_range(std::int64_t x, std::int64_t first, std::int64_t items) {
  return x >= first && x < first + items;
}

// Plays every rank's lists until nothing moves, counting the messages sent. Fails the test on a send
// of an item not held, a receive landing nowhere, or both ends of a link disagreeing.
void play(const RingFlows& ring, std::vector<RankState>& ranks, std::int64_t& messages) {
  const std::size_t n = ranks.size();
  messages = 0;
  for (bool moved = true; moved;) {
    moved = false;
    for (std::size_t r = 0; r < n; ++r)
      for (int s = 0; s < 2; ++s) {
        RankState& me = ranks[r];
        const LinkMessages& link = me.plan.side[s];
        if (me.next_send[s] >= link.sends.size()) continue;
        const LinkMessage& m = link.sends[me.next_send[s]];
        const int in = 1 - s;
        if (m.partner >= 0 && me.next_recv[in] <= static_cast<std::size_t>(m.partner)) continue;
        std::vector<std::int64_t> items;
        for (std::int64_t x = m.first; x < m.first + m.items; ++x) {
          if (in_range(x, 0, me.plan.load)) {
            items.push_back(global(ring, r, x));
          } else {
            ASSERT_TRUE(in_range(x, me.plan.relay_first[in], me.plan.relay_items[in]))
                << "rank " << r << " sends position " << x << " it never relays";
            const std::int64_t g =
                me.relay[in][static_cast<std::size_t>(x - me.plan.relay_first[in])];
            EXPECT_NE(g, kUnset) << "rank " << r << " forwards position " << x
                                 << " before it arrived";
            items.push_back(g);
          }
        }
        // The receiver: the next receive of the peer's opposite side.
        RankState& peer = ranks[static_cast<std::size_t>(link.peer)];
        const int peer_side = 1 - s;
        const LinkMessages& back = peer.plan.side[peer_side];
        ASSERT_LT(peer.next_recv[peer_side], back.recvs.size());
        const LinkMessage& got = back.recvs[peer.next_recv[peer_side]];
        ASSERT_EQ(got.items, m.items);
        for (std::int64_t k = 0; k < got.items; ++k) {
          const std::int64_t x = got.first + k;
          const auto i = static_cast<std::size_t>(k);
          if (in_range(x, peer.plan.output_origin, peer.plan.target))
            peer.output[static_cast<std::size_t>(x - peer.plan.output_origin)] = items[i];
          else if (in_range(x, peer.plan.relay_first[peer_side], peer.plan.relay_items[peer_side]))
            peer.relay[peer_side][static_cast<std::size_t>(x - peer.plan.relay_first[peer_side])] =
                items[i];
          else
            ADD_FAILURE() << "position " << x << " of rank " << link.peer << " lands nowhere";
        }
        ++peer.next_recv[peer_side];
        ++me.next_send[s];
        ++messages;
        moved = true;
      }
  }
}

void check_plan(const LayoutPlan& plan) {
  ASSERT_TRUE(plan.plan_messages);
  const RingFlows& ring = plan.ring;
  const std::size_t n = ring.size();
  std::vector<RankState> ranks(n);
  for (std::size_t r = 0; r < n; ++r) {
    RankState& st = ranks[r];
    st.plan = rank_plan_messages(ring, plan.instance, plan.schedule, r);
    st.output.assign(static_cast<std::size_t>(st.plan.target), kUnset);
    for (int s = 0; s < 2; ++s)
      st.relay[s].assign(static_cast<std::size_t>(st.plan.relay_items[s]), kUnset);
    // Own items that stay.
    for (std::int64_t k = 0; k < st.plan.kept_items; ++k) {
      const std::int64_t x = st.plan.kept_first + k;
      st.output[static_cast<std::size_t>(x - st.plan.output_origin)] = global(ring, r, x);
    }
  }
  std::int64_t sent = 0;
  play(ring, ranks, sent);
  ASSERT_FALSE(::testing::Test::HasFatalFailure());
  EXPECT_EQ(sent, planned_message_count(plan.schedule));
  for (std::size_t r = 0; r < n; ++r) {
    const RankState& st = ranks[r];
    for (int s = 0; s < 2; ++s) {
      EXPECT_EQ(st.next_send[s], st.plan.side[s].sends.size()) << "rank " << r << " stalled";
      EXPECT_EQ(st.next_recv[s], st.plan.side[s].recvs.size()) << "rank " << r << " stalled";
    }
    for (std::size_t k = 0; k < st.output.size(); ++k)
      ASSERT_EQ(st.output[k], (st.plan.new_start + static_cast<std::int64_t>(k)) % ring.total())
          << "rank " << r << " slot " << k;
  }
}

AgreedLayout random_layout(Rng& rng, std::size_t n, std::int64_t most) {
  AgreedLayout layout;
  layout.item_bytes = 64;
  for (std::size_t k = 0; k < n; ++k) {
    layout.loads.push_back(rng.uniform(0, 3) == 0 ? 0 : rng.uniform(0, most));
    layout.targets.push_back(0);
    layout.total += layout.loads.back();
  }
  std::int64_t left = layout.total;  // targets: a random composition of the same total
  for (std::size_t k = 0; k + 1 < n; ++k) {
    layout.targets[k] = rng.uniform(0, left);
    left -= layout.targets[k];
  }
  layout.targets[n - 1] = left;
  return layout;
}

RingLinkModels latency_models(Rng& rng, std::size_t n) {
  RingLinkModels models = RingLinkModels::uniform(n);
  for (auto* side : {&models.succ, &models.pred})
    for (LinkModel& m : *side) {
      m.latency_s = 1e-6 * static_cast<double>(rng.uniform(1, 2000));  // 1 us to 2 ms
      m.seconds_per_byte = 1e-10 * static_cast<double>(rng.uniform(1, 1000));
    }
  return models;
}

TEST(PlanMessages, RandomRingsDeliverEveryItemInThePlansMessages) {
  Rng rng(31);
  int with_relays = 0;
  for (int it = 0; it < 120; ++it) {
    const auto n = static_cast<std::size_t>(rng.uniform(2, 8));
    AgreedLayout layout = random_layout(rng, n, it % 3 == 0 ? 400 : 40);
    if (layout.total == 0) continue;
    PlanOptions opt;
    opt.kind = rng.uniform(0, 1) == 0 ? RingKind::unidirectional : RingKind::bidirectional;
    opt.wrap = WrapPolicy::allow;
    opt.transport = Transport::ring;
    const LayoutPlan plan = build_layout_plan(layout, Network::ring, latency_models(rng, n), opt);
    if (!plan.plan_messages) continue;  // an edge used both ways: the chunk grid serves
    if (plan.ring_hops > 1) ++with_relays;
    SCOPED_TRACE("iteration " + std::to_string(it));
    check_plan(plan);
    if (::testing::Test::HasFatalFailure()) return;
  }
  EXPECT_GT(with_relays, 20);
}

TEST(PlanMessages, PredictionIsThePlansMakespan) {
  AgreedLayout layout;
  layout.item_bytes = 64;
  layout.loads = {600, 0, 0, 0, 0, 0};
  layout.targets = {100, 100, 100, 100, 100, 100};
  layout.total = 600;
  PlanOptions opt;
  opt.kind = RingKind::unidirectional;
  opt.wrap = WrapPolicy::allow;
  opt.transport = Transport::ring;
  RingLinkModels models = RingLinkModels::uniform(6, LinkModel{1e-3, 1e-7});
  const LayoutPlan plan = build_layout_plan(layout, Network::ring, models, opt);
  ASSERT_TRUE(plan.plan_messages);
  ASSERT_TRUE(plan.schedule.makespan.has_value());
  EXPECT_DOUBLE_EQ(plan.predicted_seconds,
                   static_cast<double>(*plan.schedule.makespan) * kSecondsPerTick);
  // L = 1 ms dominates 64 bytes at 10 MB/s (6.4 us): far fewer messages than items, and at least
  // the scatter's five start-ups on P_0's link.
  const std::int64_t messages = planned_message_count(plan.schedule);
  EXPECT_LT(messages, 100);
  EXPECT_GE(plan.predicted_seconds, 5e-3);
  check_plan(plan);
}

TEST(PlanMessages, ChunkGivenOrNoRelaysKeepTheChunkGrid) {
  AgreedLayout layout;
  layout.item_bytes = 64;
  layout.loads = {30, 0, 0};
  layout.targets = {10, 10, 10};
  layout.total = 30;
  PlanOptions opt;
  opt.wrap = WrapPolicy::allow;
  opt.transport = Transport::ring;
  opt.chunk_bytes = 128;
  EXPECT_FALSE(
      build_layout_plan(layout, Network::ring, RingLinkModels::uniform(3), opt).plan_messages);
  opt.chunk_bytes = 0;
  opt.transport = Transport::direct;
  EXPECT_FALSE(
      build_layout_plan(layout, Network::ring, RingLinkModels::uniform(3), opt).plan_messages);
  opt.transport = Transport::ring;
  EXPECT_TRUE(
      build_layout_plan(layout, Network::ring, RingLinkModels::uniform(3), opt).plan_messages);
}

}  // namespace
}  // namespace redist::exec
