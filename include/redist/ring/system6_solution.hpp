#pragma once
// What solving document 000's System 6 gives (heterogeneous bidirectional rings): tau*, the optimum
// of the LP relaxation, and tau_int, the optimum over integer flow shifts, a lower bound for every
// schedule (docs/errata.md item 3). Its own header because plan_ring returns it inside RingBounds
// (bounds.hpp); the solver that computes it is internal (src/ring/system6.hpp).

#include <cstdint>
#include <optional>

#include "redist/core/ring_instance.hpp"

namespace redist::ring {

/// An exact rational number num / den (den > 0, reduced), in ticks of the instance's cost scale.
struct RationalTime {
  Ticks num = 0;
  Ticks den = 1;
};

struct System6Solution {
  /// tau* of the LP relaxation (nullopt: its reduced fraction needs more than 128 bits, as with
  /// costs of 6 decimals up to 10^9 and loads of 10^9; nothing in the planner uses it).
  std::optional<RationalTime> rational_optimum = RationalTime{};
  RationalTime rational_shift;       // an x attaining it
  Ticks integer_optimum = 0;         // tau_int (ticks)
  std::int64_t integer_shift = 0;    // an integer x attaining tau_int; a light one when one exists
  bool integer_shift_light = false;  // is_light(instance, integer_shift)
};

}  // namespace redist::ring
