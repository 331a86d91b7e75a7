#pragma once
// PortOrder: which neighbour a bidirectional processor's one port serves first when both are
// ready, shared by the flow timing (ring/flow_timing.hpp), the shift searches and the planners.

namespace redist::ring {

enum class PortOrder { succ_first, pred_first };

}  // namespace redist::ring
