#pragma once
// Private to the ring layer: the message list scheduler of the start-up planners
// (docs/latency.md, "Planners"). Given, for every directed link, the sizes of the messages it
// sends in order, it starts each message as soon as its sender's send port and its receiver's
// receive port are free and the sender holds the message's items (a processor with messages on
// both its links starts first the one its preference names, when both could start), and reports
// every message's start. O(M log M) for M messages.
//
// The planners choose the sizes (one message per link, own items first, pipelined pieces, a local
// search on small rings); this scheduler only times them. Messages are exactly those of
// docs/design.md "Latency-bandwidth model": q items take L + q c and reach the receiver together.

#include <cstdint>
#include <vector>

#include "redist/core/ring_instance.hpp"
#include "redist/core/schedule.hpp"

namespace redist::ring::detail {

/// Directed link of processor i: 2 i for its successor link, 2 i + 1 for its predecessor link.
inline std::size_t link_index(std::size_t from, bool succ) { return 2 * from + (succ ? 0 : 1); }

struct MessagePlan {
  std::vector<std::vector<std::int64_t>> sizes;  // per directed link (2n), in sending order
  std::vector<std::uint8_t> succ_first;          // per processor: prefer the successor link
  // Per directed link: earliest start of its first message (0: none); lets a planner hold a link
  // back so that another uses a shared port first.
  std::vector<Ticks> not_before;

  static MessagePlan empty(std::size_t n) {
    MessagePlan p;
    p.sizes.assign(2 * n, {});
    p.succ_first.assign(n, 1);
    p.not_before.assign(2 * n, 0);
    return p;
  }
};

struct TimedMessage {
  std::size_t link;  // directed link index
  std::int64_t items;
  Ticks start;
};

struct MessageTiming {
  bool complete = false;  // every message started (false: the sizes deadlock)
  Ticks makespan = 0;
  std::vector<TimedMessage> messages;  // in start order per link
};

MessageTiming time_messages(const RingInstance& instance, const MessagePlan& plan);

/// The same, but only the makespan (no message list): what a search evaluates thousands of times.
/// Returns nullopt-like kNoMakespan when the sizes deadlock.
inline constexpr Ticks kNoMakespan = -1;
Ticks messages_makespan(const RingInstance& instance, const MessagePlan& plan);

/// The messages as a schedule: on each link, consecutive messages of one size whose starts are
/// evenly spaced become one transfer (message_items, spacing), a last shorter one included. With
/// `back_to_back` only messages that follow each other without a pause share a transfer.
Schedule messages_to_schedule(const RingInstance& instance, const MessageTiming& timing,
                              bool back_to_back = false);

}  // namespace redist::ring::detail
