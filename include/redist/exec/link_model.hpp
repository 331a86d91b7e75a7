#pragma once
// The latency + bandwidth model of a ring link (document 004 section 1.1): a message of m bytes
// costs L + m*b on a link, L the latency and b the inverse of the bandwidth. The executor uses it
// twice:
//   - to choose how many items go into one message (the pipelined broadcast of document 004 section
//     1.1.4 splits a message into r pieces; with h hops its time is (h + r - 1)(L + m b / r),
//     smallest at r = sqrt(m (h-1) b / L), i.e. pieces of sqrt(m L / ((h-1) b)) bytes);
//   - to give the ring planner per-item costs (b times the item size, plus the latency shared by
//     the items of one message), so that plans follow the machine's real heterogeneity.
// Pure code: no MPI here (the probe that measures L and b lives in cost_probe.hpp).

#include <cstdint>
#include <vector>

#include "redist/core/ring_instance.hpp"

namespace redist::exec {

/// The network a plan is made for (docs/mpi.md "Transports").
///   flat: every pair of ranks is one hop apart (one node, a switched cluster): items go straight to
///         their new owners.
///   ring: neighbours are the cheap links (a ring of nodes, or the emulated rings of tools/netlab):
///         the ring planners may route items through relays.
enum class Network { flat, ring };

struct LinkModel {
  double latency_s = 2e-6;          // L
  double seconds_per_byte = 2e-10;  // b (the default is 5 GB/s, a shared-memory transport)
};

/// Models of every link of a ring of n ranks: succ[i] for P_i -> P_{i+1}, pred[i] for P_i ->
/// P_{i-1}.
struct RingLinkModels {
  std::vector<LinkModel> succ;
  std::vector<LinkModel> pred;

  static RingLinkModels uniform(std::size_t n, LinkModel model = {});
  [[nodiscard]] std::size_t size() const noexcept { return succ.size(); }
};

/// The probe's fit of t = 2 L + m * b over (bytes, seconds) points of timed exchanges (every
/// exchange holds two latencies: the message one way, a 1-byte answer back; cost_probe.hpp): b is
/// the least-squares slope through the larger sizes (through both points when there are two), L
/// half of what the smallest exchange leaves after m * b. Both are clamped to small positive values
/// so that noise never yields a free or negative link.
LinkModel fit_link_model(const std::vector<std::int64_t>& bytes,
                         const std::vector<double>& seconds);

/// Planner time unit of the executor: 1 ns, with costs at 10^-3 ns (cost_scale 3).
inline constexpr int kCostScale = 3;
inline constexpr double kSecondsPerTick = 1e-12;

/// Per-item cost in ticks of one link when messages carry `chunk_items` items of `item_bytes`
/// bytes: b * item_bytes + L / chunk_items, rounded to two significant digits (links measured
/// within noise of each other then plan as equal, which keeps the homogeneous planners in play), at
/// least 1 tick.
std::int64_t item_cost_ticks(const LinkModel& model, std::int64_t item_bytes,
                             std::int64_t chunk_items);

/// Fills succ_cost / pred_cost (and cost_scale) of `instance` from the models.
void apply_link_costs(RingInstance& instance, const RingLinkModels& models, std::int64_t item_bytes,
                      std::int64_t chunk_items);

/// Fills succ_cost / pred_cost with b * item_bytes alone and succ_latency / pred_latency with L,
/// both in ticks of kSecondsPerTick and rounded alike (two significant digits, at least 1 tick):
/// the instance of a plan that chooses its own messages under document 004's L + m b (docs/latency.md).
void apply_link_costs_and_latencies(RingInstance& instance, const RingLinkModels& models,
                                    std::int64_t item_bytes);

/// Items per message for net flows `flows` (F_e over edge e): the pipelining optimum above, taken
/// on the busiest edge (m = max |F_e| * item_bytes) and the longest run of same-direction edges (h
/// hops), with the slowest link's L and b; clamped to [1 item, max_chunk_bytes] (max_chunk_bytes
/// bounds the staging memory of forwarded items, docs/mpi.md "Memory"). Without forwarding
/// (h <= 1) the model wants one message per link, so the result is the cap.
std::int64_t choose_chunk_items(const std::vector<std::int64_t>& flows,
                                const RingLinkModels& models, std::int64_t item_bytes,
                                std::int64_t max_chunk_bytes);

/// Longest run of consecutive edges whose flows are nonzero with the same sign (circularly): the
/// most hops any item travels.
std::int64_t longest_path_hops(const std::vector<std::int64_t>& flows);

}  // namespace redist::exec
