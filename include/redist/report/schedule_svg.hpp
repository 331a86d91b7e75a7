#pragma once
// A ring schedule as an SVG space-time diagram: one lane per processor, time to the right, one bar
// per batch (upper half: sends to the successor, lower half: sends to the predecessor), the part of
// a batch that forwards items received from a neighbour drawn darker. Readable at n = 8, still a
// picture at n = 64 (lanes shrink, labels thin out).

#include <string>

#include "redist/core/ring_instance.hpp"
#include "redist/core/schedule.hpp"
#include "redist/ring/ordered_plan.hpp"
#include "redist/ring/plan.hpp"

namespace redist::report {

/// `title` goes above the diagram. Batches beyond 50,000 are not drawn (the title says so).
std::string schedule_svg(const RingInstance& instance, const Schedule& schedule,
                         const std::string& title);

/// The plan's schedule under the title "<framework>, n = <n>, makespan <makespan>" (`plan --svg`).
std::string plan_svg(const RingInstance& instance, const ring::RingPlan& plan);
/// The same for an ordered plan (`plan --ordered --svg`).
std::string plan_svg(const RingInstance& instance, const ring::OrderedPlan& plan);

}  // namespace redist::report
