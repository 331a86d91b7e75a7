#pragma once
// Message-by-message reference validator for ring schedules: an oracle for the library's exact
// validator, written as plainly as possible and sharing no code with it. It expands every message
// of every transfer (spaced or back to back; one item per message unless the transfer says
// otherwise) into a departure and an arrival event, a message of q items taking L + q c on a link
// of start-up L and cost c (docs/design.md "Schedule"), so it is only affordable on schedules of a
// few thousand messages.

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
