// Planning a ring with start-ups in messages of g items (latency_super.hpp).

#include "latency_super.hpp"

#include <algorithm>

#include "latency_engine.hpp"
#include "latency_search.hpp"
#include "redist/core/error.hpp"
#include "redist/core/flow.hpp"
#include "ring/homogeneous_bidirectional.hpp"
#include "ring/ring_steps.hpp"

namespace redist::ring::detail {

namespace {

bool as_large_ring(SuperItemPlanning planning, std::size_t n) {
  return planning == SuperItemPlanning::as_large_ring ||
         (planning == SuperItemPlanning::by_size && n > kLargeRingSize);
}

// L + g c, or nullopt when it does not fit 64-bit ticks.
std::optional<std::int64_t> message_cost(std::int64_t latency, std::int64_t cost, std::int64_t g) {
  std::int64_t items = 0, total = 0;
  if (__builtin_mul_overflow(cost, g, &items) || __builtin_add_overflow(items, latency, &total))
    return std::nullopt;
  return total;
}

// The super-items' instance once the remainders have moved: P_i then holds h_i = t_i + g (Phi_i -
// Phi_{i-1}) items, whose super-items number floor(t_i / g) + Phi_i - Phi_{i-1} (at least 0), and
// must keep floor(t_i / g) of them; costs L + g c.
std::optional<RingInstance> super_instance(const RingInstance& inst,
                                           const std::vector<std::int64_t>& phi, std::int64_t g) {
  const std::size_t n = inst.size();
  RingInstance s;
  s.kind = inst.kind;
  s.cost_scale = inst.cost_scale;
  s.loads.resize(n);
  s.targets.resize(n);
  s.succ_cost.resize(n);
  if (inst.bidirectional()) s.pred_cost.resize(n);
  for (std::size_t i = 0; i < n; ++i) {
    s.targets[i] = inst.targets[i] / g;
    s.loads[i] = s.targets[i] + (phi[i] - phi[prev_of(i, n)]);
    if (s.loads[i] < 0) return std::nullopt;
    const auto succ = message_cost(inst.latency(i, true), inst.succ_cost[i], g);
    if (!succ) return std::nullopt;
    s.succ_cost[i] = *succ;
    if (inst.bidirectional()) {
      const auto pred = message_cost(inst.latency(i, false), inst.pred_cost[i], g);
      if (!pred) return std::nullopt;
      s.pred_cost[i] = *pred;
    }
  }
  return s;
}

// The remainders rho_i = F_i - g Phi_i, moved first: the smallest (in size, with the flow's sign)
// such that after them every processor holds h_i = l_i - rho_i + rho_{i-1} >= t_i mod g, i.e. a
// whole number (>= 0) of super-items besides what it keeps. Where a processor falls short, its
// upstream remainder grows (or, against the flow, its own remainder does) by whole super-items,
// and the neighbour that gave them is looked at again; empty when that cannot be done.
std::vector<std::int64_t> remainders(const RingInstance& inst,
                                     const std::vector<std::int64_t>& flows, std::int64_t g) {
  const std::size_t n = inst.size();
  std::vector<std::int64_t> rho(n);
  for (std::size_t i = 0; i < n; ++i) rho[i] = flows[i] - (flows[i] / g) * g;
  const auto shortfall = [&](std::size_t i) {
    const std::int64_t held = inst.loads[i] - rho[i] + rho[prev_of(i, n)];
    return inst.targets[i] % g - held;
  };
  std::vector<std::size_t> work;
  for (std::size_t i = 0; i < n; ++i)
    if (shortfall(i) > 0) work.push_back(i);
  while (!work.empty()) {
    const std::size_t i = work.back();
    work.pop_back();
    std::int64_t need = shortfall(i);
    if (need <= 0) continue;
    const std::size_t p = prev_of(i, n), q = i + 1 == n ? 0 : i + 1;
    // More from upstream: the edge into P_i carries a positive flow.
    if (flows[p] > 0) {
      const std::int64_t room = (flows[p] - rho[p]) / g;
      const std::int64_t steps = std::min(room, (need + g - 1) / g);
      rho[p] += steps * g;
      need -= steps * g;
      if (steps > 0) work.push_back(p);
    }
    // Less to send against the flow: the edge out of P_i carries a negative flow.
    if (need > 0 && flows[i] < 0) {
      const std::int64_t room = (rho[i] - flows[i]) / g;
      const std::int64_t steps = std::min(room, (need + g - 1) / g);
      rho[i] -= steps * g;
      need -= steps * g;
      if (steps > 0) work.push_back(q);
    }
    if (need > 0) return {};
  }
  return rho;
}

// One message per link, timed by the list scheduler; appended to `out`. The makespan, or nullopt
// when the messages deadlock.
std::optional<Ticks> remainders_bidirectional(const RingInstance& inst,
                                              const std::vector<std::int64_t>& rho, Schedule& out) {
  MessagePlan plan = MessagePlan::empty(inst.size());
  const std::vector<std::int64_t> demand = link_demands(inst, rho);
  for (std::size_t l = 0; l < demand.size(); ++l)
    if (demand[l] > 0) plan.sizes[l] = {demand[l]};
  const MessageTiming timing = time_messages(inst, plan);
  if (!timing.complete) return std::nullopt;
  out.transfers = messages_to_schedule(inst, timing).transfers;
  return timing.makespan;
}

// The same on a unidirectional ring in one pass: every processor has one port each way, so link i
// starts at 0 when P_i holds its remainder, else when its upstream remainder arrives (which then
// covers it: l_i + rho_{i-1} >= rho_i). Some edge has no flow, hence no remainder: the pass starts
// after it.
std::optional<Ticks> remainders_unidirectional(const RingInstance& inst,
                                               const std::vector<std::int64_t>& rho,
                                               Schedule& out) {
  const std::size_t n = inst.size();
  std::size_t start = 0;
  while (start < n && rho[start] != 0) ++start;
  if (start == n) return std::nullopt;
  Ticks arrival = 0, makespan = 0;  // of the remainder into the current processor
  for (std::size_t k = 1, i = next_of(start, n); k <= n; ++k, i = next_of(i, n)) {
    const std::size_t p = prev_of(i, n);
    if (rho[i] == 0) {
      arrival = 0;
      continue;
    }
    const Ticks begin = inst.loads[i] >= rho[i] || rho[p] == 0 ? Ticks{0} : arrival;
    Transfer t(static_cast<std::int64_t>(i), static_cast<std::int64_t>(next_of(i, n)), rho[i],
               begin);
    if (rho[i] > 1) set_message_size(t, rho[i]);
    out.transfers.push_back(t);
    arrival = begin + inst.latency(i, true) + Ticks{rho[i]} * inst.succ_cost[i];
    makespan = std::max(makespan, arrival);
  }
  return makespan;
}

// The same on a large bidirectional ring without the list scheduler, in two sweeps that start
// every message as early as this fixed order allows: first the messages with the flow's succ
// direction (as on a unidirectional ring: a sender that holds its remainder starts at 0, one that
// does not waits for its upstream remainder, which then covers it), then those against it, each once
// its sender's port (after its own succ message) and its receiver's port (after the succ message it
// receives) are free and its sender holds it (else after the pred message its sender receives).
// The remainders guarantee that every processor ends with h_i = l_i - rho_i + rho_{i-1} >= 0 items
// of its own: that is what makes each wait enough. Nullopt when a direction's messages form a
// closed loop (every edge carries one), which the list scheduler then times.
std::optional<Ticks> remainders_in_two_sweeps(const RingInstance& inst,
                                              const std::vector<std::int64_t>& rho, Schedule& out) {
  const std::size_t n = inst.size();
  std::size_t no_succ = 0, no_pred = 0;
  while (no_succ < n && rho[no_succ] > 0) ++no_succ;
  while (no_pred < n && rho[no_pred] < 0) ++no_pred;
  if (no_succ == n || no_pred == n) return std::nullopt;
  // succ_end[i]: end of P_i's succ message (edge i, rho_i > 0), 0 without one.
  std::vector<Ticks> succ_end(n, 0);
  Ticks makespan = 0;
  // Downstream from an edge without a succ message.
  for (std::size_t k = 1, i = next_of(no_succ, n); k <= n; ++k, i = next_of(i, n)) {
    const std::size_t p = prev_of(i, n);
    if (rho[i] <= 0) continue;
    const Ticks begin = inst.loads[i] >= rho[i] || rho[p] <= 0 ? Ticks{0} : succ_end[p];
    Transfer t(static_cast<std::int32_t>(i), static_cast<std::int32_t>(next_of(i, n)), rho[i],
               begin, n == 2 ? std::optional<Link>(Link::succ) : std::nullopt);
    set_message_size(t, rho[i]);
    out.transfers.push_back(t);
    succ_end[i] = begin + inst.latency(i, true) + Ticks{rho[i]} * inst.succ_cost[i];
    makespan = std::max(makespan, succ_end[i]);
  }
  // pred_end[i]: end of the message P_{i+1} -> P_i (edge i, rho_i < 0).
  std::vector<Ticks> pred_end(n, 0);
  // Upstream of the pred messages, from an edge without one; edge e: P_{e+1} sends -rho_e to P_e.
  for (std::size_t k = 1, e = prev_of(no_pred, n); k <= n; ++k, e = prev_of(e, n)) {
    if (rho[e] >= 0) continue;
    const std::size_t from = next_of(e, n);
    const std::int64_t items = -rho[e];
    // P_from's own items after its succ message; the pred message it receives tops them up.
    const std::int64_t own = inst.loads[from] - std::max<std::int64_t>(rho[from], 0);
    Ticks begin = std::max(succ_end[from], succ_end[prev_of(e, n)]);
    if (own < items) {
      REDIST_ASSERT(rho[from] < 0);
      begin = std::max(begin, pred_end[from]);
    }
    Transfer t(static_cast<std::int32_t>(from), static_cast<std::int32_t>(e), items, begin,
               n == 2 ? std::optional<Link>(Link::pred) : std::nullopt);
    set_message_size(t, items);
    out.transfers.push_back(t);
    pred_end[e] = begin + inst.latency(from, false) + Ticks{items} * inst.pred_cost[from];
    makespan = std::max(makespan, pred_end[e]);
  }
  return makespan;
}

// Document 000's plan of the super-items (flows phi). On a large ring, what costs about one pass:
// unidirectional, each link's super-items in one stretch (latency_tail.cpp); homogeneous
// bidirectional, the section 5 construction alone (always valid, at Lemma 6 when every processor
// holds and keeps a super-item; the general planner that competes with it where some do not costs
// several timings of the whole ring: BENCHMARKS.md "Start-up costs (issue 31)").
RingPlan plan_super_items(const RingInstance& super, const std::vector<std::int64_t>& phi,
                          const RingPlanOptions& options, SuperItemPlanning planning) {
  const bool large = as_large_ring(planning, super.size());
  if (large && !super.bidirectional()) {
    RingPlan planned = pieces_in_one_stretch(super, phi);
    // Its flows are phi, phi_i = x' + S'_i with S'_{n-1} = 0: the super shift x' is phi_{n-1}.
    planned.schedule.flow_shift = phi.back();
    return planned;
  }
  if (!large || !super.bidirectional() || !super.homogeneous())
    return plan_without_validation(super, options,
                                   large ? SuperItemBounds::system6_alone : SuperItemBounds::all);
  RingPlan planned;
  planned.schedule = plan_homogeneous_bidirectional(super, RingPrefix::of(super));
  planned.method = "homogeneous bidirectional construction (document 000 section 5, corrected)";
  return planned;
}

}  // namespace

std::optional<ShiftPlan> plan_in_messages_of(const RingInstance& inst, const RingPrefix& prefix,
                                             std::int64_t shift, std::int64_t g,
                                             const RingPlanOptions& options,
                                             SuperItemPlanning planning) {
  const std::size_t n = inst.size();
  if (n < 2 || g < 1) return std::nullopt;
  const std::vector<std::int64_t> flows = flows_for_shift(prefix.sums, shift);
  std::vector<std::int64_t> rho = remainders(inst, flows, g);
  if (rho.empty()) return std::nullopt;
  std::vector<std::int64_t> phi(n);
  for (std::size_t i = 0; i < n; ++i) phi[i] = (flows[i] - rho[i]) / g;
  const auto super = super_instance(inst, phi, g);
  if (!super) return std::nullopt;
  ShiftPlan out;
  out.schedule.time_scale = inst.cost_scale;
  // The remainders first: one message per link (a processor that holds fewer items than its
  // remainder relays its upstream neighbour's).
  std::optional<Ticks> first;
  if (!inst.bidirectional())
    first = remainders_unidirectional(inst, rho, out.schedule);
  else if (as_large_ring(planning, n))
    first = remainders_in_two_sweeps(inst, rho, out.schedule);
  if (inst.bidirectional() && !first) first = remainders_bidirectional(inst, rho, out.schedule);
  if (!first) return std::nullopt;
  const Ticks offset = *first;
  // Then the super-items, from the end of the remainders.
  RingPlan planned = plan_super_items(*super, phi, options, planning);
  // The super shift x' gives super flows x' + S'_i with S'_i = Phi_i - Phi_{n-1}: real flows
  // g (x' + S'_i) + rho_i, i.e. the real shift moves by g (x' - Phi_{n-1}).
  out.schedule.flow_shift = shift + g * (*planned.schedule.flow_shift - phi[n - 1]);
  // The super-items' transfers become messages in place (a million-processor plan holds over a
  // million of them: copying them cost a tenth of the planning time), the remainders in front.
  std::vector<Transfer> transfers = std::move(planned.schedule.transfers);
  for (Transfer& t : transfers) {
    t.items *= g;
    if (g > 1) set_message_size(t, g);
    t.start += offset;
  }
  transfers.insert(transfers.begin(), out.schedule.transfers.begin(), out.schedule.transfers.end());
  out.schedule.transfers = std::move(transfers);
  out.schedule.makespan = offset + *planned.schedule.makespan;
  out.method = "remainders, then messages of " + std::to_string(g) +
               " items planned as document 000 items (" + planned.method + ")";
  return out;
}

}  // namespace redist::ring::detail
