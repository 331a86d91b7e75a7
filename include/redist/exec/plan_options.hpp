#pragma once
// Options of a plan (plan.hpp) and of the one-call redistributions (redistribute.hpp). Every rank
// passes the same options (the agreement compares them and names a rank that differs), except
// `window` and `plan_order`, which only shape how this rank posts its messages. Pure code: no MPI.

#include <climits>
#include <cstdint>

#include "redist/core/ring_instance.hpp"
#include "redist/exec/progress.hpp"

namespace redist::exec {

/// Order of the items after the call (docs/api.md "Order").
///   forbid (default): the global order is kept: rank 0 holds the first items, rank 1 the next ones,
///          and so on. What non-periodic applications need.
///   allow: the order may be rotated: the planner may also move items over the ring's closing edge
///          P_{n-1} -> P_0 (document 000's flow shift); the sequence is then read circularly from
///          each rank's new_first(). Only for periodic data.
enum class WrapPolicy { allow, forbid };

/// How the bytes travel (docs/mpi.md "Transports"). `automatic` lets the plan choose from the
/// context's network model; the others force one.
///   direct:    point-to-point messages straight to the new owners, from and into the caller's
///              memory (no staging, no packing)
///   alltoallv: one MPI_Alltoallv straight to the new owners
///   ring:      neighbour-only messages following a ring plan, relays forwarding what passes
///              through (for ring networks: probe_ring_links or Context::set_link_models)
enum class Transport { automatic, direct, alltoallv, ring };

struct PlanOptions {
  WrapPolicy wrap = WrapPolicy::forbid;
  Transport transport = Transport::automatic;
  /// The ring network's links: bidirectional (both neighbours) or unidirectional (successor only).
  /// Only the ring transport and its planning read it.
  RingKind kind = RingKind::bidirectional;
  /// Ring transport: bytes per message; 0 = chosen by the plan: with the rotation allowed the ring
  /// planner chooses every message under the links' start-ups and the transport sends exactly
  /// those (docs/latency.md "Executors"; max_chunk_bytes does not apply); with the order kept, from
  /// the link models (document 004's pipelining optimum), capped by max_chunk_bytes (which bounds
  /// the staging memory of relays).
  std::int64_t chunk_bytes = 0;
  std::int64_t max_chunk_bytes = std::int64_t{8} << 20;
  /// Larger messages go as several MPI messages (MPI counts are int).
  std::int64_t max_message_bytes = std::int64_t{1} << 30;
  /// Alltoallv transport: items per pair and round.
  std::int64_t max_items_per_round = INT64_MAX;
  /// Largest value treated as an MPI int (counts, offsets, message bytes). Only tests lower it, to
  /// run the large-count paths on small data. 1 .. INT_MAX.
  std::int64_t mpi_int_limit = INT_MAX;
  /// Ring transport, local: messages in flight per link and direction (>= 1), and whether this
  /// rank's sends on both links form one queue in the plan's time order.
  int window = 4;
  bool plan_order = false;
  /// Seconds a rank waits for a peer before the call fails with TimeoutError on every rank still
  /// taking part (0: wait as long as MPI does). Every wait then polls; the missing rank is named.
  double timeout_seconds = 0.0;
  /// Extra checks (the executor's former second round): every rank's whole plan is hashed and the
  /// hashes compared by one more small collective before data moves.
  bool verify = false;
  /// Every execution of the plan runs a status exchange beside its data (a tiny message to every
  /// other rank up to 16 ranks, log2 P rounds beyond), so that a rank whose arguments are wrong (a
  /// buffer too small, another item size, a request in flight on the same data) fails the call on
  /// every rank instead of leaving its peers waiting. false skips it, for the last microseconds of
  /// small executions: such a rank then throws alone, and its peers wait for its messages as they
  /// would in MPI itself (with a timeout, they time out). The same on every rank.
  bool checked_executions = true;
  /// Called on this rank after each batch of completed messages and once at the end (progress.hpp).
  /// When any rank sets one, every call ends with one small all-reduce so that an exception thrown
  /// by a callback fails the call on every rank.
  ProgressCallback progress;
};

}  // namespace redist::exec
