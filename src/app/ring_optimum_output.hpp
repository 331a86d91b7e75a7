#pragma once
// What `redist exact` writes for a exact::RingOptimum (exact/ring_optimum.hpp): the schedule document of
// docs/design.md section 4 with the optimum, whether it is proved, the planner's makespan and bound
// beside it and the model's size, in the JSON layout of every redist command (io/json_text.hpp);
// and the summary a person reads.

#include <cstddef>
#include <cstdint>
#include <string>

#include "redist/exact/ring_optimum.hpp"

namespace redist::app {

/// The result document; the transfers (last, one per line) only when `with_transfers`.
std::string ring_optimum_json_text(const exact::RingOptimum& result, bool with_transfers = true);

/// The summary for a person. `node_limit` is the one the search ran with (named when it stopped
/// the proof); `written`, when not empty, is where the schedule went, else the transfers are
/// listed.
std::string ring_optimum_text(const exact::RingOptimum& result, std::size_t ring_size,
                              std::int64_t node_limit, const std::string& written);

}  // namespace redist::app
