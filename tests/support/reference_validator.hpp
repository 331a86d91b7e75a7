#pragma once
// Item-by-item reference validator for ring schedules: an oracle for the library's exact validator,
// written as plainly as possible and sharing no code with it. It expands every item of every
// transfer (spaced or back to back) into a departure and an arrival event, so it is only affordable
// on schedules of a few thousand items.

#include <optional>
#include <string>

#include "redist/core/ring_instance.hpp"
#include "redist/core/schedule.hpp"

namespace redist::testing {

/// Verdict, makespan and the earliest violation's time and rule, with the same tie-breaking as the
/// library's validator (neighbour and spacing, then one-port, holdings, final-load).
struct ReferenceVerdict {
  bool valid = false;
  Ticks makespan = 0;
  Ticks violation_time = 0;
  std::string rule;
};
ReferenceVerdict reference_validate(const RingInstance& instance, const Schedule& schedule);

/// Which link a transfer uses (true: its sender's successor link), or nullopt when it is not a link
/// of the ring.
std::optional<bool> succ_link_of(const RingInstance& instance, const Transfer& transfer);

}  // namespace redist::testing
