#pragma once
// From an ordered ring plan (ring/ordered_plan.hpp, docs/ordered.md "For executors") to the
// messages one rank sends and receives, for the ring transport (ring_executor.hpp). Pure code: no
// MPI; every rank computes the same lists for a link from the same agreed plan.
//
// An ordered plan names its items: each transfer carries one contiguous block of the global order
// over one link, sent highest item first towards the successor and lowest first towards the
// predecessor, and items travel along their routes (some the long way round, through the closing
// edge, with the order kept). The messages are the blocks cut at one global set of positions: every
// rank's old and new first item, every route's ends, every transfer's ends and a grid every
// `chunk_items` items. So a message crosses each link of its path inside one transfer, and the very
// same message travels every hop: a relay forwards it as it arrived. On each link the messages go
// in the plan's order (transfers by start, then farthest first within a transfer), except that a
// relay forwards what passes through in the order it arrives (first in, first out): never later
// than the plan, and never waiting on a message behind another it holds (which a bounded number of
// staging buffers could turn into a deadlock).

#include <cstddef>
#include <cstdint>
#include <vector>

#include "redist/core/schedule.hpp"
#include "ring_messages.hpp"

namespace redist::exec {

/// The messages of `rank` for an ordered schedule over loads -> targets (the schedule names its
/// items: Transfer::first). Positions are local to the rank's old piece ([0, load) are its own).
RankMessagePlan ordered_message_plan(const std::vector<std::int64_t>& loads,
                                     const std::vector<std::int64_t>& targets,
                                     const Schedule& schedule, std::size_t rank,
                                     std::int64_t chunk_items);

}  // namespace redist::exec
