#pragma once
// Test oracles for ordered data (docs/ordered.md), written as plainly as possible and sharing no
// code with the library's ordered validator and planner: an item-by-item reference validator, a
// random generator of valid item-level schedules, and the exact ordered optimum of tiny rings by
// exhaustive search over item-level schedules.

#include <cstdint>
#include <optional>

#include "redist/core/random.hpp"
#include "redist/core/ring_instance.hpp"
#include "redist/core/schedule.hpp"
#include "support/reference_validator.hpp"

namespace redist::testing {

/// A random ring of min_n .. max_n processors, loads 0 .. max_load (so processors may start or end
/// empty), targets dealt item by item, integer costs 1 .. 3; one in three unidirectional.
RingInstance random_small_ring(Rng& rng, std::size_t min_n, std::size_t max_n,
                               std::int64_t max_load);

/// The verdict of an ordered schedule: the count rules of reference_validate, and every item
/// followed one by one (each transfer expanded into its items, the highest first towards the
/// successor, the lowest first towards the predecessor): an item leaves only the processor where it
/// is, and ends on the processor whose new range holds it.
ReferenceVerdict reference_validate_ordered(const RingInstance& instance, const Schedule& schedule);

/// A valid ordered schedule of one item per transfer, made by moving random items on random routes
/// (rightwards only on a unidirectional ring) whenever random ports are free; with `coalesce`,
/// transfers that continue one another on a link (next item, same pace) are merged into spaced
/// transfers. Integer costs only (cost_scale 0).
Schedule random_ordered_schedule(const RingInstance& instance, Rng& rng, bool coalesce);

/// The exact ordered optimum of a tiny ring with integer costs, by iterative deepening over
/// item-level schedules whose transfers start at whole time units (which loses nothing: shifting
/// every transfer as early as it can go makes every start a sum of costs). An optimal walk never
/// turns back, so each moving item chooses one direction. nullopt when more than max_makespan
/// would be needed or the search exceeds max_states.
struct OrderedOptimum {
  Ticks makespan = 0;
  Schedule schedule;  // one item per transfer, naming it
};
std::optional<OrderedOptimum> brute_force_ordered(const RingInstance& instance,
                                                  Ticks max_makespan = 40,
                                                  long max_states = 5'000'000);

}  // namespace redist::testing
