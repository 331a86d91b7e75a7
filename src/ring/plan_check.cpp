#include "plan_check.hpp"

#include <functional>

#include "redist/core/error.hpp"
#include "redist/sim/ring_validator.hpp"

namespace redist::ring::detail {

void require_validated_plan(const RingInstance& instance, const RingPlan& plan,
                            const PlanMachinery& machinery) {
  const Schedule& schedule = plan.schedule;
  // A large schedule's two halves go to the machinery: one after the other with the plain one
  // (plan_ring starts no thread), side by side with the program's.
  const sim::ValidationResult check = sim::validate_ring_schedule(
      instance, schedule, std::bind_front(&PlanMachinery::run_both, &machinery));
  // The validator may report on a finer time scale than the plan's (a spacing with more decimals).
  const bool same_makespan =
      check.valid &&
      check.makespan == *schedule.makespan * pow10_ticks(check.time_scale - schedule.time_scale);
  if (!same_makespan)
    throw InternalError(
        "planner produced a schedule the validator rejects: " +
        (check.violation ? check.violation->message : std::string("makespan mismatch")));
}

}  // namespace redist::ring::detail
