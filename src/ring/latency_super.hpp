#pragma once
// Private to the ring layer: planning a ring with start-ups as document 000's ring whose items are
// messages of g items (docs/latency.md, "Messages of g items as items").
//
// With F_i = g Phi_i + rho_i (|rho_i| < g, the sign of F_i), a message of g items over link i takes
// L_i + g c_i and is forwarded once it has arrived: exactly an item of that cost in document 000's
// model. So the flows g Phi are planned by document 000's planners (System 6, the paced lines, ...)
// on the instance of "super-items" (loads floor(l_i / g), costs L + g c, no start-up), each
// super-item becoming a message of g items. The remainders rho_i go first, one message per link,
// and the super-items start when the last remainder has arrived (their instance counts the loads
// after the remainders). About two transfers per link at any n, with document 000's optimality for
// the super-items; what it loses against the optimum is the remainder phase, which nothing
// overlaps, and the pipelining granularity. Large rings (above 10^5 processors) time the
// remainders in two linear sweeps and, on unidirectional rings, build the super-items' plan
// directly (one stretch per link) or send the remainders last (latency_tail.cpp): docs/latency.md
// "Large rings".

#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

#include "redist/core/ring_instance.hpp"
#include "redist/ring/plan.hpp"
#include "ring/ring_prefix.hpp"
#include "ring/shift_planners.hpp"

namespace redist::ring::detail {

/// Rings above this many processors are planned as large rings: one piece size and one flow shift
/// (latency_plan.cpp), the remainders in two sweeps and the super-items in about one pass
/// (latency_super.cpp, latency_tail.cpp). Each try plans the whole ring there.
inline constexpr std::size_t kLargeRingSize = 100'000;

/// How the remainders and the super-items are planned: as on small rings (a bidirectional ring's
/// remainders by the list scheduler, latency_engine.hpp; the super-items by document 000's
/// planners), or as on large ones (two linear sweeps; one stretch per link or the section 5
/// construction alone: latency_super.cpp), which rings above 10^5 processors get by size.
enum class SuperItemPlanning { as_small_ring, as_large_ring, by_size };

/// The plan for flow shift `shift` in messages of `g` items; nullopt when the super-items cannot
/// carry the flows (a processor whose load, cut into super-items, cannot cover its net sends).
std::optional<ShiftPlan> plan_in_messages_of(
    const RingInstance& instance, const RingPrefix& prefix, std::int64_t shift, std::int64_t g,
    const RingPlanOptions& options, SuperItemPlanning planning = SuperItemPlanning::by_size);

/// The same on a unidirectional ring (flows of the fewest items) with the remainders sent last, each
/// where it can as the last message of its link's last transfer (latency_tail.cpp): about one
/// transfer per link. Nullopt on a bidirectional ring or for g < 2.
std::optional<ShiftPlan> plan_with_tails(const RingInstance& instance, const RingPrefix& prefix,
                                         std::int64_t g);

/// The piece size among `candidates` (not empty, each >= 1) whose plan_with_tails makespan,
/// estimated in O(n) per size (the pieces' plan with every remainder right after its link's last
/// piece), is least.
std::int64_t best_tail_piece(const RingInstance& instance, const RingPrefix& prefix,
                             const std::vector<std::int64_t>& candidates);

/// Document 000's plan of a unidirectional ring of pieces (no start-ups) whose flows are `phi`
/// (>= 0, one of them 0): every link's pieces in one stretch, as early as its upstream pieces allow
/// (latency_tail.cpp). Its flow_shift is 0 (the caller knows the real one).
RingPlan pieces_in_one_stretch(const RingInstance& pieces, const std::vector<std::int64_t>& phi);

/// Which of document 000's bounds plan_without_validation computes: every one (what plan_ring
/// reports), or System 6's alone, which is what the planners need (its shift and a bound at which
/// their search stops). The super-items' plan of a large ring takes the latter: its plan reports the
/// start-up bounds, not the super-items' ones, and Lemma 12 with the forwarding bound took 0.2 s of
/// the 1.5 s that planning a bidirectional heterogeneous ring of 10^6 took (docs/latency.md "Large
/// rings"; BENCHMARKS.md "Start-up costs at 10^6, the last step").
enum class SuperItemBounds { all, system6_alone };

/// plan_ring's own planning step, without the validation (plan.cpp): what the super-items are
/// planned with. Its plan is the same with either bounds (the planners stop early only at a proved
/// bound, which no plan beats); with System 6's alone a search may only go on for longer.
RingPlan plan_without_validation(const RingInstance& instance, const RingPlanOptions& options,
                                 SuperItemBounds bounds = SuperItemBounds::all);

}  // namespace redist::ring::detail
