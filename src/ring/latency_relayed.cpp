// Document 000's plan without start-ups, in pieces of the one pipelining rule (latency_relayed.hpp).

#include "latency_relayed.hpp"

#include <algorithm>
#include <queue>
#include <string>
#include <tuple>
#include <vector>

#include "latency_engine.hpp"
#include "latency_super.hpp"
#include "redist/ring/pipeline.hpp"
#include "ring/ring_steps.hpp"

namespace redist::ring::detail {

namespace {

bool sent_to_successor(const Transfer& t, std::size_t n) {
  if (t.link) return *t.link == Link::succ;
  return static_cast<std::size_t>(t.to) == next_of(static_cast<std::size_t>(t.from), n);
}

// Items per message of a transfer: `factor` times document 004's piece over two hops (to the relay
// and on from it, as the SimGrid layer cuts them) when its receiver relays items, else all of them.
std::int64_t piece_cap(const RingInstance& inst, const Transfer& t, bool succ, bool to_relay,
                       double factor) {
  if (!to_relay) return t.items;
  const auto from = static_cast<std::size_t>(t.from);
  const Ticks cost = succ ? inst.succ_cost[from] : inst.pred_cost[from];
  const PipelinePieces best = best_pipeline_pieces(t.items, 2, inst.latency(from, succ), cost);
  return std::clamp<std::int64_t>(
      static_cast<std::int64_t>(static_cast<double>(best.piece_items) * factor + 0.5), 1, t.items);
}

// The replay's budget: this many messages per transfer of the plan without start-ups (and per
// processor), at least kMinMessageBudget.
constexpr std::size_t kMessagesPerTransfer = 8;
constexpr std::size_t kMinMessageBudget = std::size_t{1} << 16;

struct Sending {
  std::size_t link = 0;
  std::size_t to = 0;
  std::int64_t left = 0;
  std::int64_t cap = 0;
};

// How an executor runs the plan (the SimGrid layer's replay, one_port_exchange.cpp): each processor
// goes through its transfers in the order of their starts, both links in one sequence, and sends a
// message as soon as its send port and the receiver's receive port are free and it holds at least
// one item: as many items as it holds, up to the transfer's cap, so that a relay never waits for a
// whole piece. The messages it sends are recorded with their starts; they respect the ports and
// the holdings by construction (and plan_ring validates them). Empty when some processor waits for
// items that never come, or past the message budget.
MessageTiming replay(const RingInstance& inst, const std::vector<Transfer>& by_start,
                     const std::vector<bool>& relay, double factor) {
  const std::size_t n = inst.size();
  std::vector<std::vector<Sending>> sequence(n);
  for (const Transfer& t : by_start) {
    if (t.items <= 0) continue;
    const auto from = static_cast<std::size_t>(t.from);
    const bool succ = sent_to_successor(t, n);
    sequence[from].push_back(
        {link_index(from, succ), static_cast<std::size_t>(t.to), t.items,
         piece_cap(inst, t, succ, relay[static_cast<std::size_t>(t.to)], factor)});
  }
  std::vector<std::int64_t> held(inst.loads.begin(), inst.loads.end());
  std::vector<Ticks> send_free(n, 0), receive_free(n, 0);
  std::vector<std::size_t> next(n, 0);
  const std::size_t max_messages =
      std::max<std::size_t>(kMinMessageBudget, kMessagesPerTransfer * (by_start.size() + n));
  MessageTiming timing;
  using Arrival =
      std::tuple<Ticks, std::size_t, std::int64_t, std::size_t>;  // end, to, items, from
  std::priority_queue<Arrival, std::vector<Arrival>, std::greater<>> arrivals;
  std::vector<std::size_t> ready(n);
  for (std::size_t i = 0; i < n; ++i) ready[i] = i;
  Ticks now = 0;
  for (;;) {
    // Start what can start now; a start frees nothing, so one pass over the ready processors does.
    for (const std::size_t p : ready) {
      if (next[p] >= sequence[p].size() || send_free[p] > now || held[p] < 1) continue;
      Sending& s = sequence[p][next[p]];
      if (receive_free[s.to] > now) continue;
      const std::int64_t k = std::min({s.cap, s.left, held[p]});
      const bool succ = s.link % 2 == 0;
      const Ticks end = now + inst.latency(p, succ) + Ticks{k} * inst.cost(p, succ);
      held[p] -= k;
      s.left -= k;
      if (s.left == 0) ++next[p];
      send_free[p] = end;
      receive_free[s.to] = end;
      // A relay fed item by item sends as many messages as items cross it: past the budget the
      // replay is abandoned (a plan of millions of start-ups would not win anyway).
      if (timing.messages.size() >= max_messages) return {};
      timing.messages.push_back({s.link, k, now});
      timing.makespan = std::max(timing.makespan, end);
      arrivals.push({end, s.to, k, p});
    }
    if (arrivals.empty()) break;
    // The next instant something ends: its receiver gains the items, both ports free up; the
    // sender, the receiver and the receiver's two neighbours (who may send to it) may then start.
    ready.clear();
    now = std::get<0>(arrivals.top());
    while (!arrivals.empty() && std::get<0>(arrivals.top()) == now) {
      const auto [end, to, items, from] = arrivals.top();
      arrivals.pop();
      held[to] += items;
      for (const std::size_t p : {from, to, prev_of(to, n), next_of(to, n)}) ready.push_back(p);
    }
    std::sort(ready.begin(), ready.end());
    ready.erase(std::unique(ready.begin(), ready.end()), ready.end());
  }
  for (std::size_t p = 0; p < n; ++p)
    if (next[p] < sequence[p].size()) return {};  // waits for items that never come
  timing.complete = true;
  return timing;
}

}  // namespace

std::optional<ShiftPlan> plan_without_startups_in_pieces(const RingInstance& instance,
                                                         const RingPlanOptions& options) {
  if (!instance.has_latency()) return std::nullopt;
  RingInstance bare = instance;
  bare.succ_latency.clear();
  bare.pred_latency.clear();
  const RingPlan without = plan_without_validation(bare, options);
  const std::size_t n = instance.size();
  std::vector<Transfer> by_start = without.schedule.transfers;
  std::stable_sort(by_start.begin(), by_start.end(),
                   [](const Transfer& a, const Transfer& b) { return a.start < b.start; });
  std::vector<std::int64_t> sent(n, 0);
  for (const Transfer& t : by_start) sent[static_cast<std::size_t>(t.from)] += t.items;
  std::vector<bool> relay(n);
  for (std::size_t i = 0; i < n; ++i) relay[i] = sent[i] > instance.loads[i];

  MessageTiming best;
  double best_factor = 1;
  for (const double factor : {1.0, 0.5, 2.0}) {
    MessageTiming timing = replay(instance, by_start, relay, factor);
    if (!timing.complete || (best.complete && timing.makespan >= best.makespan)) continue;
    best = std::move(timing);
    best_factor = factor;
  }
  if (!best.complete) return std::nullopt;
  const MessageTiming& timing = best;
  ShiftPlan out;
  out.schedule = messages_to_schedule(instance, timing, options.back_to_back);
  out.schedule.makespan = timing.makespan;
  out.schedule.flow_shift = without.schedule.flow_shift;
  const char* piece = best_factor == 1.0  ? "document 004's piece"
                      : best_factor < 1.0 ? "half document 004's piece"
                                          : "twice document 004's piece";
  out.method = "the plan without start-ups (" + without.method +
               "), run as an executor runs it: each processor's transfers in order, a message of "
               "what it holds as soon as both ports are free, relays fed up to ";
  out.method += piece;
  return out;
}

}  // namespace redist::ring::detail
