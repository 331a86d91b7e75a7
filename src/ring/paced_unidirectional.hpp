#pragma once
// Private to the ring layer: an optimal plan of a heterogeneous unidirectional ring with about one
// spaced transfer per link (shift_planners.cpp; docs/ring_unidirectional.md, "Paced lines").
//
// Strict ASAP (document 000 Algorithm 2) reaches Lemma 5's value but splits a link's departures
// into 2.7 pieces on average (own items back to back, then each upstream pace in turn). Most links
// have slack: any departures between the earliest ones (from what upstream actually sends) and
// the latest ones that still let every later link end by the makespan M keep the plan optimal.
// So, link after link along each path, we send all of a link's items as one line, item m at
// s + (m - 1) P, and fall back to ASAP from the chosen upstream departures where no line fits
// (ASAP never leaves the band, so the plan stays optimal). The band's upper side is any valid
// schedule that ends by M; the larger, the more lines fit:
// - ALAP, the latest one: the ASAP timing of the time-reversed path (path_banding.hpp). It costs a
//   second timing pass and its pieces must be held (24 bytes each, 2.4 per link). Lines prefer the
//   fluid pace P = M / F (the link busy over the whole makespan): every shape of `redist gen ring`
//   then needs 1.00 transfers per link.
// - The late fluid schedule, item m leaving at m M / F - c: free to compute, valid when every load
//   and target is at least 1 (docs/ring_unidirectional.md proves it). Lines under it prefer the
//   smallest spacing that fits, ending as early as they can: 1.00 to 1.008 transfers per link on
//   every shape at n = 10^6, in one pass. (At the fluid pace their band is narrow where that pace
//   is a few ticks: 1.14 to 1.18 on uniform rings, 3.3 on gathers.)
// Paths of up to kLatestPieces / 3 links take ALAP. Longer ones first take the late fluid
// schedule; should that need more than 1.5 transfers per link so far plus a slack, or end above
// 1.25, they are planned again under a paced latest curve (the reversed path's own lines), then
// ALAP. ALAP is skipped where it would hold more than 8 pieces per link and 2^16 (costs increasing
// along a path make it quadratic, as decreasing ones do strict ASAP).

#include <cstdint>
#include <optional>

#include "redist/core/ring_instance.hpp"
#include "redist/core/schedule.hpp"
#include "redist/ring/plan_machinery.hpp"
#include "ring/ring_prefix.hpp"

namespace redist::ring::detail {

/// Three times the longest path that takes ALAP without trying the late fluid schedule first. On
/// shorter paths ALAP costs little and saves a few transfers (1.0008 against 1.0042 per link on
/// rings of 300 and 3000, every shape); at n = 10^6 its pass took 0.13 s of a 0.6 s plan and 58
/// bytes per processor (BENCHMARKS.md).
inline constexpr std::int64_t kLatestPieces = std::int64_t{1} << 19;

/// Test hooks of paced_unidirectional_schedule; the defaults are the planner's.
struct PacedTuning {
  /// The ALAP pieces one path may hold, every path then taking ALAP first (0: never ALAP, the late
  /// fluid bound throughout); -1: ALAP first only on paths of up to kLatestPieces / 3 links, with 8
  /// pieces per link and 2^16, as described above.
  std::int64_t latest_budget = -1;
  /// Lines under the late fluid bound at the spacing closest to the fluid pace floor(M / F_k)
  /// rather than the smallest: they then fail on long gathers and blocks, which is how tests reach
  /// the fallbacks that the default lines almost never need.
  bool fluid_lines_at_fluid_pace = false;
};

/// The paced plan on the minimal flows F_i = shift + S_i, with makespan Lemma 5's max c_i F_i when
/// every load and target is at least 1, and strict ASAP's makespan otherwise (the late fluid
/// schedule is then not valid: ALAP alone bounds the band); the transfers follow each path from its
/// source, paths by their first edge, rotated so that edge 0's transfers come first. nullopt when
/// it does not apply: the makespan reaches 2^120 ticks (line_fit.hpp's kWideLineTimeLimit; from
/// 2^62, kLineTimeLimit, the held curves and paces are 128-bit: decimal costs, or costs of 10^6 and
/// more with large loads), or, with a load or target of 0, strict ASAP is already within 1.125
/// transfers per link or some path's ALAP exceeds its budget. A path needing more than
/// max_path_pieces(n) transfers is refused (InputError), as strict ASAP refuses it.
std::optional<Schedule> paced_unidirectional_schedule(
    const RingInstance& instance, const RingPrefix& prefix, std::int64_t shift,
    const PacedTuning& tuning = {}, const PlanMachinery& machinery = PlanMachinery::plain());

}  // namespace redist::ring::detail
