#pragma once
// The two transports of the permutation redistribution, for one rank. Internal
// (permutation_redistribute.hpp is the API).

#include <cstdint>
#include <functional>
#include <vector>

#include "permutation_plan.hpp"
#include "redist/exec/context.hpp"

namespace redist::exec::detail {

/// What one rank knows when the data moves.
struct PartsJob {
  const PermExecPlan* plan = nullptr;
  std::int64_t item_bytes = 0;
  const std::byte* input = nullptr;
  const perm::Proc* part_of_item = nullptr;
  std::int64_t local_items = 0;
  std::byte* output = nullptr;
  std::vector<std::int64_t> source_offset;  // output position of the items from each source rank
};

/// Runs the step schedule group by group: in a group this rank sends `repeat` items to at most one
/// rank and receives `repeat` items from at most one rank (document 003's one-port steps); items
/// are packed pack_bytes at a time, two packs in flight. Returns the bytes sent.
/// `progress` is called after each group (it must not throw). A stalled peer (with a timeout) throws
/// std::runtime_error after giving up the requests.
std::int64_t run_parts_steps(Context& ctx, const PartsJob& job, const PartsOptions& options,
                             const std::function<void(const Progress&)>& progress);

/// One MPI_Alltoallv (rounds when counts exceed int). Returns the bytes sent.
std::int64_t run_parts_alltoallv(Context& ctx, const PartsJob& job, const PartsOptions& options,
                                 const std::function<void(const Progress&)>& progress);

/// Copies this rank's items of the part it keeps hosting into place.
void copy_kept_items(const Context& ctx, const PartsJob& job);

}  // namespace redist::exec::detail
