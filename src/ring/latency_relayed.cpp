// Document 000's plan without start-ups, in pieces of the one pipelining rule (latency_relayed.hpp).

#include "latency_relayed.hpp"

#include <algorithm>
#include <string>
#include <vector>

#include "latency_engine.hpp"
#include "latency_super.hpp"
#include "redist/ring/pipeline.hpp"

namespace redist::ring::detail {

namespace {

bool sent_to_successor(const Transfer& t, std::size_t n) {
  if (t.link) return *t.link == Link::succ;
  return static_cast<std::size_t>(t.to) == (static_cast<std::size_t>(t.from) + 1) % n;
}

// The plan's transfers as messages on each directed link, in the order of their starts; a transfer
// to a relay (a processor that sends more than it holds) cut into pieces of `factor` times the
// rule's size over two hops, to the relay and on from it, as the SimGrid layer cuts them.
MessagePlan in_pieces(const RingInstance& inst, const std::vector<Transfer>& by_start,
                      const std::vector<bool>& relay, double factor) {
  const std::size_t n = inst.size();
  MessagePlan plan = MessagePlan::empty(n);
  std::vector<Ticks> first_start(2 * n, -1);
  for (const Transfer& t : by_start) {
    const auto from = static_cast<std::size_t>(t.from);
    const bool succ = sent_to_successor(t, n);
    const std::size_t link = link_index(from, succ);
    if (first_start[link] < 0) first_start[link] = t.start;
    std::int64_t piece = t.items;
    if (relay[static_cast<std::size_t>(t.to)]) {
      const Ticks cost = succ ? inst.succ_cost[from] : inst.pred_cost[from];
      const PipelinePieces best = best_pipeline_pieces(t.items, 2, inst.latency(from, succ), cost);
      piece = std::clamp<std::int64_t>(
          static_cast<std::int64_t>(static_cast<double>(best.piece_items) * factor + 0.5), 1,
          t.items);
    }
    for (std::int64_t left = t.items; left > 0; left -= piece)
      plan.sizes[link].push_back(std::min(piece, left));
  }
  // A processor sending both ways starts with the link the plan without start-ups used first.
  for (std::size_t i = 0; i < n; ++i) {
    const Ticks s = first_start[link_index(i, true)], p = first_start[link_index(i, false)];
    plan.succ_first[i] = p < 0 || (s >= 0 && s <= p);
  }
  return plan;
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

  std::optional<MessagePlan> best;
  Ticks best_makespan = kNoMakespan;
  double best_factor = 1;
  for (const double factor : {1.0, 0.5, 2.0}) {
    MessagePlan plan = in_pieces(instance, by_start, relay, factor);
    const Ticks t = messages_makespan(instance, plan);
    if (t == kNoMakespan || (best && t >= best_makespan)) continue;
    best = std::move(plan);
    best_makespan = t;
    best_factor = factor;
  }
  if (!best) return std::nullopt;
  const MessageTiming timing = time_messages(instance, *best);
  ShiftPlan out;
  out.schedule = messages_to_schedule(instance, timing, options.back_to_back);
  out.schedule.makespan = timing.makespan;
  out.schedule.flow_shift = without.schedule.flow_shift;
  out.method = "the plan without start-ups (" + without.method +
               "), relays fed in pipelined pieces of " +
               (best_factor == 1.0
                    ? std::string("document 004's size")
                    : (best_factor < 1 ? "half" : "twice") + std::string(" document 004's size"));
  return out;
}

}  // namespace redist::ring::detail
