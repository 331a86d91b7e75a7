#pragma once
// An SVG picture of a step-by-step all-port execution (`redist lau --svg FILE`): one row per step,
// each node a circle showing what it holds at the start of the step, red while it still owes more
// than it holds (document 002's red nodes, as the execution goes), and every message of the step an
// arrow labelled with its amount; a last row shows the balanced result.

#include <cstdint>
#include <string>
#include <vector>

#include "redist/lau/planner.hpp"
#include "redist/sim/allport_executor.hpp"

namespace redist::report {

inline constexpr std::size_t kMaxSvgNodes = 128;
inline constexpr std::int64_t kMaxSvgSteps = 256;

/// `run` must come from execute_allport(instance, flows, mode, {.record_trace = true}) and have at
/// most kMaxSvgSteps steps; n <= kMaxSvgNodes (REDIST_ASSERT).
std::string execution_svg(const sim::AllportInstance& instance,
                          const std::vector<std::int64_t>& flows, sim::SendMode mode,
                          const sim::AllportExecution& run);

/// The execution of `plan` drawn step by step. Throws InputError (field "svg", no file) when the
/// ring or the execution is too large to draw, before anything is drawn.
std::string lau_execution_svg(const sim::AllportInstance& instance, const lau::LauPlan& plan);

}  // namespace redist::report
