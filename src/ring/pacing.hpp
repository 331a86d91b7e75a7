#pragma once
// Pacing: how a plan writes a piece whose items leave further apart than the link's cost, shared by
// every ring planner and timing (ring/plan.hpp's RingPlanOptions::back_to_back chooses it).

namespace redist::ring {

/// How a schedule may express a piece whose spacing exceeds the link's cost.
enum class Pacing {
  spaced,        // one spaced transfer (docs/design.md "Schedule"): the default
  back_to_back,  // one transfer per item, for consumers that accept back-to-back batches only
};

}  // namespace redist::ring
