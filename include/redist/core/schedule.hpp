#pragma once
// A ring schedule (docs/design.md "Schedule"): transfers of items sent over one link, one every
// `spacing` ticks (back to back when spacing is 0, i.e. the link's cost c). Item m (1-based) of a
// transfer occupies [start + (m-1)p, start + (m-1)p + c) with p the spacing, so a schedule's size
// depends on its number of transfers, never on the number of items.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "redist/core/decimal.hpp"

namespace redist {

/// Which of P_from's links a transfer uses. Needed only on a bidirectional ring of two processors,
/// where P_0 and P_1 are joined by two links each way (docs/design.md section 4); elsewhere `to` decides.
enum class Link { succ, pred };

struct Transfer {
  std::int64_t from = 0;
  std::int64_t to = 0;
  std::int64_t items = 0;
  Ticks start = 0;  // ticks of the schedule's time_scale
  std::optional<Link> link;
  Ticks spacing = 0;  // ticks between item starts; 0 = back to back (the link's cost); else >= cost
};

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
