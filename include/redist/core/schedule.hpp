#pragma once
// A ring schedule (docs/design.md "Schedule"): transfers of items sent over one link as a sequence
// of messages, one starting every `spacing` ticks. A message of q items takes L + q c on a link of
// start-up L and cost c; a transfer's messages hold `message_items` items each (one when 0), the
// last one the rest. Message j (1-based) occupies [start + (j-1)p, start + (j-1)p + L + q_j c) with
// p the spacing (back to back, p = L + m c, when spacing is 0), and its items reach the receiver at
// its end. With one item per message and L = 0 this is document 000's item model: item j occupies
// [start + (j-1)p, start + (j-1)p + c). A schedule's size depends on its number of transfers, never
// on the number of items or messages.
//
// An ordered schedule (docs/design.md "Ordered data", docs/ordered.md) also names the items: every
// transfer carries the contiguous block of global items first .. first + items - 1, sent farthest
// first: highest item first towards the successor, lowest first towards the predecessor.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "redist/core/decimal.hpp"
#include "redist/core/error.hpp"

namespace redist {

/// Which of P_from's links a transfer uses. Needed only on a bidirectional ring of two processors,
/// where P_0 and P_1 are joined by two links each way (docs/design.md section 4); elsewhere `to`
/// decides.
enum class Link : std::uint8_t { succ, pred };

/// Transfer::first of a transfer that names no items (a schedule of interchangeable items).
inline constexpr std::int64_t kNoItems = -1;

// 64 bytes: a 10^7-transfer schedule is held whole by `redist check` and by the planners. Processor
// indices are 32-bit (rings have at most kMaxRingSize = 10^8 processors, ring_instance.hpp); items
// are 64-bit, times 128-bit ticks.
struct Transfer {
  std::int32_t from = 0;
  std::int32_t to = 0;
  std::int64_t items = 0;
  Ticks start = 0;  // ticks of the schedule's time_scale
  std::optional<Link> link;
  // Items per message (docs/design.md "Schedule"), set by set_message_size: 0 or 1, one item per
  // message (document 000's model); kOneMessage, the whole transfer is one message; else the size.
  // 32 bits, in the padding after `link`: the transfer stays 64 bytes beside `first`.
  std::int32_t message_items = 0;
  // Ordered schedules only: the first global item of the block it carries; kNoItems otherwise.
  std::int64_t first = kNoItems;
  // Ticks between message (item) starts; 0 = back to back (L + message size x cost); else at least
  // that.
  Ticks spacing = 0;

  Transfer() = default;
  /// Processors are taken as 64-bit so that callers pass ring indices without narrowing casts; they
  /// must be below kMaxRingSize.
  Transfer(std::int64_t from_processor, std::int64_t to_processor, std::int64_t item_count,
           Ticks start_tick, std::optional<Link> which_link = std::nullopt, Ticks spacing_ticks = 0)
      : from(static_cast<std::int32_t>(from_processor)),
        to(static_cast<std::int32_t>(to_processor)),
        items(item_count),
        start(start_tick),
        link(which_link),
        spacing(spacing_ticks) {}
};
static_assert(sizeof(Transfer) <= 64,
              "a held transfer costs at most 64 bytes (issue: bounded memory per transfer)");

/// Transfer::message_items of a transfer sent as one message, whatever its number of items.
inline constexpr std::int32_t kOneMessage = -1;

/// Items in each message of `t` but its last (at least 1).
inline std::int64_t message_size(const Transfer& t) noexcept {
  if (t.message_items == kOneMessage) return t.items > 1 ? t.items : 1;
  return t.message_items > 1 ? t.message_items : 1;
}

/// Sends `t` (its items already set) in messages of `m` items, the last one the rest: m >= items
/// is one message (kOneMessage, so that sizes beyond 32 bits fit), m <= 1 one item per message.
/// Throws InputError for several messages of more than 2^31 - 1 items each (the field's 32 bits).
inline void set_message_size(Transfer& t, std::int64_t m) {
  if (m <= 1 || t.items <= 1)
    t.message_items = 0;
  else if (m >= t.items)
    t.message_items = kOneMessage;
  else if (m <= 0x7fff'ffff)
    t.message_items = static_cast<std::int32_t>(m);
  else
    throw InputError(
        "", "per_message",
        "messages of more than 2^31 - 1 items are not supported, got " + std::to_string(m));
}
/// Number of messages of `t`: ceil(items / message size) (0 for an empty transfer).
inline std::int64_t message_count(const Transfer& t) noexcept {
  const std::int64_t m = message_size(t);
  return m == 1 ? t.items : t.items / m + (t.items % m != 0 ? 1 : 0);
}
/// Items in the last message of `t` (between 1 and the message size; 0 for an empty transfer).
inline std::int64_t last_message_size(const Transfer& t) noexcept {
  return t.items == 0 ? 0 : t.items - (message_count(t) - 1) * message_size(t);
}

enum class PlanStatus { optimal, feasible };
const char* to_string(PlanStatus status);

struct Schedule {
  std::vector<Transfer> transfers;
  int time_scale = 0;  // a tick is 10^-time_scale time units
  // What the planner claims (absent in a hand-written schedule); `check` never trusts them, and a
  // reader drops one that is not exact at time_scale rather than refuse the file.
  std::optional<Ticks> makespan;
  std::optional<Ticks> lower_bound;
  std::optional<PlanStatus> status;
  std::optional<std::int64_t> flow_shift;
};

/// Whether the schedule names its items (an ordered schedule): its first transfer carries `first`.
/// The readers refuse a schedule whose transfers mix the two kinds.
bool names_items(const Schedule& schedule);

/// The same schedule with its times expressed at a finer scale; InputError when a transfer's time
/// no longer fits 128 bits there, while a claim (makespan, lower_bound) that does not is dropped.
Schedule rescaled(const Schedule& schedule, int new_scale);

}  // namespace redist
