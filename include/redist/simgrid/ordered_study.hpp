#pragma once
// The ordered plan simulated (docs/ordered.md "SimGrid"): an ordered schedule executed by SimGrid
// on a ring platform (ring_platform.hpp) with the items' identities, and the study of
// `redist experiment ordered-simgrid`: on ring6_hetero and ring6_slow_link, for the patterns shift,
// random, ramp and gather, the ordered plan against the linear plan, both planned on the platform's
// item model and simulated with its links' delays.

#include <cstdint>
#include <string>
#include <vector>

#include "redist/core/ring_instance.hpp"
#include "redist/core/schedule.hpp"
#include "redist/simgrid/ring_platform.hpp"

namespace redist::simgrid {

struct OrderedPattern {
  std::string name;
  std::vector<std::int64_t> loads;
  std::vector<std::int64_t> targets;
};

/// The study's patterns on n ranks and `items` items in all, the order kept:
///   shift   unequal blocks (weights 1.4, 0.6, 1.2, 0.8, 1.5, 0.5, repeated) and every rank's new
///           count is 20% of its own block plus 80% of its left neighbour's (rank 0's left
///           neighbour is rank n-1): T_k = 0.2 L_k + 0.8 L_{k-1}
///   random  loads drawn in [0.5, 1.5] of the mean (seed 11), balanced targets
///   ramp    loads proportional to k + 1, balanced targets
///   gather  balanced loads, everything to rank 0
/// Counts are the largest-remainder rounding of the weights.
std::vector<OrderedPattern> ordered_patterns(std::size_t n, std::int64_t items);

struct OrderedSimulation {
  double predicted = 0;       // the schedule's makespan in the item model (seconds)
  double measured = 0;        // simulated time until the last item arrived (seconds)
  std::int64_t messages = 0;  // messages sent
};

/// Simulates `schedule` (it names its items; its time scale gives seconds) of `instance` on the
/// platform. Starts a SimGrid engine: once per process (isolated_run.hpp).
OrderedSimulation simulate_ordered_schedule(const RingPlatform& platform, double item_bytes,
                                            const RingInstance& instance, const Schedule& schedule);

std::string serialize(const OrderedSimulation& result);
OrderedSimulation parse_ordered_simulation(const std::string& text);

struct OrderedStudyOptions {
  bool quick = false;         // one platform (ring6_slow_link), two patterns
  double total_mib = 16;      // the data of the ring, all items together
  double item_kib = 64;       // one item
  int jobs = 2;               // simulations at once
  std::string platform_file;  // a netlab ring file; empty: the two built in
};

struct OrderedStudyRow {
  std::string platform;
  std::string pattern;
  OrderedSimulation linear;
  OrderedSimulation ordered;
  std::int64_t rerouted = 0;  // items the ordered plan sends through the closing edge
  std::string method;         // the ordered plan's
};

std::vector<OrderedStudyRow> run_ordered_simgrid_study(const OrderedStudyOptions& options);

}  // namespace redist::simgrid
