#pragma once
// The plan of a permutation redistribution (document 003), as every rank computes it from the
// all-gathered count matrix: the part -> processor assignment (min volume or min one-port steps),
// the transfer demand per pair, the colour-based step schedule, and the digest the ranks compare.
// Pure code (no MPI).

#include <cstdint>
#include <vector>

#include "redist/exec/progress.hpp"
#include "redist/perm/instance.hpp"
#include "redist/perm/solution.hpp"
#include "redist/perm/step_schedule.hpp"

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
  double timeout_seconds = 0.0;  // as OrderedOptions::timeout_seconds; set it alike on every rank
};

struct PermExecPlan {
  perm::PermSolution solution;       // assignment[part] = processor, volume, steps
  std::vector<perm::Proc> part_of;   // part hosted by each processor (inverse of the assignment)
  std::vector<std::int64_t> counts;  // P x P row-major: items on processor i of part j
  perm::StepSchedule schedule;       // empty for the alltoallv transport
  std::uint64_t digest = 0;
};

/// Plans from the P x P counts (row-major). Deterministic: same counts and options, same plan.
/// Throws AgreementError when a fixed assignment is not a permutation of the ranks.
PermExecPlan build_perm_plan(std::size_t processors, std::vector<std::int64_t> counts,
                             const PartsOptions& options);

}  // namespace redist::exec
