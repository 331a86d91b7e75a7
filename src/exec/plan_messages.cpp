#include "plan_messages.hpp"

#include <algorithm>

#include "redist/core/error.hpp"

namespace redist::exec {

namespace {

std::size_t prev_index(std::size_t k, std::size_t n) { return (k + n - 1) % n; }

// The pieces crossing edge e in sending order, in global positions (ring_messages.hpp's
// edge_pieces), cut at the plan's message sizes instead of a grid.
std::vector<LinkMessage> sized_pieces(const RingFlows& ring, std::size_t edge,
                                      const std::vector<PlannedMessage>& messages,
                                      std::int64_t origin) {
  const std::int64_t flow = ring.flows[edge];
  const std::int64_t boundary = ring.start[edge + 1];
  std::vector<LinkMessage> out;
  out.reserve(messages.size());
  std::int64_t sum = 0;
  for (const PlannedMessage& m : messages) {
    // Rightwards the highest positions go first, leftwards the lowest.
    const std::int64_t first = flow > 0 ? boundary - sum - m.items : boundary + sum;
    out.push_back({first - origin, m.items, -1, m.start});
    sum += m.items;
  }
  if (sum != (flow < 0 ? -flow : flow))
    throw InternalError("the plan's messages over edge " + std::to_string(edge) + " carry " +
                        std::to_string(sum) + " items, its flow is " + std::to_string(flow));
  return out;
}

std::int64_t overlap(std::int64_t a_first, std::int64_t a_items, std::int64_t b_first,
                     std::int64_t b_items) {
  return std::max<std::int64_t>(
      0, std::min(a_first + a_items, b_first + b_items) - std::max(a_first, b_first));
}

// Each forwarded send of side `out` names the last receive of the other side that holds some of its
// items: it may start once that one and every receive before it have arrived.
void link_relays(RankMessagePlan& plan, int out) {
  const int in = 1 - out;
  const std::int64_t relay_lo = plan.relay_first[in];
  const std::int64_t relay_hi = relay_lo + plan.relay_items[in];
  const std::vector<LinkMessage>& recvs = plan.side[in].recvs;
  std::size_t r = 0;
  for (LinkMessage& m : plan.side[out].sends) {
    m.partner = -1;
    const std::int64_t lo = std::max(m.first, relay_lo);
    const std::int64_t hi = std::min(m.first + m.items, relay_hi);
    if (hi <= lo) continue;  // own items only
    // Sends and receives of the relayed items run in the same direction, so r only moves on.
    while (r < recvs.size() && overlap(lo, hi - lo, recvs[r].first, recvs[r].items) == 0) ++r;
    while (r + 1 < recvs.size() && overlap(lo, hi - lo, recvs[r + 1].first, recvs[r + 1].items) > 0)
      ++r;
    REDIST_ASSERT(r < recvs.size());
    m.partner = static_cast<std::int64_t>(r);
  }
}

}  // namespace

std::vector<PlannedMessage> link_planned_messages(const RingInstance& instance,
                                                  const Schedule& plan, std::size_t from,
                                                  bool succ) {
  const std::vector<const Transfer*> batches = link_transfers(plan, instance.size(), from, succ);
  if (batches.empty()) return {};
  const Ticks latency = instance.latency(from, succ);
  const Ticks cost = instance.cost(from, succ);
  std::vector<PlannedMessage> out;
  for (const Transfer* t : batches) {
    const std::int64_t size = message_size(*t);
    const std::int64_t count = message_count(*t);
    const Ticks spacing = t->spacing > 0 ? t->spacing : latency + Ticks{size} * cost;
    for (std::int64_t j = 0; j < count; ++j)
      out.push_back({j + 1 < count ? size : last_message_size(*t), t->start + Ticks{j} * spacing});
  }
  return out;
}

std::int64_t planned_message_count(const Schedule& plan) {
  std::int64_t count = 0;
  for (const Transfer& t : plan.transfers) count += message_count(t);
  return count;
}

RankMessagePlan rank_plan_messages(const RingFlows& ring, const RingInstance& instance,
                                   const Schedule& plan, std::size_t rank) {
  const std::size_t n = ring.size();
  const std::size_t left_edge = prev_index(rank, n);
  RankMessagePlan out = rank_geometry(ring, rank);
  out.plan_messages = true;
  if (n == 1) return out;

  LinkMessages& succ = out.side[succ_side];
  LinkMessages& pred = out.side[pred_side];
  const std::int64_t right_flow = ring.flows[rank];
  const std::int64_t left_flow = ring.flows[left_edge];
  // Edge `rank` (to the successor) is sent by this rank when its flow goes right, else by the
  // successor; edge `left_edge` by this rank when its flow goes left, else by the predecessor.
  if (right_flow != 0) {
    const std::vector<PlannedMessage> right =
        right_flow > 0 ? link_planned_messages(instance, plan, rank, true)
                       : link_planned_messages(instance, plan, (rank + 1) % n, false);
    (right_flow > 0 ? succ.sends : succ.recvs) = sized_pieces(ring, rank, right, ring.start[rank]);
  }
  if (left_flow != 0) {
    const std::vector<PlannedMessage> left =
        left_flow < 0 ? link_planned_messages(instance, plan, rank, false)
                      : link_planned_messages(instance, plan, left_edge, true);
    (left_flow < 0 ? pred.sends : pred.recvs) =
        sized_pieces(ring, left_edge, left, ring.start[left_edge + 1]);
  }
  // Items that come in from one side and leave by the other: from the predecessor to the successor
  // when this rank sends more right than it holds, and the mirror image.
  if (left_flow > 0 && right_flow > out.load) {
    out.relay_first[pred_side] = out.load - right_flow;
    out.relay_items[pred_side] = right_flow - out.load;
  }
  if (right_flow < 0 && -left_flow > out.load) {
    out.relay_first[succ_side] = out.load;
    out.relay_items[succ_side] = -left_flow - out.load;
  }
  link_relays(out, succ_side);
  link_relays(out, pred_side);
  return out;
}

}  // namespace redist::exec
