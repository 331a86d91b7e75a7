#pragma once
// Internal to the simgrid layer: the small collective messages with which real ranks coordinate,
// played as SimGrid communications between the ring's hosts over the platform's routes, so that
// their cost is the route latencies and bottleneck bandwidths of the simulated network (and the
// sharing of links with any traffic of the moment). Each function is called by every rank's actor
// at the same point and returns when that rank's part is over.
//
// The patterns are models of what MPI does for a handful of small messages, chosen because their
// rounds are few and their costs easy to compute by hand, not read from an MPI implementation:
//   all-gather and all-reduce   dissemination (Bruck): ceil(log2 p) rounds; in round k rank r sends
//                               to r + 2^k and receives from r - 2^k (mod p); an all-gather round
//                               carries min(2^k, p - 2^k) records, an all-reduce round one value;
//   gather to rank 0            linear: every rank sends its value straight to rank 0, which
//                               receives them all at once;
//   broadcast from rank 0       a binomial tree over ceil(log2 p) rounds.
// On the Tiers-like ring of 8 with the routes' latencies, a binomial gather made the adaptive
// scheme's per-iteration messages 1.9x what the real ranks spent on them, the linear one 1.25x
// (docs/netlab.md).
// Messages use their own mailboxes ("ctl-" + from + "-" + to), separate from the data's.

#include "one_port_exchange.hpp"

namespace redist::simgrid::detail {

/// Every rank ends with every rank's `record_bytes`.
void all_gather(int rank, double record_bytes, const ExchangeNetwork& network);
/// Every rank ends with the reduction of every rank's `value_bytes`.
void all_reduce(int rank, double value_bytes, const ExchangeNetwork& network);
/// Rank 0 ends with every rank's `value_bytes`.
void gather_to_root(int rank, double value_bytes, const ExchangeNetwork& network);
/// Every rank ends with rank 0's `bytes`.
void broadcast_from_root(int rank, double bytes, const ExchangeNetwork& network);

}  // namespace redist::simgrid::detail
