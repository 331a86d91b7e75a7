#pragma once
// MPI_Alltoallv over lists of segments, with the int limits of MPI counts handled: segments are cut
// into pieces of at most max_items_per_round items (and INT_MAX / P), the j-th piece of every pair
// goes in round j (the round count is agreed by one all-reduce), and a round whose offsets do not fit
// an int is packed through a pool buffer instead of sent in place. Internal.

#include <cstdint>
#include <vector>

#include "redist/exec/context.hpp"
#include "redist/exec/slice_overlap.hpp"

namespace redist::exec::detail {

struct ExchangeStats {
  int rounds = 0;
  bool packed = false;
  std::int64_t items_sent = 0;      // to other ranks: a rank's own kept items are not counted,
  std::int64_t items_received = 0;  // so these mean what the other transports report
};

/// Sender and receiver of a pair must list that pair's items in the same order with the same total.
/// int_limit: the largest count or offset passed to MPI (INT_MAX; tests lower it). timeout > 0: the
/// collectives are non-blocking and polled; a rank still waiting after `timeout` aborts the job.
ExchangeStats exchange_segments(Context& ctx, std::int64_t item_bytes, const std::byte* send_base,
                                const std::vector<Segment>& sends, std::byte* recv_base,
                                const std::vector<Segment>& recvs, std::int64_t max_items_per_round,
                                std::int64_t int_limit, double timeout = 0.0);

}  // namespace redist::exec::detail
