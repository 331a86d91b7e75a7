#pragma once
// The plan of a permutation redistribution (document 003), as every rank computes it from the
// all-gathered count matrix: the part -> processor assignment (min volume or min one-port steps),
// the transfer demand per pair, the colour-based step schedule, and the digest the ranks compare.
// Pure code (no MPI).

#include <cstdint>
#include <vector>

#include "redist/exec/parts_options.hpp"
#include "redist/perm/instance.hpp"
#include "redist/perm/solution.hpp"
#include "redist/perm/step_schedule.hpp"

namespace redist::exec {

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
