#pragma once
// Permutation redistribution of real data (document 003): every rank holds items, each tagged with
// the part (0..P-1) it belongs to; after the collective call each rank hosts exactly one whole
// part. Which rank hosts which part is chosen to move the fewest items (PermObjective::volume) or
// to need the fewest one-port steps (PermObjective::steps); the parts' contents do not depend on
// it.
//
//   rank 0: items a b c d with parts 1 1 0 1      rank 0 hosts part 1: a b d, then rank 1's part-1
//   rank 1: items e f g   with parts 0 0 1   ->   item g               (rank 1 hosts part 0: c e f)
//
// Order. A part's items arrive ordered by source rank, then by their order on that rank: the same
// order whatever the transport, and deterministic (receives name their source; no MPI_ANY_SOURCE).
//
// Agreement as for the ordered redistribution: one all-gather of every rank's item size and counts
// per part (P x P int64 in all), checks, identical planning everywhere, one status all-reduce
// (which also carries a rank's failure to prepare); any problem (item sizes differ, part out of
// range, partial item) throws AgreementError or CallError on every rank with the caller's data
// untouched. With a timeout or a progress callback a second status exchange ends the call, so that
// a stalled peer or a throwing callback fails it on every rank (errors.hpp).
//
// Memory. steps: two pack buffers of at most pack_bytes (items bound for a rank are scattered in
// the input); alltoallv: one pack buffer of everything this rank sends. Both come from the
// context's pool; the result holds the new part.

#include <cstdint>
#include <span>
#include <vector>

#include "redist/exec/buffer_pool.hpp"
#include "redist/exec/context.hpp"
#include "redist/exec/parts_options.hpp"
#include "redist/perm/solution.hpp"

namespace redist::exec {

struct PartsResult {
  perm::Proc part = 0;  // the part this rank now hosts
  std::int64_t items = 0;
  std::int64_t item_bytes = 0;
  Bytes data;  // items * item_bytes bytes
  std::vector<std::int64_t>
      from_rank;                // items of the part that came from each rank, in output order
  perm::Assignment assignment;  // processor of every part
  std::int64_t volume = 0;      // items that changed rank (all ranks)
  std::int64_t steps = 0;       // one-port steps of the assignment
  std::int64_t bytes_sent = 0;
  double agreement_seconds = 0.0;
  double transfer_seconds = 0.0;

  [[nodiscard]] std::span<const std::byte> bytes() const noexcept {
    return {data.data(), static_cast<std::size_t>(items * item_bytes)};
  }
};

/// Collective. part_of_item[k] is the part of item k (items are item_bytes each, back to back).
PartsResult redistribute_parts(Context& ctx, std::int64_t item_bytes,
                               std::span<const std::byte> items,
                               std::span<const perm::Proc> part_of_item,
                               const PartsOptions& options = {});

}  // namespace redist::exec
