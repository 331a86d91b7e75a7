#pragma once
// Options of the ordered ring redistribution (ordered_redistribute.hpp) and the wish each rank
// passes. Pure code: the planner side (ordered_plan.hpp) reads them without MPI.

#include <cstdint>
#include <span>

#include "redist/core/ring_instance.hpp"
#include "redist/exec/progress.hpp"

namespace redist::exec {

/// Order of the items after the call (docs/api.md has the picture).
///   forbid (default): order preserved. Rank 0 holds the first items of the global sequence, rank 1
///          the next ones, and so on: no item crosses the wrap-around edge P_{n-1} -> P_0 (flow
///          shift 0, the linear plan). Impossible on a unidirectional ring that must move items
///          backwards.
///   allow: rotation allowed. The planner may also use the wrap-around edge (any flow shift, often
///          fewer items over fewer hops); the sequence is then read circularly from
///          report.new_first.
enum class WrapPolicy { allow, forbid };
enum class OrderedTransport { ring, alltoallv };

struct OrderedOptions {
  RingKind kind = RingKind::bidirectional;
  WrapPolicy wrap = WrapPolicy::forbid;
  OrderedTransport transport = OrderedTransport::ring;
  std::int64_t chunk_bytes = 0;                          // 0: chosen from the link models
  std::int64_t max_chunk_bytes = std::int64_t{8} << 20;  // cap of the chosen chunk
  std::int64_t max_message_bytes = std::int64_t{1}
                                   << 30;        // larger messages go as several MPI messages
  std::int64_t max_items_per_round = INT64_MAX;  // alltoallv: items per pair and round
  /// Largest value treated as an MPI int (counts, offsets, message bytes). Only tests lower it, to
  /// run the large-count paths (split messages, rounds, packed rounds) on small data.
  std::int64_t mpi_int_limit = 2147483647;
  int window = 4;           // messages in flight per link and direction
  bool plan_order = false;  // one send queue across both links in the plan's time order (one-port)
  ProgressCallback progress;
  /// Collective timeout in seconds (0: none, wait forever). When set, a rank that waits this long
  /// for a peer (a rank that skipped the call, or that stopped sending) or whose progress callback
  /// throws ends the job with MPI_Abort and one line on stderr naming the rank; every wait polls
  /// non-blocking operations against MPI_Wtime. Set it alike on every rank (with a timeout the
  /// arguments are gathered through rank 0, so a difference cannot be detected, only hang).
  double timeout_seconds = 0.0;
};

/// This rank's wish: an item count, or a weight (a balancer's new load; counts become proportional
/// to the weights, see targets_from_weights). All ranks pass the same kind.
struct NewShare {
  std::int64_t items = -1;
  double weight = 0.0;
  std::span<const std::int64_t> all_counts;  // counts(): every rank's new count
  static NewShare count(std::int64_t n) { return {n, 0.0, {}}; }
  static NewShare share(double w) { return {-1, w, {}}; }
  /// Every rank passes the whole vector of new counts, the same on every rank (it must outlive the
  /// call's agreement). Its own count is all[rank]; a rank whose vector differs from the others' is
  /// named, which a count of its own could not show.
  static NewShare counts(std::span<const std::int64_t> all) { return {-1, 0.0, all}; }
};

}  // namespace redist::exec
