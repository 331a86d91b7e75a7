#include "redist/ring/ordered_plan_file.hpp"

#include "redist/core/error.hpp"
#include "redist/io/budgeted_read.hpp"
#include "redist/io/memory_budget.hpp"
#include "redist/ring/plan_memory.hpp"

namespace redist::ring {

std::uint64_t ordered_plan_memory_estimate(const RingInstance& instance) {
  // Two candidate schedules at once (the best so far and the one being timed), the validator's
  // tables and the search's arrays: about twice plan_ring's peak.
  return 2 * plan_memory_estimate(instance);
}

OrderedPlannedFile plan_ordered_file(const std::string& file, const OrderedPlanOptions& options) {
  OrderedPlannedFile planned{io::read_ring_instance_within_budget(file), {}};
  const RingInstance& instance = planned.instance;
  io::require_memory(
      ordered_plan_memory_estimate(instance), file,
      "planning this ring for ordered items (n = " + std::to_string(instance.size()) + ")");
  try {
    planned.plan = plan_ordered(instance, options);
  } catch (const InputError& e) {  // the planner knows the field, not the file
    throw InputError(file, e.field(), e.reason());
  }
  return planned;
}

}  // namespace redist::ring
