#pragma once
// The time-indexed model of exact/time_indexed_model.hpp with start-up costs and messages
// (docs/latency.md, "The exact optimum with start-ups").
//
// Slots are g ticks, g the gcd of every cost and every start-up above 0: all durations are whole
// slots, and some optimal schedule starts every message at a whole slot (re-time the messages in
// start order, each at the latest of its ports' previous ends and the arrivals it waits for: every
// start moves earlier and is a sum of durations). A link of start-up L > 0 and cost c (Lam = L / g
// and C = c / g slots) is modelled as a message machine:
//
//   st[s] in {0,1}   a message starts at slot s: its start-up occupies [s, s + Lam)
//   y[s]  in {0,1}   one of its items starts at s, occupying [s, s + C); items follow the start-up
//                    and each other without a gap: y[s] <= st[s - Lam] + y[s - C], st[s] <= y[s + Lam]
//   busy[t] = start-ups and items in progress at slot t (a running sum); items[t] the items alone
//   take[t] >= 0     items the message starting at t takes from its sender (take <= N st[t])
//   out[t] = out[t-1] + take[t] - y[t] >= 0, and out[t] <= N busy[t]: a message sends only items it
//                    took at its start, and takes no more than it sends (nothing left once idle)
//   pend[t] = pend[t-1] + y[t - C] - give[t] >= 0: items that crossed the link and wait for the end
//                    of their message; give[t] <= N (1 - items[t]): handed over only once no item of
//                    the link is in progress, i.e. when the message has ended (store and forward)
//
// A link without start-up keeps the item model (each item its own message, usable on arrival:
// sending it in one message of several items could only delay it). Ports: at every slot the busy
// sums of a processor's out-links (and of its in-links) add up to at most 1. Holdings:
// h[t] = h[t-1] + arrivals(t) - takes(t) >= 0, ending at the target; every message's last item ends
// by T, which is minimised.

#include <cstdint>
#include <vector>

#include "redist/core/ring_instance.hpp"
#include "redist/core/schedule.hpp"
#include "redist/exact/time_indexed_model.hpp"

namespace redist::exact {

/// One directed link of the model with start-ups: columns of its slot variables.
struct LatencyModelLink {
  std::size_t from = 0, to = 0;
  bool succ = true;
  std::int64_t cost_slots = 0;     // C
  std::int64_t latency_slots = 0;  // Lam (0: the item model)
  int first_start = -1;            // st[0] (latency links only)
  int first_item = 0;              // y[0]
  int first_take = -1;             // take[0] (latency links only)
  int first_give = -1;             // give[0] (latency links only)
};

struct LatencyModel {
  MilpProblem problem;
  std::vector<LatencyModelLink> links;
  Ticks slot_ticks = 1;
  std::int64_t horizon = 0;  // H, slots
  int makespan_column = 0;
  std::size_t binaries = 0;
};

/// The gcd of every cost and every start-up above 0 (ticks).
Ticks latency_slot_length(const RingInstance& instance);

/// Builds the model for schedules ending by `horizon_ticks`, with T >= ceil(lower_ticks / g).
LatencyModel build_latency_model(const RingInstance& instance, Ticks horizon_ticks,
                                 Ticks lower_ticks);

/// Binary columns the model would have (st and y of every link), without building it.
Ticks latency_model_binaries(const RingInstance& instance, Ticks horizon_ticks);

/// The schedule a 0/1 solution describes: one transfer per message (message_items = its items),
/// times in ticks of the instance's cost_scale.
Schedule schedule_from_latency_solution(const RingInstance& instance, const LatencyModel& model,
                                        const std::vector<double>& solution);

}  // namespace redist::exact
