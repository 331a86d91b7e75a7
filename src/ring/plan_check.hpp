#pragma once
// The last step of plan_ring (ring/plan.hpp): the plan is handed out only once the exact validator
// (sim/ring_validator.hpp) accepts its schedule with exactly the makespan it claims.

#include "redist/core/ring_instance.hpp"
#include "redist/ring/plan.hpp"

namespace redist::detail {

/// Throws InternalError naming the violation when the validator rejects the schedule or finds
/// another makespan.
void require_validated_plan(const RingInstance& instance, const RingPlan& plan);

}  // namespace redist::detail
