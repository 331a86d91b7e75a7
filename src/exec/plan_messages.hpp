#pragma once
// The plan's own messages (docs/latency.md "The API for executors"): a ring plan made with start-up
// costs says how many items each message over each link holds (Transfer::message_items), and the
// ring transport then sends exactly those messages instead of cutting the flows at a chunk grid of
// its own (ring_messages.hpp). One rule for the chunking: the planner's. Pure code, no MPI.
//
// Which items a message holds is forced as for the chunk grid (ring_messages.hpp: for ordered data
// the F_e items just before P_{e+1}'s first cross edge e rightwards, farthest first; leftwards the
// |F_e| items from it on, lowest first); the plan only says how many go in each message. So a
// message may hold items of two old owners (a relay's own items and forwarded ones: the relay sends
// its own first) or of two new owners (the items a relay keeps and those it forwards): at most one
// message per link and direction does. A relay therefore receives what it forwards into one relay
// buffer per side, forwards a message once every received message it draws on has arrived (the
// plan's store and forward), and gathers or scatters the one mixed message of a side through a
// scratch buffer.

#include <cstdint>
#include <vector>

#include "redist/core/ring_instance.hpp"
#include "redist/core/schedule.hpp"
#include "ring_messages.hpp"

namespace redist::exec {

/// One message of the plan over a link: its items and when the plan starts it (ticks).
struct PlannedMessage {
  std::int64_t items = 0;
  Ticks start = 0;
};

/// The plan's messages over the link `from` -> its successor (`succ`) or predecessor, in sending
/// order: every transfer on that link by start, each in message_count(t) messages of
/// message_size(t) items but the last (last_message_size(t)), message j (from 0) starting at
/// t.start + j p, p the spacing or L + m c back to back (docs/design.md "Schedule").
std::vector<PlannedMessage> link_planned_messages(const RingInstance& instance,
                                                  const Schedule& plan, std::size_t from,
                                                  bool succ);

/// The plan's messages in total, over every link.
std::int64_t planned_message_count(const Schedule& plan);

/// Messages of `rank` as the plan sends them (RankMessagePlan::plan_messages set): sends and
/// receives of each side follow link_planned_messages of its link; a forwarded send's `partner` is
/// the index of the last receive (other side) it draws items from, -1 for a send of own items
/// only; receives have partner -1. The plan must move the net flows of `ring`, one direction per
/// edge (its transfers' items over each link add up to |F_e|).
RankMessagePlan rank_plan_messages(const RingFlows& ring, const RingInstance& instance,
                                   const Schedule& plan, std::size_t rank);

}  // namespace redist::exec
