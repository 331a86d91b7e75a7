#pragma once
// Private to the ring layer: an optimal plan of a heterogeneous unidirectional ring with about one
// spaced transfer per link (shift_planners.cpp; docs/ring_unidirectional.md, "Paced lines").
//
// Strict ASAP (document 000 Algorithm 2) reaches Lemma 5's value but splits a link's departures
// into 2.7 pieces on average (own items back to back, then each upstream pace in turn). Most links
// have slack: any departures between the earliest ones (from what upstream actually sends) and
// the latest ones that still let every later link end by the makespan M keep the plan optimal.
// So, link after link along each path, we send all of a link's items as one line, item m at
// s + (m - 1) P, preferring the fluid pace P = M / F (the link busy over the whole makespan), and
// fall back to ASAP from the chosen upstream departures where no line fits (ASAP never leaves
// the band, so the plan stays optimal). The latest departures are ALAP: the ASAP timing of the
// time-reversed path (path_banding.hpp). Where ALAP itself would need too many pieces (costs
// increasing along a path make it quadratic, as decreasing ones do ASAP), the band's upper side is
// the late fluid schedule instead, item m leaving at m M / F - c: valid when every load and target
// is at least 1 (docs/ring_unidirectional.md proves it), and free to compute.

#include <cstdint>
#include <optional>

#include "redist/core/ring_instance.hpp"
#include "redist/core/schedule.hpp"
#include "redist/ring/ring_prefix.hpp"

namespace redist::ring::detail {

/// Largest makespan, in ticks, for which the paced plan is made: every time and spacing then stays
/// below 2^62, and every product of an item index and a spacing within 128 bits.
inline constexpr std::int64_t kPacedTimeLimit = std::int64_t{1} << 62;

/// The paced plan on the minimal flows F_i = shift + S_i, with makespan Lemma 5's max c_i F_i; the
/// transfers follow each path from its source, paths by their first edge, rotated so that edge 0's
/// transfers come first. nullopt when it does not apply: some load or target is 0 (Lemma 5's value
/// may then be below what ASAP reaches) or the makespan reaches kPacedTimeLimit. latest_budget
/// bounds the ALAP pieces held for one path (default: 4 per link and 2^16); a path beyond it uses
/// the late fluid schedule as its band's upper side.
std::optional<Schedule> paced_unidirectional_schedule(const RingInstance& instance,
                                                      const RingPrefix& prefix, std::int64_t shift,
                                                      std::int64_t latest_budget = -1);

}  // namespace redist::ring::detail
