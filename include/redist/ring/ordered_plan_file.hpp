#pragma once
// `plan_ordered` on an instance file, as `redist plan --ordered` runs it (plan_file.hpp does the
// same for plan_ring): read within the memory available, refused before planning when the plan
// would not fit, every InputError naming the file.

#include <string>

#include "redist/core/ring_instance.hpp"
#include "redist/ring/ordered_plan.hpp"

namespace redist::ring {

struct OrderedPlannedFile {
  RingInstance instance;
  OrderedPlan plan;
};

OrderedPlannedFile plan_ordered_file(const std::string& file,
                                     const OrderedPlanOptions& options = {});

/// Expected peak memory of plan_ordered on `instance` (BENCHMARKS.md "Ordered data").
std::uint64_t ordered_plan_memory_estimate(const RingInstance& instance);

}  // namespace redist::ring
