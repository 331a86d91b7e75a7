#pragma once
// When the simulated application redistributes its columns.
//
// Fixed schemes (document 000 section 8): none; after iteration 50; after 20, 40, 60 and 80; every
// 10 iterations (9 redistributions); every 5 iterations (19). Iteration numbers are those of a 100-
// iteration run and scale with the run's length.
//
// The adaptive policy (ours, beyond the document) lives in the pure sim layer
// (sim/adaptive_policy.hpp) so that real MPI ranks can run it too; the coordinator gives it the
// makespan redist's planner predicts raised to the route-load bound of the plan when the routes'
// shared links make that larger (coordinator_logic.cpp).

#include <optional>
#include <string_view>
#include <vector>

#include "redist/sim/adaptive_policy.hpp"

namespace redist::simgrid {

// The document's five fixed schemes (four_times is "every 20"), two denser periods as baselines
// (every 3 and every 2 iterations; issue 16), then ours.
enum class Scheme { none, after_50, four_times, every_10, every_5, every_3, every_2, adaptive };

/// Every scheme, fixed ones first, in the document's order.
const std::vector<Scheme>& all_schemes();
/// CSV / command-line names: none, after50, at20-40-60-80, every10, every5, every3, every2,
/// adaptive.
const char* scheme_name(Scheme scheme);
std::optional<Scheme> scheme_from_name(std::string_view name);
/// A readable label for plots.
const char* scheme_label(Scheme scheme);

/// Whether a fixed scheme redistributes after `completed` iterations of `total` (never after the
/// last one). Always false for Scheme::adaptive.
bool fixed_redistributes(Scheme scheme, int completed, int total);

}  // namespace redist::simgrid
