#pragma once
// The iterative application of document 000 section 8, simulated with SimGrid.
//
// A ring of p ranks holds the n columns of an m x n matrix. Each of the 100 iterations, every rank
// updates its columns (counts[i] * flops_per_column flops at its host's current speed, which the
// speed profile sets), then waits at a barrier: iterations are bulk-synchronous, so an imbalance
// costs the slowest rank's time. At the barrier a coordinator (rank 0) derives each rank's measured
// speed from its compute time, asks the scheme whether to redistribute, and if so plans the move to
// speed-proportional counts with redist (System 6 + Lemma 9 when light, else the general planner:
// plan_ring). The ranks execute their parts as SimGrid messages under the one-port model (see
// docs/simgrid.md) and start the next iteration as soon as their own part is done. The barrier and
// the coordinator's bookkeeping cost no simulated time: a scheme pays only for its computations and
// its transfers, which is the trade-off document 000 section 8 studies.
//
// CoordinationModel makes the simulation stand for the MPI example on real ranks instead
// (tools/tiers_netlab.cpp --simulate-example, docs/netlab.md): before each redistribution the ranks
// then pay exec's agreement as SimGrid messages, and the adaptive scheme decides as the example's
// does. Off by default, so the study's results stay those of a free coordinator.
//
// Starts a SimGrid engine: one simulation per process (isolated_run.hpp).

#include <cstdint>
#include <string>
#include <vector>

#include "redist/simgrid/redistribution_policy.hpp"
#include "redist/simgrid/study_scenario.hpp"

namespace redist::simgrid {

/// One redistribution that moved items (redistributions with nothing to move are only counted).
struct RedistributionRecord {
  int after_iteration = 0;
  std::int64_t items = 0;  // items moved, summed over transfers
  std::int64_t batches = 0;
  bool light = false;      // no host relays items (document 000 section 6.1)
  double predicted = 0;    // redist's makespan in the item model (seconds)
  double lower_bound = 0;  // the best proved lower bound (seconds)
  double route_bound =
      0;                // route_load_bound: the busiest link's bytes over its bandwidth (seconds)
  double measured = 0;  // simulated, from the decision to the last item's arrival (seconds)
};

/// What coordinating the ranks costs (nothing by default: the study's coordinator is free).
struct CoordinationModel {
  /// Before each redistribution the scheme decides on, the ranks run exec's agreement (docs/mpi.md
  /// "Plans"): an all-gather of every rank's compact record, the planning, then the execution's
  /// status exchange (a failing rank and the plan's key and its complement), modelled before the
  /// data although the executor runs it beside them, as messages over the platform's routes
  /// (control_messages.hpp: dissemination rounds).
  bool agreement = false;
  double record_bytes = 40;  // the agreement's compact record (exec's CompactRecord)
  double digest_bytes = 24;  // three 64-bit words of the status exchange
  /// What an agreement costs each rank beyond its messages (planning, checks, and on a loaded
  /// machine the ranks' wake-ups), spent between the two collectives. Measured on the real run.
  double local_seconds = 0;
  /// The adaptive scheme decides as the MPI example's
  /// (examples/mpi_example/adaptive_rebalance.cpp): speeds from a window of three compute times
  /// with a noise floor (sim/speed_window.hpp), only the full rebalance as a candidate, the
  /// planner's makespan as the prediction; and after every iteration its two gathers to rank 0
  /// (count, compute time: 8 bytes each) and the broadcast of the decision and counts ((p + 1) x 8
  /// bytes) are played as messages.
  bool example_adaptive = false;
};

struct ApplicationRun {
  double total_time =
      0;  // simulated seconds until the coordinator has the last iteration's reports
  int redistributions = 0;  // decisions to redistribute, including those that moved nothing
  std::vector<RedistributionRecord> records;
  double learned_slowdown =
      1;  // the adaptive policy's final measured / predicted (1 for fixed schemes)
  double agreement_time = 0;  // CoordinationModel::agreement: seconds in agreements (rank 0's)
  double decision_time = 0;   // CoordinationModel::example_adaptive: seconds in per-iteration
                              // gathers and broadcasts (rank 0's), included in total_time
};

ApplicationRun simulate_application(const StudyScenario& scenario, Scheme scheme,
                                    const sim::AdaptiveOptions& adaptive = {},
                                    const CoordinationModel& coordination = {});

std::string serialize(const ApplicationRun& run);
ApplicationRun parse_application_run(const std::string& text);

}  // namespace redist::simgrid
