#pragma once
// `plan_ring` on an instance file, as `redist plan` runs it: the file is read only when its JSON
// tree fits in the memory available (io/budgeted_read.hpp), and planned only when the plan is
// expected to fit (plan_memory.hpp), so that a ring too large is refused with one line before the
// work rather than killed by the kernel minutes later (docs/limits.md).

#include <string>

#include "redist/core/ring_instance.hpp"
#include "redist/ring/plan.hpp"

namespace redist::ring {

struct PlannedFile {
  RingInstance instance;
  RingPlan plan;
};

/// The instance in `file` and its plan. Every InputError names `file`: a bad instance, a refusal
/// for memory, and System 6 refusing huge magnitudes (docs/design.md section 3).
PlannedFile plan_ring_file(const std::string& file, const RingPlanOptions& options = {});

}  // namespace redist::ring
