#pragma once
// The plan every rank computes, identically, from the agreed layout (agreement.hpp): the new layout
// (the ring flows: shift 0 when the order is kept, the ring planner's shift when it may rotate), the
// transport chosen from the network model and why, the ring plan when one is needed, the predicted
// time, and the key every execution checks. Pure code (no MPI): tests build it for every rank of a
// ring in one process. Internal (docs/mpi.md "Plans").

#include <cstdint>
#include <string>
#include <vector>

#include "agreement.hpp"
#include "redist/core/ring_instance.hpp"
#include "redist/core/schedule.hpp"
#include "redist/exec/link_model.hpp"
#include "redist/exec/prediction.hpp"
#include "ring_messages.hpp"
#include "slice_overlap.hpp"

namespace redist::exec {

struct LayoutPlan {
  AgreedLayout layout;
  RingFlows ring;  // old starts and the flows that define the new layout
  Transport transport = Transport::direct;
  std::string reason;
  std::string framework = "none";  // of the ring plan; "none" when no ring plan was made
  std::string method;
  /// The ring plan is an ordered one (ring/ordered_plan.hpp): the order kept, items routed either
  /// way round; its schedule names its items and the ring transport follows it
  /// (ordered_messages.hpp). Otherwise the ring plan moves the flows of `ring`.
  bool ordered_routes = false;
  std::int64_t ring_hops = 0;  // the longest path of the ring plan, in links
  RingInstance instance;       // the ring with per-item costs in ticks of 10^-3 ns (link_model.hpp)
  Schedule schedule;           // the ring plan (ring transport, prediction)
  std::int64_t chunk_items = 1;  // ring transport, for layout.item_bytes
  /// The ring plan was made with the links' start-ups and chooses its own messages: the ring
  /// transport sends exactly those (plan_messages.hpp), chunk_items is then its largest message, and
  /// the prediction is its makespan (docs/latency.md). Otherwise the flows are cut at a chunk grid.
  bool plan_messages = false;
  double predicted_seconds = 0.0;
  std::uint64_t key = 0;  // digest of everything above that the data movement depends on
};

/// Most messages one link may carry: the chunk grows when a tiny given chunk would exceed it.
inline constexpr std::int64_t kMaxMessagesPerLink = std::int64_t{1} << 20;

/// Plans the layout change. Throws AgreementError when the options cannot be met (the ring transport
/// forced on a unidirectional ring that must move items backwards with the order kept).
LayoutPlan build_layout_plan(const AgreedLayout& layout, Network network,
                             const RingLinkModels& models, const PlanOptions& options);

/// One rank's part of a direct exchange: what it sends to each new owner (offsets into its old
/// slice), what it receives from each old owner (offsets into its new slice), and its own items
/// that stay (kept_old in the old slice, kept_new in the new one; kept_items may be 0).
struct RankExchange {
  std::vector<Segment> sends;
  std::vector<Segment> recvs;
  std::int64_t kept_old = 0;
  std::int64_t kept_new = 0;
  std::int64_t kept_items = 0;
};
RankExchange rank_exchange(const RingFlows& ring, std::size_t rank);

/// The reverse of a layout plan: the new layout back to the old one, for the same ranks, the same
/// transport (an ordered ring plan is made again for the way back). No communication.
LayoutPlan reversed_layout_plan(const LayoutPlan& forward, Network network,
                                const RingLinkModels& models, const PlanOptions& options);

/// The reverse layout change: the new layout back to the old one (flows negated, loads and targets
/// swapped), positions counted from the new layout's first item.
RingFlows reversed_flows(const RingFlows& ring);

/// Predicted seconds of the direct exchange of `ring` on the network: on a flat network each rank's
/// sends and its receives are serialised (L + m b each); on a ring every message takes the route
/// with the fewest hops (then the lowest latency), all links carry their loads at once, and the
/// busiest directed link plus the longest route's latencies decide.
double predict_direct_seconds(const RingFlows& ring, Network network, const RingLinkModels& models,
                              std::int64_t item_bytes);

}  // namespace redist::exec
