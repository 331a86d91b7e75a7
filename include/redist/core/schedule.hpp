#pragma once
// A ring schedule (docs/design.md "Schedule"): transfers of items sent over one link as a sequence
// of messages, one starting every `spacing` ticks. A message of q items takes L + q c on a link of
// start-up L and cost c; a transfer's messages hold `message_items` items each (one when 0), the
// last one the rest. Message j (1-based) occupies [start + (j-1)p, start + (j-1)p + L + q_j c) with
// p the spacing (back to back, p = L + m c, when spacing is 0), and its items reach the receiver at
// its end. With one item per message and L = 0 this is document 000's item model: item j occupies
// [start + (j-1)p, start + (j-1)p + c). A schedule's size depends on its number of transfers, never
// on the number of items or messages.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "redist/core/decimal.hpp"

namespace redist {

/// Which of P_from's links a transfer uses. Needed only on a bidirectional ring of two processors,
/// where P_0 and P_1 are joined by two links each way (docs/design.md section 4); elsewhere `to`
/// decides.
enum class Link { succ, pred };

// 64 bytes: a 10^7-transfer schedule is held whole by `redist check` and by the planners. Processor
// indices are 32-bit (rings have at most kMaxRingSize = 10^8 processors, ring_instance.hpp); items
// are 64-bit, times 128-bit ticks.
struct Transfer {
  std::int32_t from = 0;
  std::int32_t to = 0;
  std::int64_t items = 0;
  Ticks start = 0;  // ticks of the schedule's time_scale
  std::optional<Link> link;
  // Items per message (docs/design.md "Schedule"); 0 or 1: one item per message, document 000's
  // model. Fits beside `link` in what was padding: the transfer stays 64 bytes.
  std::int64_t message_items = 0;
  // Ticks between message starts; 0 = back to back (L + message_items x cost); else at least that.
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

/// Items in each message of `t` but its last (at least 1).
inline std::int64_t message_size(const Transfer& t) noexcept {
  return t.message_items > 1 ? t.message_items : 1;
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
  // What the planner claims (absent in a hand-written schedule); `check` never trusts them.
  std::optional<Ticks> makespan;
  std::optional<Ticks> lower_bound;
  std::optional<PlanStatus> status;
  std::optional<std::int64_t> flow_shift;
};

/// The same schedule with its times expressed at a finer scale.
Schedule rescaled(const Schedule& schedule, int new_scale);

}  // namespace redist
