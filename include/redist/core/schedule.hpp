#pragma once
// A ring schedule (docs/design.md "Schedule"): transfers of items sent over one link, one every
// `spacing` ticks (back to back when spacing is 0, i.e. the link's cost c). Item m (1-based) of a
// transfer occupies [start + (m-1)p, start + (m-1)p + c) with p the spacing, so a schedule's size
// depends on its number of transfers, never on the number of items.
//
// An ordered schedule (docs/design.md "Ordered data", docs/ordered.md) also names the items: every
// transfer carries the contiguous block of global items first .. first + items - 1, sent farthest
// first: highest item first towards the successor, lowest first towards the predecessor.

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
  // Ordered schedules only: the first global item of the block it carries; kNoItems otherwise. (In
  // the padding after `link`: the transfer stays 64 bytes.)
  std::int64_t first = kNoItems;
  Ticks spacing = 0;  // ticks between item starts; 0 = back to back (the link's cost); else >= cost

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
