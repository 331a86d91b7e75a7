#pragma once
// Internal to the simgrid layer: executes an ordered schedule (its transfers name their items,
// docs/ordered.md) as SimGrid communications on a ring platform, with the items' identities.
//
// As one_port_exchange.hpp does for counts, each host has a sender (the rank's actor: its transfers
// one after the other in the plan's start order, a spaced transfer at its pace) and a receiver (its
// incoming transfers in the plan's start order), so a host never has two outgoing or two incoming
// transfers at once. What identities add: a message carries a contiguous block of items, and the
// sender sends it only once it holds every one of them (its own from the start, the others from
// the instant the message carrying them has fully arrived): a relay forwards specific items, never
// its own in their place. A transfer whose items the receiver forwards is cut into messages of
// about sqrt(m L / c) items (document 004's pipelined chunk: m items, L the link's delay, c one
// item's time), so that the relay can start before the whole transfer arrived.

#include <cstdint>
#include <vector>

#include <simgrid/s4u.hpp>

#include "redist/core/ordered_items.hpp"
#include "redist/core/schedule.hpp"
#include "redist/simgrid/ring_platform.hpp"

namespace redist::simgrid::detail {

namespace sg4 = ::simgrid::s4u;

struct OrderedBatch {
  int peer = 0;            // the receiver of a send, the sender of a receive
  std::int64_t first = 0;  // items first .. first + items - 1
  std::int64_t items = 0;
  bool descending = false;  // the highest item first (towards the successor)
  std::int64_t chunk = 0;   // items per message; 0: the whole transfer in one
  double pace = 0;          // seconds between item starts of a spaced transfer; 0: back to back
};

struct OrderedRole {
  std::vector<OrderedBatch> sends;     // in the plan's start order
  std::vector<OrderedBatch> receives;  // in the plan's start order
  std::int64_t own_first = 0;          // the items held at the start: [own_first, own_end)
  std::int64_t own_end = 0;
};

/// Splits an ordered schedule among the ring's hosts and sizes its messages on `platform`.
std::vector<OrderedRole> ordered_roles(const Schedule& schedule, const OrderedLayout& layout,
                                       const RingPlatform& platform, double item_bytes);

/// One host per ring position and one one-way link per direction of each ring link, routes only
/// between neighbours. Returns the hosts in ring order.
std::vector<sg4::Host*> build_ring_platform(const RingPlatform& platform);

/// Runs host `rank`'s part (from the rank's actor); returns once its sends completed and its
/// incoming items arrived. Messages sent are counted into `messages`.
void run_ordered_exchange(int rank, const OrderedRole& role, const std::vector<sg4::Host*>& hosts,
                          double item_bytes, std::int64_t& messages);

}  // namespace redist::simgrid::detail
