#pragma once
// Options of the ordered ring redistribution (ordered_redistribute.hpp) and the wish each rank passes.
// Pure code: the planner side (ordered_plan.hpp) reads them without MPI.

#include <cstdint>

#include "redist/core/ring_instance.hpp"
#include "redist/exec/progress.hpp"

namespace redist::exec {

enum class WrapPolicy { allow, forbid };
enum class OrderedTransport { ring, alltoallv };

struct OrderedOptions {
  RingKind kind = RingKind::bidirectional;
  WrapPolicy wrap = WrapPolicy::allow;
  OrderedTransport transport = OrderedTransport::ring;
  std::int64_t chunk_bytes = 0;                           // 0: chosen from the link models
  std::int64_t max_chunk_bytes = std::int64_t{8} << 20;   // cap of the chosen chunk
  std::int64_t max_message_bytes = std::int64_t{1} << 30; // larger messages go as several MPI messages
  std::int64_t max_items_per_round = INT64_MAX;           // alltoallv: items per pair and round
  /// Largest value treated as an MPI int (counts, offsets, message bytes). Only tests lower it, to
  /// run the large-count paths (split messages, rounds, packed rounds) on small data.
  std::int64_t mpi_int_limit = 2147483647;
  int window = 4;                                         // messages in flight per link and direction
  bool plan_order = false;  // one send queue across both links in the plan's time order (one-port)
  ProgressCallback progress;
};

/// This rank's wish: an item count, or a weight (a balancer's new load; counts become proportional to
/// the weights, see targets_from_weights). All ranks pass the same kind.
struct NewShare {
  std::int64_t items = -1;
  double weight = 0.0;
  static NewShare count(std::int64_t n) { return {n, 0.0}; }
  static NewShare share(double w) { return {-1, w}; }
};

}  // namespace redist::exec
