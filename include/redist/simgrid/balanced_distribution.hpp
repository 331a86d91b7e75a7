#pragma once
// Speed-proportional distributions of the application's columns and the iteration times they give
// (document 000 section 8: "each processor should be allocated a number of columns proportional to
// its CPU speed"). Used to initialise the application, to set every redistribution's targets, and
// by the adaptive policy to estimate what a redistribution would gain.

#include <cstdint>
#include <vector>

namespace redist::simgrid {

/// `total` items split proportionally to `weights` (all > 0) by largest remainder, every share at
/// least 1 (document 000 assumes every processor keeps an item; requires total >= weights.size()).
/// Ties go to the lower index, so the result is reproducible. Throws InputError on bad arguments.
std::vector<std::int64_t> proportional_counts(std::int64_t total,
                                              const std::vector<double>& weights);

/// A partial rebalance for the adaptive policy: every processor whose iteration would take more
/// than `cap_time` keeps only floor(cap_time * speed / work) items (at least 1), and the excess
/// goes to the processors with room under the cap, nearest on the ring first (ties: successor
/// side), so items travel few links. Requires the total room under the cap to hold the excess,
/// which is true for any cap_time >= iteration_time(proportional_counts(...)); throws InputError
/// otherwise.
std::vector<std::int64_t> capped_counts(const std::vector<std::int64_t>& counts,
                                        const std::vector<double>& speeds, double work_per_item,
                                        double cap_time);

/// Time of one bulk-synchronous iteration: the slowest processor's counts[i] * work / speeds[i].
double iteration_time(const std::vector<std::int64_t>& counts, const std::vector<double>& speeds,
                      double work_per_item);

}  // namespace redist::simgrid
