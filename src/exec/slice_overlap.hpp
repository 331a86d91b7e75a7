#pragma once
// Direct exchange of ordered slices (the MPI_Alltoallv transport and baseline): which items a rank
// sends straight to each new owner, and where each new owner puts what it receives. Pure code.
//
// The new slices are those of the ring flows (ring_messages.hpp), rotated when the plan uses the
// wrap-around edge, so both transports leave exactly the same data on every rank. A pair of ranks
// exchanges at most two segments (two only when a slice straddles the end of the sequence).

#include <cstdint>
#include <vector>

#include "ring_messages.hpp"

namespace redist::exec {

/// `items` items starting `offset` items into the rank's buffer, to or from `peer`.
struct Segment {
  int peer = 0;
  std::int64_t offset = 0;
  std::int64_t items = 0;
};

/// What `rank` sends to each new owner, offsets into its old slice; per peer in sequence order.
std::vector<Segment> ordered_send_segments(const RingFlows& ring, std::size_t rank);

/// What `rank` receives from each old owner, offsets into its new slice; per peer in sequence
/// order.
std::vector<Segment> ordered_recv_segments(const RingFlows& ring, std::size_t rank);

}  // namespace redist::exec
