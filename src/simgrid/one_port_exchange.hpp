#pragma once
// Internal to the simgrid layer: executes a redist ring schedule as real SimGrid communications
// under the one-port model (docs/design.md "One-port item model", document 000 section 2).
//
// SimGrid has no one-port primitive; we model it per host with two sequential actors:
//   sender    the rank's own actor; it sends its batches one after the other in the plan's start
//             order, each batch as one message, or in chunks when its receiver relays items
//             (size_relay_messages); a message never carries an item the host does not hold yet,
//             and a put returns only once the message arrived; a spaced transfer (docs/design.md
//             "Schedule") keeps its pace: the message starting with its k-th item (0-based) leaves
//             no earlier than k spacings after the batch's first message left;
//   receiver  one extra actor on the same host that takes its incoming batches one at a time, in
//             the plan's start order, and adds their items to the holdings.
// Both follow the plan's order of each port and act as soon as they can; on a network that is the
// item model (dedicated links, no latency) they replay a light plan's times exactly.
// So a host never has two outgoing or two incoming transfers at once, but may send and receive at
// the same time, as in the item model. What SimGrid adds: each message pays its route's latency,
// and concurrent messages whose routes share a link share its bandwidth (max-min fairness).

#include <cstdint>
#include <vector>

#include <simgrid/s4u.hpp>

#include "redist/core/schedule.hpp"
#include "redist/simgrid/platform_routes.hpp"

namespace redist::simgrid::detail {

namespace sg4 = ::simgrid::s4u;

struct Batch {
  int peer = 0;  // the receiver of a send, the sender of a receive
  std::int64_t items = 0;
  bool to_relay = false;   // a send to a host that forwards items (sends more than it holds)
  std::int64_t chunk = 0;  // items per message; 0: the whole batch in one message
  double pace = 0;  // sends: seconds between item starts of a spaced transfer; 0: back to back
  // The plan's own messages (a plan made with start-ups, docs/latency.md): each message of `chunk`
  // items (the last the rest) leaves only once the host holds all its items, and `pace` is the
  // time between message starts.
  bool whole = false;
};

/// One host's part of a schedule.
struct ExchangeRole {
  std::vector<Batch> sends;     // in the plan's start order
  std::vector<Batch> receives;  // in the plan's start order
  std::int64_t holdings = 0;    // items it holds when the exchange starts
};

/// Splits a schedule among the ring's hosts; loads[i] = items P_i holds before. Marks the sends to
/// relays: hosts that send more items than they hold at the start. Every batch is one message.
/// A spaced transfer's pace is its spacing in seconds (schedule times are 10^-time_scale seconds).
/// With `plan_messages` (the schedule was planned with start-ups) every batch keeps the plan's
/// messages (Batch::whole) and size_relay_messages must not be called.
std::vector<ExchangeRole> exchange_roles(const Schedule& schedule,
                                         const std::vector<std::int64_t>& loads,
                                         bool plan_messages = false);

/// Cuts the sends to relays into messages of about sqrt(m L / c) items (m the batch's items, L its
/// route's latency, c one item's time on it): a relay forwards a message only once it fully
/// arrived, so small messages keep the item model's pipeline, but each pays L. Balancing the two is
/// document 004's optimal chunk size of a pipelined transfer. Without latency: one item per
/// message, which is the item model itself.
void size_relay_messages(std::vector<ExchangeRole>& roles, const RingRoutes& routes,
                         double item_bytes);

struct ExchangeNetwork {
  std::vector<sg4::Host*> hosts;  // ring order
  double item_bytes = 0;
};

/// Whether every host sends at most the items it holds at the start (document 000's light
/// redistribution): then no item is relayed and each batch can travel as one message.
bool sends_only_held(const std::vector<ExchangeRole>& roles);

/// Runs host `rank`'s part (called from the rank's actor); returns once all its sends completed and
/// all its incoming items arrived.
void run_exchange(int rank, const ExchangeRole& role, const ExchangeNetwork& network);

}  // namespace redist::simgrid::detail
