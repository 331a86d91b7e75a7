#pragma once
// The exact one-port schedule validator: the oracle of every ring planner (docs/design.md
// section 6).
//
// Rules (document 000 section 2, docs/design.md "One-port item model"):
//   neighbour   every transfer uses a link of the ring (P_i -> P_{i+1}; also P_i -> P_{i-1} if
//               bidirectional)
//   spacing     a spaced transfer's spacing is at least its link's cost (an item cannot leave
//               before the previous one is through the link); reported at the transfer's start
//   one-port    a processor's sends never overlap in time, nor do its receives; a transfer holds
//               both ports over its whole span [start, start + (items-1) spacing + cost), pauses
//               included
//   holdings    an item leaves its sender when its transfer starts and is usable at the receiver
//               from the instant its receipt ends; no processor ever sends an item it does not
//               hold
//   final-load  every processor ends with its target
// Time is exact (integer ticks, decimal.hpp). Cost: O(B log B) for B transfers, whatever the item
// counts and spacings (ring_validator.cpp proves why checking a few items per transfer suffices).

#include <cstdint>
#include <functional>
#include <optional>
#include <string>

#include "redist/core/ring_instance.hpp"
#include "redist/core/schedule.hpp"

namespace redist::sim {

struct Violation {
  Ticks time = 0;
  std::int64_t processor = 0;
  std::string rule;  // "neighbour", "spacing", "one-port", "holdings", "final-load"
  std::string message;
};

struct ValidationResult {
  bool valid = false;
  Ticks makespan = 0;                  // end of the last transfer (valid schedules only)
  int time_scale = 0;                  // ticks of makespan and violation.time are 10^-time_scale
  std::optional<Violation> violation;  // the earliest one when invalid
};

/// Validates `schedule` against `instance`. Processor indices must be in range (schedule_io checks
/// that); throws InputError only when times do not fit 128-bit arithmetic, and for a schedule that
/// names its items (core/schedule.hpp names_items): an ordered schedule is validated by
/// validate_ordered_schedule (ordered_validator.hpp), never by counting its items.
ValidationResult validate_ring_schedule(const RingInstance& instance, const Schedule& schedule);

/// Runs two independent jobs, neither of which throws, and returns once both have finished (in any
/// order or concurrently: ring::PlanMachinery::run_both has this shape).
using JobPair = std::function<void(const std::function<void()>&, const std::function<void()>&)>;

/// The same verdict; a large schedule (2^17 transfers or more) is checked in two halves of about
/// equal transfers handed to `run_both`, which may run them concurrently (the `redist` program's
/// machinery does: app/program_machinery.hpp). Without it the validator starts no thread.
ValidationResult validate_ring_schedule(const RingInstance& instance, const Schedule& schedule,
                                        const JobPair& run_both);

namespace detail {
/// The rules above on the items' counts only, whether or not the transfers name their items: the
/// first half of validate_ordered_schedule.
ValidationResult validate_item_counts(const RingInstance& instance, const Schedule& schedule);
/// The same verdict computed with 128-bit arithmetic throughout. validate_ring_schedule checks
/// ports and holdings in 64-bit arithmetic when the schedule's times and items allow it (every plan
/// of a ring of up to 10^8 processors with ordinary loads): exposed so that tests compare the two.
ValidationResult validate_ring_schedule_wide(const RingInstance& instance,
                                             const Schedule& schedule);
}  // namespace detail

}  // namespace redist::sim
