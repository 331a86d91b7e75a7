#include "redist/ring/plan_file.hpp"

#include "redist/core/error.hpp"
#include "redist/io/budgeted_read.hpp"
#include "redist/io/memory_budget.hpp"
#include "redist/ring/plan_memory.hpp"

namespace redist::ring {

PlannedFile plan_ring_file(const std::string& file, const RingPlanOptions& options) {
  PlannedFile planned{io::read_ring_instance_within_budget(file), {}};
  const RingInstance& instance = planned.instance;
  io::require_memory(plan_memory_estimate(instance), file,
                     "planning this ring (n = " + std::to_string(instance.size()) + ")");
  try {
    planned.plan = plan_ring(instance, options);
  } catch (const InputError& e) {  // the planner knows the field, not the file
    throw InputError(file, e.field(), e.reason());
  }
  return planned;
}

}  // namespace redist::ring
