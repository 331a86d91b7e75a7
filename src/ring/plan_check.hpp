#pragma once
// The last step of plan_ring (ring/plan.hpp): the plan is handed out only once the exact validator
// (sim/ring_validator.hpp) accepts its schedule with exactly the makespan it claims.

#include "redist/core/ring_instance.hpp"
#include "redist/ring/plan.hpp"
#include "redist/ring/plan_machinery.hpp"

namespace redist::ring::detail {

/// Throws InternalError naming the violation when the validator rejects the schedule or finds
/// another makespan. A large schedule is checked in two halves run by `machinery`.
void require_validated_plan(const RingInstance& instance, const RingPlan& plan,
                            const PlanMachinery& machinery);

}  // namespace redist::ring::detail
