#pragma once
// The plan every rank computes, identically, from the agreed layout: the ring instance with costs
// from the link models, the planner's schedule, its flows, the chunk size, and the digest the ranks
// compare. Pure code (no MPI): tests build it for every rank of a ring in one process.

#include <cstdint>
#include <string>

#include "redist/core/ring_instance.hpp"
#include "redist/core/schedule.hpp"
#include "redist/exec/agreement.hpp"
#include "redist/exec/link_model.hpp"
#include "redist/exec/ordered_options.hpp"
#include "redist/exec/ring_messages.hpp"

namespace redist::exec {

struct ExecPlan {
  RingInstance instance;  // costs in ticks of 10^-3 ns (link_model.hpp)
  Schedule schedule;
  RingFlows ring;
  std::int64_t chunk_items = 1;
  std::string framework;
  std::string method;
  double predicted_seconds = 0.0;
  std::uint64_t digest = 0;
};

/// Most messages one link may carry: the chunk grows when a tiny given chunk would exceed it.
inline constexpr std::int64_t kMaxMessagesPerLink = std::int64_t{1} << 20;

/// Plans the redistribution of `layout`. Throws AgreementError when the options cannot be met (no
/// plan without the wrap-around edge on a unidirectional ring that must move items backwards).
ExecPlan build_exec_plan(const AgreedLayout& layout, const RingLinkModels& models,
                         const OrderedOptions& options);

}  // namespace redist::exec
