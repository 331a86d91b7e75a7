#pragma once
// Private to the ring layer: the timing of ordered routes (docs/ordered.md "Timing"), the engine
// behind plan_ordered.
//
// Each direction is timed on its own, the successor direction first with PortOrder::succ_first
// (the other first with pred_first); the second direction's links start once their sender has
// finished its sends of the first direction and their receiver its receives (a processor's one
// send port and one receive port, document 000's one-port model). Within a direction:
//
//   * every processor sends its own items first, farthest destination first, from the start; then
//     it forwards the items that pass through it in the order they arrive, each from the instant
//     it has arrived (document 000 Algorithm 2, with identities: a relay forwards specific items,
//     never its own in their place);
//   * the ring is unrolled at the closing edge: link j carries first the items that have not yet
//     crossed the closing edge, then, from the end of those, the items that have. Every item
//     crosses it at most once, so the links are timed in one pass round the ring and back to the
//     start (2n - 1 links), never in a cycle.
//
// A link's departures are kept as runs: blocks of items contiguous in the global order, sent from
// the highest down, whose destinations only grow with the items; the items that end at a processor
// are then the lowest ones of a run, i.e. its last departures, and one pass of the path timing's
// pieces (path_timing.hpp) times the rest. Cost: O(pieces + runs) per link, never O(items).

#include <cstdint>
#include <optional>
#include <vector>

#include "redist/core/ordered_items.hpp"
#include "redist/core/ring_instance.hpp"
#include "redist/core/schedule.hpp"
#include "ring/flow_timing.hpp"
#include "ring/ordered_routes.hpp"

namespace redist::ring::detail {

struct OrderedTiming {
  Schedule schedule;  // names its items; time scale = the instance's cost scale
  Ticks makespan = 0;
};

/// Times `routes` (every moving item once) under `order`. nullopt when the timing would need more
/// than max_pieces transfers (relays paced by ever faster links: path_timing.hpp), and as soon as
/// some link ends after give_up_above (a planner that has better already stops paying for it).
std::optional<OrderedTiming> time_ordered_routes(const RingInstance& instance,
                                                 const OrderedLayout& layout,
                                                 const std::vector<RoutedRange>& routes,
                                                 PortOrder order, std::int64_t max_pieces,
                                                 std::optional<Ticks> give_up_above = std::nullopt);

}  // namespace redist::ring::detail
