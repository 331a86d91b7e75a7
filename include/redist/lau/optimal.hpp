#pragma once
// Time-optimal all-port schedules over every shift, without scanning shifts (redist's own
// algorithm; it replaces the window search of document 002 Fig. 9, which docs/errata.md item 5
// shows can miss in single-send mode).
//
// Both times are a maximum of a non-decreasing and a non-increasing function of the shift x:
//   single-send: node j is red positive iff x > a_j = l_j - S_j and red negative iff
//     x < b_j = -S_{j-1} - l_j, so the longest positive red chain C+(x) only grows with x and the
//     longest negative one C-(x) only shrinks; T_s = 1 + max(C+, C-) (Proposition 1).
//     C+(x) <= c  <=>  every c+1 consecutive nodes hold a j with a_j >= x
//                 <=>  x <= X+(c) = min over windows of c+1 nodes of max a_j,
//     and C-(x) <= c  <=>  x >= X-(c) = max over windows of min b_j.
//   multi-send: edge j finishes within m steps iff x + S_j <= B_j(m) (the m loads ending at node
//     j) and -(x + S_j) <= F_j(m) (the m loads after it) (allport_time.hpp), so
//     T_m <= m  <=>  Y-(m) = max_j (-S_j - F_j(m)) <= x <= min_j (B_j(m) - S_j) = Y+(m).
// So "some shift reaches time k" is an interval test, monotone in k, and the interval at the least
// feasible k is exactly the set of optimal shifts; we return its least-traffic member.
//   single-send: X+(c) is, for window length c+1, the least window maximum of a over the ring; all
//     of them at once come from one monotone-stack pass (an element is the maximum of exactly the
//     windows inside its arc free of larger values), so the whole search is O(n) for any loads.
//   multi-send: each test is O(n) with prefix sums; doubling then bisection on m, O(n log T_m).
// Neither depends on the size of the loads, unlike the window search (O(n * window)).

#include <cstdint>

#include "redist/lau/traffic.hpp"
#include "redist/sim/allport_shift_evaluator.hpp"

namespace redist::lau {

struct OptimalShift {
  std::int64_t shift = 0;  // the optimal shift of least traffic
  sim::AllportTime time;
  ShiftRange optimal;  // every shift of least time, and no other
  int probes = 0;      // O(n) passes: interval tests (multi-send), or the two profiles (single)
};

OptimalShift optimal_shift(const sim::ShiftEvaluator& eval, sim::SendMode mode);

}  // namespace redist::lau
