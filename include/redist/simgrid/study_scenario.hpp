#pragma once
// One scenario of the SimGrid study (document 000 section 8): a platform, a ring of p hosts drawn
// at random, speed traces, and the iterative application's size and work.
//
// The computation-to-communication ratio. The document sets it as "the relative (average) cost of a
// redistribution versus the cost of an iteration", and reads its figures as: ratio 10 makes
// redistributions prohibitive, ratio 1 makes many of them pay. We define it accordingly:
//
//   ratio = R / T0,  R  = the planner's makespan of a reference redistribution (from the initial,
//                         speed-proportional distribution to the one proportional to the final
//                         speeds),
//                    T0 = one iteration of the initial distribution at the initial speeds,
//
// so a redistribution costs about `ratio` balanced iterations. The work per column follows from it;
// the platform, ring and speeds depend only on the seed and the ring size, so every scheme and
// ratio of a seed runs on the same machines.

#include <cstdint>
#include <vector>

#include "redist/core/ring_instance.hpp"
#include "redist/simgrid/machine_speeds.hpp"
#include "redist/simgrid/platform_routes.hpp"
#include "redist/simgrid/tiers_platform.hpp"

namespace redist::simgrid {

/// How a node's speed changes reach SimGrid (document 000 section 8 draws them "at some
/// iteration").
enum class SpeedChanges {
  /// The host switches speed when its rank starts the drawn iteration (three SimGrid pstates; the
  /// application never reads them, it only measures its compute times). Every scheme then sees the
  /// same speed at the same iteration, as the document describes. The default.
  at_iterations,
  /// A time-based SimGrid speed profile (an availability trace, as the document "recorded" its
  /// speeds): the change comes at the drawn iteration's start in the balanced run, (k - 1) * T0,
  /// whatever the scheme; a run slowed by imbalance or redistributions meets it at an earlier
  /// iteration.
  timed_trace,
};
const char* to_string(SpeedChanges changes);

struct ScenarioOptions {
  int ring_size = 8;
  double ratio = 1;        // see above; > 0
  std::uint64_t seed = 1;  // draws the ring and the speed traces
  int iterations = 100;
  std::int64_t rows = 1000;     // m: a column is `rows` doubles
  std::int64_t columns = 1000;  // n: the items redistributed
  TiersOptions platform;        // one fixed platform for the whole study by default
  SpeedChanges speed_changes = SpeedChanges::at_iterations;
};

/// Ticks of the ring instances built for the simulation: nanoseconds.
inline constexpr int kStudyCostScale = 9;

struct StudyScenario {
  ScenarioOptions options;
  TiersPlatform platform;
  std::vector<int> ring_hosts;  // node indices, in ring order
  RingRoutes routes;
  std::vector<SpeedTrace> speeds;
  std::vector<std::int64_t> initial_columns;
  std::vector<std::int64_t> reference_targets;  // proportional to the final speeds
  double item_bytes = 0;                        // one column: rows * 8 bytes
  double flops_per_column = 0;                  // work of one column in one iteration
  double balanced_iteration_time = 0;           // T0 (seconds)
  double reference_redistribution = 0;          // R (seconds, item model)

  /// The bidirectional ring instance of a redistribution from `loads` to `targets` on this ring.
  [[nodiscard]] RingInstance instance(std::vector<std::int64_t> loads,
                                      std::vector<std::int64_t> targets) const;
  /// Simulated time at which the speed of `iteration` (1-based) of the nominal timeline comes into
  /// force under SpeedChanges::timed_trace: (iteration - 1) * T0.
  [[nodiscard]] double nominal_time(int iteration) const;
};

/// Throws InputError on out-of-range options.
StudyScenario make_scenario(const ScenarioOptions& options);

/// Seconds of a schedule makespan given in ticks of kStudyCostScale.
double study_seconds(Ticks ticks);

}  // namespace redist::simgrid
