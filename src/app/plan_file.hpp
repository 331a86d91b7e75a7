#pragma once
// `plan_ring` on an instance file, as `redist plan` runs it: the file is read only when its JSON
// tree fits in the memory available (io/budgeted_read.hpp), and planned only when the plan is
// expected to fit (plan_memory.hpp), so that a ring too large is refused with one line before the
// work rather than killed by the kernel minutes later (docs/limits.md).

#include <functional>
#include <string>

#include "redist/core/ring_instance.hpp"
#include "redist/ring/plan.hpp"

namespace redist::app {

struct PlannedFile {
  RingInstance instance;
  ring::RingPlan plan;
};

/// Receives the instance and its plan while the validator checks the plan (plan_ring's consumer).
using PlannedFileConsumer = std::function<void(const RingInstance&, const ring::RingPlan&)>;

/// The instance in `file` and its plan. Every InputError of the reading and planning names `file`:
/// a bad instance, a refusal for memory, and System 6 refusing huge magnitudes (docs/design.md
/// section 3). With `while_validating`, the plan is handed to it during the validation, as
/// plan_ring's consumer; its own errors (an output it writes) come out as they were thrown, after
/// the plan is known valid.
PlannedFile plan_ring_file(const std::string& file, const ring::RingPlanOptions& options = {},
                           const PlannedFileConsumer& while_validating = {});

}  // namespace redist::app
