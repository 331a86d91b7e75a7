#pragma once
// Test oracles for tiny ring instances, independent of the library's algorithms.

#include <optional>

#include "redist/core/ring_instance.hpp"
#include "redist/core/schedule.hpp"

namespace redist::testing {

/// Exact optimum, in unit steps, of a tiny homogeneous ring (uni- or bidirectional) by
/// breadth-first search over load vectors: in one step each processor holding an item may send one
/// to a neighbour (only its successor on a unidirectional ring), each processor receives at most
/// one, and an item received in a step can be sent from the next step on. Returns the number of
/// steps (multiply by the link cost for the time), or nullopt when more than max_steps would be
/// needed.
std::optional<int> brute_force_steps(const RingInstance& instance, int max_steps = 40);

/// An optimal schedule found by the same search (unit steps scaled by the link cost).
std::optional<Schedule> brute_force_schedule(const RingInstance& instance, int max_steps = 40);

}  // namespace redist::testing
