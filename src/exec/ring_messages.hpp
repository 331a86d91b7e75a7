#pragma once
// From a ring plan to the messages each rank sends and receives, for ordered items. Pure code: no
// MPI; every rank computes the same lists for a link from the same agreed data.
//
// Positions. Item p of the old layout sits on rank k when start[k] <= p < start[k+1] (start[n] =
// N). A plan moves, net, F_e items over edge e = (P_e, P_{e+1}) (docs/design.md "Flow shift"). For
// ordered data the items crossing edge e are forced (document 000 section 1: first items go to the
// predecessor, last items to the successor):
//
//     F_e > 0:  the F_e items just before start[e+1] go right      ... P_e [ .. | <F_e> ] P_{e+1}
//     ... F_e < 0:  the |F_e| items from start[e+1] on go left
//
// and rank k ends with the positions [start[k] - F_{k-1}, start[k+1] - F_k), read circularly: the
// whole sequence rotates by F_{n-1} items when the plan uses the wrap-around edge P_{n-1} -> P_0.
//
// Messages. Every block is cut at one global set of positions: each rank's old first item, each
// rank's new first item, and a grid of chunk_items positions. So a message holds items of one old
// owner and one new owner, and the very same message travels every hop of its path: a relay
// forwards a received message as it is, without splitting or copying. Items going right travel
// farthest first (highest positions first), items going left lowest first; a relay therefore sends
// its own items first and then forwards in arrival order, which is the as-soon-as-possible relay of
// document 000 Algorithm 2 and matches the plan's per-link item counts over time.

#include <array>
#include <cstdint>
#include <vector>

#include "redist/core/decimal.hpp"
#include "redist/core/schedule.hpp"

namespace redist::exec {

/// The global picture every rank agrees on before data moves.
struct RingFlows {
  std::vector<std::int64_t> start;  // n + 1 entries: start[k] = items held by ranks before k
  std::vector<std::int64_t> flows;  // n entries: F_e, positive = towards the successor

  [[nodiscard]] std::size_t size() const noexcept { return flows.size(); }
  [[nodiscard]] std::int64_t total() const noexcept { return start.empty() ? 0 : start.back(); }
  /// Items rank k holds after the redistribution: load - F_k + F_{k-1}.
  [[nodiscard]] std::int64_t target(std::size_t k) const;
  /// Position of rank k's new first item, modulo N.
  [[nodiscard]] std::int64_t new_start(std::size_t k) const;
};

/// Net items per edge of a schedule on n processors; `two_way` is set when some edge carries items
/// in both directions (the ordered executor needs one direction per edge).
struct ScheduleFlows {
  std::vector<std::int64_t> flows;
  bool two_way = false;
};
ScheduleFlows schedule_flows(std::size_t n, const Schedule& schedule);

/// Whether a transfer of the schedule uses the sender's successor link (docs/design.md section 4:
/// the optional `link` decides on n = 2, else the receiver does).
bool uses_succ_link(std::size_t n, const Transfer& transfer);

/// The transfers of `schedule` over the link P_from -> its successor (`succ`) or predecessor, in
/// start order (ties in the schedule's order): the order in which that link sends them.
std::vector<const Transfer*> link_transfers(const Schedule& schedule, std::size_t n,
                                            std::size_t from, bool succ);

/// Checks that `flows` realise loads -> targets on a ring (F_e - F_{e-1} = load_e - target_e), that
/// no item crosses an edge twice (|F_e| <= N) and that they do not circulate; throws InternalError.
RingFlows make_ring_flows(const std::vector<std::int64_t>& loads,
                          const std::vector<std::int64_t>& targets,
                          const std::vector<std::int64_t>& flows);

enum Side : int { pred_side = 0, succ_side = 1 };

struct LinkMessage {
  std::int64_t first =
      0;  // rank-local position of its lowest item (the rank's old slice is [0, load))
  std::int64_t items = 0;
  std::int64_t partner =
      -1;  // send: index of the received message (other side) it forwards, -1 = own
           // items; receive: index of the send (other side) forwarding it, -1 = kept
  Ticks planned_start = 0;  // sends: plan time (ticks) at which its first item leaves
};

struct LinkMessages {
  int peer = -1;                   // rank at the other end (-1: no link, n = 1)
  std::vector<LinkMessage> sends;  // in sending order
  std::vector<LinkMessage> recvs;  // in arrival order
};

struct RankMessagePlan {
  std::int64_t load = 0;
  std::int64_t target = 0;
  std::int64_t output_origin = 0;  // local position of the new slice's first item (= -F_{k-1})
  std::int64_t kept_first = 0;     // own items that stay: local positions [kept_first, +kept_items)
  std::int64_t kept_items = 0;
  std::int64_t new_start = 0;        // global position (mod N) of the new slice's first item
  std::array<LinkMessages, 2> side;  // [pred_side], [succ_side]
  /// The messages are the plan's own (plan_messages.hpp) rather than a chunk grid's: a message may
  /// then mix own and forwarded, or kept and forwarded, items, and the items received on side s
  /// that are forwarded are the local positions [relay_first[s], relay_first[s] + relay_items[s]).
  bool plan_messages = false;
  std::array<std::int64_t, 2> relay_first{};
  std::array<std::int64_t, 2> relay_items{};
};

/// A message of the rank's own old items (local positions [0, load)), which it sends itself.
inline bool is_own(const LinkMessage& m, std::int64_t load) {
  return m.first >= 0 && m.first + m.items <= load;
}

/// A received message of items the rank keeps (its new slice), which it does not forward.
inline bool is_kept(const LinkMessage& m, const RankMessagePlan& plan) {
  return m.first >= plan.output_origin && m.first + m.items <= plan.output_origin + plan.target;
}

/// What `rank` holds before and after and its neighbours, without messages: the part of a
/// RankMessagePlan that every way of cutting the flows shares.
RankMessagePlan rank_geometry(const RingFlows& ring, std::size_t rank);

/// Messages of `rank` for the flows, cut with a grid of chunk_items; planned starts from `plan`.
RankMessagePlan rank_message_plan(const RingFlows& ring, const Schedule& plan, std::size_t rank,
                                  std::int64_t chunk_items);

/// The pieces crossing edge e in sending order, as [first, first + items) in global positions where
/// P_e's old slice is [start[e], start[e+1]) and start[n] stands for item 0 of P_0 again.
struct Piece {
  std::int64_t first = 0;
  std::int64_t items = 0;
};
std::vector<Piece> edge_pieces(const RingFlows& ring, std::size_t edge, std::int64_t chunk_items);

}  // namespace redist::exec
