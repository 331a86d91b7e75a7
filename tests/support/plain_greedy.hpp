#pragma once
// The plain one-port greedy baseline of the heterogeneous bidirectional planner's tests (written
// independently of the library's list scheduler): for a flow shift, item by item, the transfer that
// can start earliest starts - a processor sends whenever it holds an item, its send port is free
// and the receiver's receive port is free. Ties: lower processor first, then the preferred
// direction.

#include <cstdint>
#include <optional>

#include "redist/core/ring_instance.hpp"
#include "redist/core/schedule.hpp"

namespace redist::testing {

/// One-item transfers; nullopt when the flows of `shift` circulate. O(items x n): tiny rings only.
std::optional<Schedule> plain_greedy_schedule(const RingInstance& instance, std::int64_t shift,
                                              bool succ_preferred);

/// The best plain greedy over shifts center-radius..center+radius and both preferences.
std::optional<Schedule> best_plain_greedy(const RingInstance& instance, std::int64_t center,
                                          std::int64_t radius);

}  // namespace redist::testing
