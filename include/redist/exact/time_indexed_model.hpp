#pragma once
// A time-indexed mixed-integer model of one-port redistribution on a ring (docs/design.md section
// 1, "One-port item model"; docs/ring_bidirectional_heterogeneous.md "The exact optimum").
//
// Time is cut into slots of g ticks, g the gcd of the link costs: some optimal schedule starts
// every item at a multiple of g (re-time the items in start order, each at the latest of its
// arrival and its two ports' previous ends: every start only moves earlier and is a sum of costs).
// A link of cost c then takes c/g slots.
//
//   y[l][s] in {0,1}   one item starts over directed link l at slot s (0 <= s <= H - c_l)
//   h[i][s] >= 0       items P_i holds at slot s, after that slot's arrivals and sends
//   T       integer    the makespan, in slots
//
//   send port     sum over P_i's out-links l, starts s in (t - c_l, t]: y[l][s] <= 1  (every i, t)
//   receive port  the same over the links into P_j                                 (every j, t)
//   holdings      h[i][t] = h[i][t-1] + arrivals at t - sends at t, h[i][-1] = loads[i]: an
//                 item is forwarded only from the slot it has fully arrived (store-and-forward)
//   final load    loads[i] + received - sent = targets[i]
//   makespan      T >= (s + c_l) y[l][s]; and T >= each port's total busy time (a valid cut)
//   minimise T, with lower_slots <= T <= H
//
// The horizon H comes from a valid schedule (the planner's makespan), which keeps the model finite
// and feasible. On a bidirectional ring of two processors both links P_0 -> P_1 appear (succ,
// pred).

#include <cstdint>
#include <vector>

#include "redist/core/ring_instance.hpp"
#include "redist/core/schedule.hpp"

namespace redist::exact {

/// A mixed-integer program in a solver-neutral form: minimise objective . x subject to
/// row_lower <= A x <= row_upper, column_lower <= x <= column_upper, x integral where `integer`.
struct MilpProblem {
  std::vector<double> column_lower, column_upper, objective;
  std::vector<bool> integer;
  std::vector<double> row_lower, row_upper;
  struct Entry {
    int row, column;
    double value;
  };
  std::vector<Entry> entries;  // the non-zeros of A

  int add_column(double lower, double upper, double cost, bool is_integer);
  int add_row(double lower, double upper);
  void set(int row, int column, double value) { entries.push_back({row, column, value}); }
  [[nodiscard]] std::size_t columns() const { return objective.size(); }
  [[nodiscard]] std::size_t rows() const { return row_lower.size(); }
};

/// One directed link of the ring: P_from -> P_to, `succ` or pred, its cost in slots.
struct ModelLink {
  std::size_t from = 0, to = 0;
  bool succ = true;
  std::int64_t slots = 0;
  int first_column = 0;     // column of y[l][0]; y[l][s] is first_column + s
  std::int64_t starts = 0;  // number of start slots 0 .. starts-1 (H - slots + 1, or 0)
};

struct TimeIndexedModel {
  MilpProblem problem;
  std::vector<ModelLink> links;
  Ticks slot_ticks = 1;      // g: one slot is g ticks of the instance's cost_scale
  std::int64_t horizon = 0;  // H, slots
  int makespan_column = 0;   // T
  std::size_t binaries = 0;  // number of y columns
};

/// The gcd of every link cost (ticks): the slot length of the model.
Ticks slot_length(const RingInstance& instance);

/// Builds the model for schedules ending by `horizon_ticks`, with T >= ceil(lower_ticks / g).
/// Callers bound the size first (exact/ring_optimum.hpp checks n, items and horizon).
TimeIndexedModel build_time_indexed_model(const RingInstance& instance, Ticks horizon_ticks,
                                          Ticks lower_ticks);

/// The schedule a 0/1 solution of the model describes: one item per chosen y, consecutive items on
/// a link merged into back-to-back transfers. Times in ticks of the instance's cost_scale.
Schedule schedule_from_solution(const RingInstance& instance, const TimeIndexedModel& model,
                                const std::vector<double>& solution);

}  // namespace redist::exact
