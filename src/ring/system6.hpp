#pragma once
// System 6 of document 000 (heterogeneous bidirectional rings), solved through the flow shift.
//
// Every schedule moves net F_i = x + S_i items over the edge P_i -> P_{i+1} (Lemma 10). For a given
// x, the best gross sends are the net ones, so processor P_i's one-port send time is
//   send_i(x) = max(F_i, 0) succ_cost[i] + max(-F_{i-1}, 0) pred_cost[i]
// and its receive time is
//   recv_i(x) = max(F_{i-1}, 0) succ_cost[i-1] + max(-F_i, 0) pred_cost[i+1],
// each convex piecewise-linear in x. System 6's optimum is min over x of the max of these 2n
// functions: tau(x). Its rational optimum tau* and the integer optimum tau_int = min over integer x
// (Proposition 1: floor or ceil of the rational argmin) are computed without an LP solver.
// tau_int is a valid lower bound for every schedule, light or not (docs/errata.md item 3).
//
// Indices are taken mod n everywhere, n = 2 included: there edge 0 is P_0 -> P_1 on P_0's succ link
// (back: P_1's pred link) and edge 1 is P_1 -> P_0 on P_1's succ link (back: P_0's pred link), so
// the two processors are joined by two links each way, as docs/design.md section 4 says. n = 1: no
// link, every time is 0, every shift is light and the schedule is empty.
//
// How (docs/ring_bidirectional_heterogeneous.md): max(a, 0) + max(b, 0) = max(0, a, b, a + b), so
// tau(x) is the upper envelope of at most 4n + 1 lines. Its minimum is where the envelope of the
// increasing lines crosses the envelope of the decreasing ones (flat lines only raise the value):
// two sorts and a merge, O(n log n), exact in 128-bit integers with overflow-free fraction
// compares.

#include <cstdint>
#include <optional>
#include <vector>

#include "redist/core/ring_instance.hpp"
#include "redist/core/schedule.hpp"
#include "redist/ring/system6_solution.hpp"
#include "ring/ring_prefix.hpp"

namespace redist::ring {

/// Requires a bidirectional ring. O(n log n). Exact for every valid instance: tau* is computed as a
/// whole number plus a proper fraction, which fits 128 bits whenever the times do.
///
///   auto s = solve_system6(instance);      // s.integer_optimum is a lower bound for any schedule
///   if (s.integer_shift_light) schedule = lemma9_schedule(instance, s.integer_shift, s);
System6Solution solve_system6(const RingInstance& instance);
/// The same with the instance's prefix sums already computed (a plan solves System 6 once).
System6Solution solve_system6(const RingInstance& instance, const RingPrefix& prefix);

/// tau(x) for one integer shift: the max over processors of their send and receive times. O(n).
/// Requires |shift| <= kMaxTotalItems.
Ticks system6_time(const RingInstance& instance, std::int64_t shift);
Ticks system6_time(const RingInstance& instance, const RingPrefix& prefix, std::int64_t shift);

/// Whether every processor can send all its net sends for shift x from its initial load
/// (sends_i(x) <= loads[i]): the "light redistribution" of document 000 section 6.
bool is_light(const RingInstance& instance, std::int64_t shift);
bool is_light(const RingInstance& instance, const RingPrefix& prefix, std::int64_t shift);

/// The light shifts form an interval: sends_i(x) <= loads[i] reads x <= loads[i] - S_i and
/// x >= -S_{i-1} - loads[i] (the sum of both sends is delta_i <= loads[i]). nullopt when empty.
/// O(n).
struct ShiftInterval {
  std::int64_t lo = 0;
  std::int64_t hi = 0;
};
std::optional<ShiftInterval> light_shifts(const RingInstance& instance);
std::optional<ShiftInterval> light_shifts(const RingInstance& instance, const RingPrefix& prefix);

/// Lemma 9's schedule for shift x: each P_i sends its succ items from time 0, then its pred items
/// as soon as one-port allows (after its own succ sends and after P_{i-1} has received from
/// P_{i-2}). Valid when is_light(instance, shift), with makespan = system6_time(instance, shift).
/// When the shift is NOT light the schedule may send items a processor does not hold yet and be
/// invalid: callers must check is_light first (or validate). lower_bound = tau_int; status =
/// optimal only when the shift is light and the makespan equals tau_int. O(n) given the solution.
Schedule lemma9_schedule(const RingInstance& instance, std::int64_t shift,
                         const System6Solution& solution);
/// The same with the prefix sums already computed (what plan_ring calls).
Schedule lemma9_schedule(const RingInstance& instance, const RingPrefix& prefix, std::int64_t shift,
                         const System6Solution& solution);
/// The same, solving System 6 first for the lower bound (O(n log n)).
Schedule lemma9_schedule(const RingInstance& instance, std::int64_t shift);

}  // namespace redist::ring
