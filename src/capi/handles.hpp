#pragma once
// What the opaque handles of <redist/redist.h> hold. Private to src/capi.

#include <memory>
#include <string>

#include "redist/core/ring_instance.hpp"
#include "redist/core/schedule.hpp"
#include "redist/redist.h"
#include "redist/ring/bounds.hpp"
#include "redist/ring/plan.hpp"
#include "redist/sim/ring_validator.hpp"

// NOLINTBEGIN(readability-identifier-naming): the C interface's type names

struct redist_ring {
  redist::RingInstance instance;
};

struct redist_schedule {
  std::shared_ptr<const redist::Schedule> schedule;  // its own, or a plan's
};

struct redist_bounds {
  std::shared_ptr<const redist::ring::RingBounds> bounds;  // its own, or a plan's
  int time_scale = 0;
  std::string lower_bound_text;
};

struct redist_ring_plan {
  std::shared_ptr<const redist::ring::RingPlan> plan;
  redist_schedule schedule;  // views into plan
  redist_bounds bounds;
  std::string makespan_text;
};

struct redist_validation {
  redist::sim::ValidationResult result;
  std::string makespan_text;
};

// NOLINTEND(readability-identifier-naming)
