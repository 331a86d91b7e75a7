#pragma once
// What `redist lau` prints for a person: the instance in one line (size, total, how the targets
// were chosen), the schedule's algorithm, mode and shift, the flows drawn the way document 002
// draws them (Fig. 1, report/flow_drawing.hpp; omitted above kMaxDrawnNodes), then the traffic and
// both execution times.

#include <cstddef>
#include <string>

#include "redist/lau/planner.hpp"
#include "redist/sim/allport_instance.hpp"

namespace redist::report {

/// Rings larger than this are summarised without the flow drawing (`--json` lists the flows).
inline constexpr std::size_t kMaxDrawnNodes = 200;

/// "targets = the average, 3 each", "average 2 + 1/3: P_0..P_0 get 3, the others 2" or "explicit
/// targets".
std::string targets_text(const sim::AllportInstance& instance);

/// The summary of `plan` for `instance`, several lines, each ending in '\n'.
std::string lau_text(const sim::AllportInstance& instance, const lau::LauPlan& plan);

}  // namespace redist::report
