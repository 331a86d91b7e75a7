#pragma once
// A ring instance, and a schedule, from arrays, as the C interface (redist_ring_create) and the
// Python package (redist.Ring) take it: the same instance, and the same errors, as the JSON reader
// gives for the same numbers (io/ring_instance_io.hpp). Private to the bindings.

#include <cstdint>
#include <span>
#include <string>

#include "redist/core/ring_instance.hpp"
#include "redist/core/schedule.hpp"

namespace redist::capi {

struct RingArrays {
  RingKind kind = RingKind::bidirectional;
  std::span<const std::int64_t> loads;
  std::span<const std::int64_t> targets;
  std::span<const std::int64_t> succ_cost;  // 1 value (every link) or n
  std::span<const std::int64_t> pred_cost;  // bidirectional only: 1 or n
  bool has_pred = false;                    // pred_cost given (even empty)
  int cost_decimals = 0;                    // costs are in units of 10^-cost_decimals
};

/// The instance; InputError naming `source` and the field ("loads[3]", "succ_cost"). Costs are
/// brought to the finest scale any of them needs (trailing zeros dropped), as the JSON reader does
/// for decimals, so that equal numbers give the same instance and the same plan.
RingInstance ring_from_arrays(const RingArrays& arrays, const std::string& source);

/// A schedule of `count` transfers given as arrays (times in units of 10^-time_decimals; spacing 0
/// or a NULL spacing: back to back; link: REDIST_LINK_*, or NULL), checked by the schedule readers'
/// own rules (io's ScheduleAssembler): the same errors as a schedule file, with "schedule" as the
/// file ("schedule: transfers[3].items: must be in 1 .. 2^63-1, got 0").
Schedule schedule_from_arrays(const RingInstance& ring, std::size_t count, const std::int32_t* from,
                              const std::int32_t* to, const std::int64_t* items,
                              const std::int64_t* start, const std::int64_t* spacing,
                              const std::int8_t* link, int time_decimals);

}  // namespace redist::capi
