#pragma once
// Options of the permutation redistribution (permutation_redistribute.hpp). Pure code: no MPI.

#include <climits>
#include <cstdint>

#include "redist/exec/progress.hpp"
#include "redist/perm/solution.hpp"

namespace redist::exec {

/// Who chooses which rank hosts which part: `free` (the planner, for the objective), or `fixed`
/// (the caller: PartsOptions::assignment, or the identity when it is empty: part r goes to rank r,
/// a plain migration to new owners, still run in the colouring's Delta one-port steps).
enum class PermMapping { free, fixed };
enum class PermObjective { volume, steps };
enum class PermTransport { steps, alltoallv };

struct PartsOptions {
  PermMapping mapping = PermMapping::free;
  perm::Assignment assignment;  // fixed mapping: assignment[part] = rank; empty = identity
  PermObjective objective = PermObjective::volume;
  /// steps: the one-port step schedule group by group (each rank sends to at most one rank and
  /// receives from at most one rank at a time); alltoallv: one MPI_Alltoallv.
  PermTransport transport = PermTransport::steps;
  std::int64_t max_message_bytes = std::int64_t{1}
                                   << 30;           // larger messages go as several MPI messages
  std::int64_t pack_bytes = std::int64_t{4} << 20;  // steps: items packed per message at most
  std::int64_t max_items_per_round = INT64_MAX;     // alltoallv: items per pair and round
  /// Largest value treated as an MPI int (counts, offsets, message bytes). Only tests lower it, to
  /// run the large-count paths (split messages, rounds, packed rounds) on small data.
  std::int64_t mpi_int_limit = 2147483647;
  ProgressCallback progress;
  double timeout_seconds = 0.0;  // as PlanOptions::timeout_seconds
};

}  // namespace redist::exec
