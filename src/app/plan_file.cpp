#include "app/plan_file.hpp"

#include <exception>

#include "app/plan_memory.hpp"
#include "redist/core/error.hpp"
#include "redist/io/budgeted_read.hpp"
#include "redist/io/memory_budget.hpp"

namespace redist::app {

PlannedFile plan_ring_file(const std::string& file, const ring::RingPlanOptions& options,
                           const PlannedFileConsumer& while_validating) {
  PlannedFile planned{io::read_ring_instance_within_budget(file), {}};
  const RingInstance& instance = planned.instance;
  io::require_memory(plan_memory_estimate(instance, options), file,
                     "planning this ring (n = " + std::to_string(instance.size()) + ")");
  std::exception_ptr consumer_failed;  // names its own file: kept apart from the planner's errors
  const ring::PlanConsumer consume = [&](const ring::RingPlan& plan) {
    try {
      while_validating(instance, plan);
    } catch (...) {
      consumer_failed = std::current_exception();
    }
  };
  try {
    planned.plan = while_validating ? ring::plan_ring(instance, options, consume)
                                    : ring::plan_ring(instance, options);
  } catch (const InputError& e) {  // the planner knows the field, not the file
    throw InputError(file, e.field(), e.reason());
  }
  if (consumer_failed) std::rethrow_exception(consumer_failed);
  return planned;
}

}  // namespace redist::app
