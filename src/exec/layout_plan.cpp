#include "layout_plan.hpp"

#include <algorithm>

#include "redist/ring/ordered_plan.hpp"
#include "redist/ring/plan.hpp"
#include "ring/flow_timing.hpp"

namespace redist::exec {

namespace {

struct ChosenPlan {
  Schedule schedule;
  std::string framework;
  std::string method;
};

std::vector<std::int64_t> linear_flows(const AgreedLayout& layout) {
  std::vector<std::int64_t> flows(layout.loads.size(), 0);
  std::int64_t running = 0;
  for (std::size_t k = 0; k < flows.size(); ++k) {
    running += layout.loads[k] - layout.targets[k];
    flows[k] = running;  // S_k: shift 0 (docs/design.md "Flow shift")
  }
  return flows;
}

ChosenPlan linear_plan(const RingInstance& instance) {
  // Shift x = 0: F_i = S_i, nothing crosses P_{n-1} -> P_0, timed ASAP.
  const auto timing =
      ring::time_flows(instance, 0, ring::PortOrder::succ_first, ring::FollowMode::banded);
  if (!timing)
    throw AgreementError("redistribute", "options.transport",
                         "the ring transport cannot move items towards predecessors on a "
                         "unidirectional ring with the order kept");
  ChosenPlan chosen{ring::flow_timing_schedule(instance, *timing), "linear",
                    "order kept (flow shift 0), ASAP flow timing"};
  chosen.schedule.makespan = timing->makespan;
  chosen.schedule.flow_shift = 0;
  return chosen;
}

ChosenPlan plan_for(const RingInstance& instance, WrapPolicy wrap) {
  if (instance.loads == instance.targets)
    return {Schedule{}, "none", "no-op: every rank already holds its new count"};
  if (wrap == WrapPolicy::forbid) return linear_plan(instance);
  ring::RingPlan plan = ring::plan_ring(instance);
  return {std::move(plan.schedule), std::move(plan.framework), std::move(plan.method)};
}

// The ring executor needs one direction per edge (it always held for our planners); should a plan
// ever send both ways over an edge, the same flow shift is re-timed by the ASAP flow timing.
void ensure_one_way(const RingInstance& instance, ChosenPlan& chosen) {
  const ScheduleFlows flows = schedule_flows(instance.size(), chosen.schedule);
  if (!flows.two_way) return;
  const auto timing = ring::time_flows(instance, flows.flows.back(), ring::PortOrder::succ_first,
                                       ring::FollowMode::banded);
  REDIST_ASSERT(timing.has_value());
  chosen.schedule = ring::flow_timing_schedule(instance, *timing);
  chosen.schedule.makespan = timing->makespan;
  chosen.method += " (re-timed: one direction per edge)";
}

std::int64_t busiest_flow(const std::vector<std::int64_t>& flows) {
  std::int64_t most = 0;
  for (const std::int64_t f : flows) most = std::max(most, f < 0 ? -f : f);
  return most;
}

// The ring transport on a ring network, priced as it runs: every link carries its items while the
// others carry theirs (a rank sends and receives on both links at once), so the busiest directed
// link decides, plus one message's store-and-forward delay on the slowest loaded link (the relays
// forward message by message, so the pipeline fills in about one message). The plan's one-port
// makespan, document 000's model, serialises a rank's two links: it chooses the routes, but
// overestimates a machine whose links all work at once (BENCHMARKS.md "Real bytes at the floor",
// netlab). The loads per directed link come from the plan's transfers.
double predict_ring_seconds(const LayoutPlan& plan, const RingLinkModels& models) {
  const std::size_t n = plan.layout.loads.size();
  const auto item_bytes = static_cast<double>(std::max<std::int64_t>(1, plan.layout.item_bytes));
  std::vector<std::int64_t> right(n, 0), left(n, 0);  // P_e -> P_e+1 and P_e+1 -> P_e
  if (plan.schedule.transfers.empty()) return 0.0;
  for (const Transfer& t : plan.schedule.transfers) {
    const auto from = static_cast<std::size_t>(t.from);
    if (uses_succ_link(n, t))
      right[from] += t.items;
    else
      left[(from + n - 1) % n] += t.items;
  }
  double busiest = 0.0, fill = 0.0;
  const double chunk_bytes = static_cast<double>(plan.chunk_items) * item_bytes;
  for (std::size_t e = 0; e < n; ++e) {
    const LinkModel& fwd = models.succ[e];
    const LinkModel& back = models.pred[(e + 1) % n];
    busiest = std::max({busiest, fwd.seconds_per_byte * item_bytes * static_cast<double>(right[e]),
                        back.seconds_per_byte * item_bytes * static_cast<double>(left[e])});
    if (right[e] > 0) fill = std::max(fill, fwd.latency_s + fwd.seconds_per_byte * chunk_bytes);
    if (left[e] > 0) fill = std::max(fill, back.latency_s + back.seconds_per_byte * chunk_bytes);
  }
  return busiest + fill;
}

// The chunk grid's plan (no start-ups in the plan: the per-item costs carry L / chunk): the chunk
// is the caller's, else chosen from the flows of a first plan made with the cap (document 004's
// pipelining optimum, ring/pipeline.hpp), and the plan made again with that chunk's costs. `planner`
// maps the instance to a plan with a `schedule` (the ring or the ordered planner).
template <class Planner>
auto plan_on_chunk_grid(LayoutPlan& plan, const RingLinkModels& models, const PlanOptions& options,
                        Planner planner) {
  const std::size_t n = plan.layout.loads.size();
  const std::int64_t item_bytes = std::max<std::int64_t>(1, plan.layout.item_bytes);
  plan.instance.kind = options.kind;
  plan.instance.loads = plan.layout.loads;
  plan.instance.targets = plan.layout.targets;
  const bool given = options.chunk_bytes > 0;
  plan.chunk_items = std::max<std::int64_t>(
      1, (given ? options.chunk_bytes : options.max_chunk_bytes) / item_bytes);
  apply_link_costs(plan.instance, models, item_bytes, plan.chunk_items);
  check_ring_instance(plan.instance, "redistribute");
  auto chosen = planner(plan.instance);
  if (!given) {
    // The chunk depends on the flows, the per-item costs on the chunk: plan once with the cap,
    // choose the chunk from that plan's flows, then plan again with the latency shared by that
    // many items.
    plan.chunk_items = choose_chunk_items(schedule_flows(n, chosen.schedule).flows, models,
                                          item_bytes, options.max_chunk_bytes);
    apply_link_costs(plan.instance, models, item_bytes, plan.chunk_items);
    chosen = planner(plan.instance);
  }
  return chosen;
}

// No link sends more than kMaxMessagesPerLink chunks: the chunk grows for the busiest flow.
void cap_messages_per_link(LayoutPlan& plan, const std::vector<std::int64_t>& flows) {
  plan.chunk_items = std::max(
      plan.chunk_items, (busiest_flow(flows) + kMaxMessagesPerLink - 1) / kMaxMessagesPerLink);
}

// The ring plan on the chunk grid.
void make_ring_plan(LayoutPlan& plan, const RingLinkModels& models, const PlanOptions& options) {
  const std::size_t n = plan.layout.loads.size();
  ChosenPlan chosen = plan_on_chunk_grid(plan, models, options, [&](const RingInstance& instance) {
    return plan_for(instance, options.wrap);
  });
  ensure_one_way(plan.instance, chosen);
  const std::vector<std::int64_t> flows = schedule_flows(n, chosen.schedule).flows;
  cap_messages_per_link(plan, flows);
  plan.ring = make_ring_flows(plan.layout.loads, plan.layout.targets, flows);
  plan.schedule = std::move(chosen.schedule);
  plan.framework = std::move(chosen.framework);
  plan.method = std::move(chosen.method);
  plan.ring_hops = longest_path_hops(plan.ring.flows);
  plan.predicted_seconds = predict_ring_seconds(plan, models);
}

// The ring plan under document 004's L + m b (docs/latency.md): the planner gets every link's
// probed start-up and per-item cost, in the same ticks, and chooses the messages itself; the ring
// transport then sends exactly those (plan_messages.hpp), and the prediction is the plan's makespan.
// False, leaving `plan` as it was, when the plan cannot be followed as it is (an edge used both
// ways, or a link with more than kMaxMessagesPerLink messages): the chunk grid then serves.
bool make_latency_ring_plan(LayoutPlan& plan, const RingLinkModels& models,
                            const PlanOptions& options) {
  const std::size_t n = plan.layout.loads.size();
  RingInstance instance;
  instance.kind = options.kind;
  instance.loads = plan.layout.loads;
  instance.targets = plan.layout.targets;
  apply_link_costs_and_latencies(instance, models,
                                 std::max<std::int64_t>(1, plan.layout.item_bytes));
  check_ring_instance(instance, "redistribute");
  ChosenPlan chosen = plan_for(instance, options.wrap);
  const ScheduleFlows flows = schedule_flows(n, chosen.schedule);
  if (flows.two_way) return false;
  std::int64_t largest = 1;
  for (const Transfer& t : chosen.schedule.transfers) {
    if (message_count(t) > kMaxMessagesPerLink) return false;
    largest = std::max(largest, message_size(t));
  }
  plan.instance = std::move(instance);
  plan.plan_messages = true;
  plan.chunk_items = largest;
  plan.ring = make_ring_flows(plan.layout.loads, plan.layout.targets, flows.flows);
  plan.schedule = std::move(chosen.schedule);
  plan.framework = std::move(chosen.framework);
  plan.method = std::move(chosen.method);
  plan.ring_hops = longest_path_hops(plan.ring.flows);
  plan.predicted_seconds =
      static_cast<double>(plan.schedule.makespan.value_or(0)) * kSecondsPerTick;
  return true;
}

// The order kept on a ring network: an ordered plan (docs/ordered.md) routes items either way
// round, never worse than the linear plan; its schedule names the items the ring transport moves.
void make_ordered_ring_plan(LayoutPlan& plan, const RingLinkModels& models,
                            const PlanOptions& options) {
  const std::size_t n = plan.layout.loads.size();
  ring::OrderedPlan ordered =
      plan_on_chunk_grid(plan, models, options,
                         [](const RingInstance& instance) { return ring::plan_ordered(instance); });
  cap_messages_per_link(plan, schedule_flows(n, ordered.schedule).flows);
  plan.ordered_routes = true;
  plan.ring_hops = 0;
  for (const ring::RoutedRange& r : ordered.routes) {
    const auto from = static_cast<std::int64_t>(r.from), to = static_cast<std::int64_t>(r.to);
    const auto size = static_cast<std::int64_t>(n);
    plan.ring_hops =
        std::max(plan.ring_hops, ((r.rightward ? to - from : from - to) % size + size) % size);
  }
  plan.schedule = std::move(ordered.schedule);
  plan.framework = std::move(ordered.framework);
  plan.method = std::move(ordered.method);
  plan.predicted_seconds = predict_ring_seconds(plan, models);
}

void choose_transport(LayoutPlan& plan, Network network, const RingLinkModels& models,
                      const PlanOptions& options) {
  const std::int64_t item_bytes = std::max<std::int64_t>(1, plan.layout.item_bytes);
  const double direct = predict_direct_seconds(plan.ring, network, models, item_bytes);
  switch (options.transport) {
    case Transport::direct:
      plan.transport = Transport::direct;
      plan.reason = "asked for (options.transport)";
      break;
    case Transport::alltoallv:
      plan.transport = Transport::alltoallv;
      plan.reason = "asked for (options.transport)";
      break;
    case Transport::ring:
      plan.transport = Transport::ring;
      plan.reason = "asked for (options.transport)";
      return;  // predicted: the ring plan's
    case Transport::automatic:
      if (network == Network::flat) {
        plan.transport = Transport::direct;
        plan.reason =
            "flat network (one node or a switched cluster): every item goes straight "
            "to its new owner";
      } else if (plan.framework != "none" && !plan.schedule.transfers.empty() &&
                 plan.predicted_seconds < direct) {
        plan.transport = Transport::ring;
        plan.reason =
            "ring network: the ring plan's relays are predicted faster than direct "
            "messages routed through the same links (the busiest link decides both)";
        return;
      } else {
        plan.transport = Transport::direct;
        plan.reason =
            "ring network: direct messages (routed through the links) are predicted "
            "at least as fast as the ring plan's relays";
      }
      break;
  }
  plan.predicted_seconds = direct;
}

// Calls fn(old owner, new owner, items) for every maximal run of items with the same old and new
// owner, in O(n): the old slices, read twice around the circle, against the new ones in unwrapped
// positions (slice_overlap.hpp describes the positions).
template <class Fn>
void for_each_overlap(const RingFlows& ring, Fn fn) {
  const std::size_t n = ring.size();
  const std::int64_t total = ring.total();
  if (total == 0) return;
  std::int64_t new_lo = ring.new_start(0);
  std::size_t old_rank = 0;
  std::int64_t old_base = 0;  // 0 for the first pass around the circle, N for the second
  while (old_rank < n && ring.start[old_rank + 1] <= new_lo) ++old_rank;
  for (std::size_t k = 0; k < n; ++k) {
    const std::int64_t new_hi = new_lo + ring.target(k);
    std::int64_t at = new_lo;
    while (at < new_hi) {
      if (old_rank == n) {
        old_rank = 0;
        old_base = total;
      }
      const std::int64_t old_hi = old_base + ring.start[old_rank + 1];
      const std::int64_t end = std::min(new_hi, old_hi);
      if (end > at) fn(old_rank, k, end - at);
      at = std::max(at, end);
      if (at == old_hi) ++old_rank;
    }
    new_lo = new_hi;
  }
}

std::uint64_t layout_key(const LayoutPlan& plan) {
  Digest d;
  d.add(plan.layout.loads);
  d.add(plan.layout.targets);
  d.add(plan.layout.origin);
  d.add(plan.ring.flows);
  d.add(static_cast<std::int64_t>(plan.transport));
  d.add(plan.chunk_items);
  d.add(static_cast<std::int64_t>(plan.schedule.transfers.size()));
  d.add(static_cast<std::int64_t>(plan.ordered_routes));
  d.add(static_cast<std::int64_t>(plan.plan_messages));
  return d.value();
}

}  // namespace

LayoutPlan build_layout_plan(const AgreedLayout& layout, Network network,
                             const RingLinkModels& models, const PlanOptions& options) {
  const std::size_t n = layout.loads.size();
  if (models.succ.size() != n || models.pred.size() != n)
    throw AgreementError("redistribute", "network", "need one link model per rank and direction");
  LayoutPlan plan;
  plan.layout = layout;
  // A ring plan is needed when it decides the new layout (a rotation may be chosen), when the
  // network is a ring (to weigh relays against direct messages), or when the ring transport is
  // forced. Otherwise the order-kept layout is known without planning.
  // The order kept: the new layout is the linear one whatever the routes; on a ring network (or
  // with the ring transport asked for) an ordered plan chooses them. A rotation allowed: the ring
  // planner's flow shift decides the new layout.
  const std::vector<std::int64_t> linear = linear_flows(layout);
  const bool relays = options.transport == Transport::ring ||
                      (network == Network::ring && options.transport == Transport::automatic);
  if (options.wrap == WrapPolicy::allow) {
    // Relays on the ring transport: the plan chooses its messages under the links' start-ups
    // unless the caller fixed the chunk (PlanOptions::chunk_bytes).
    const bool startups = relays && options.chunk_bytes == 0;
    if (!startups || !make_latency_ring_plan(plan, models, options))
      make_ring_plan(plan, models, options);
  } else {
    plan.ring = make_ring_flows(layout.loads, layout.targets, linear);
    if (relays && layout.total > 0 && layout.loads != layout.targets)
      make_ordered_ring_plan(plan, models, options);
  }
  choose_transport(plan, network, models, options);
  plan.key = layout_key(plan);
  return plan;
}

LayoutPlan reversed_layout_plan(const LayoutPlan& forward, Network network,
                                const RingLinkModels& models, const PlanOptions& options) {
  LayoutPlan back = forward;
  back.layout.loads = forward.layout.targets;
  back.layout.targets = forward.layout.loads;
  const std::int64_t total = forward.layout.total;
  back.layout.origin = total == 0 ? 0 : (forward.layout.origin + forward.ring.new_start(0)) % total;
  back.ring = reversed_flows(forward.ring);
  back.schedule = Schedule{};  // timed for the forward direction; rotated relays go as they can
  back.plan_messages = false;  // so the way back is cut at the chunk grid (the largest message)
  if (forward.ordered_routes) {
    // Ordered routes are not symmetric in time: plan the way back (every rank alike).
    back.instance = RingInstance{};
    make_ordered_ring_plan(back, models, options);
    back.transport = forward.transport;
  }
  static_cast<void>(network);
  Digest d;
  d.add(static_cast<std::int64_t>(forward.key));
  d.add(std::string("reversed"));
  back.key = d.value();
  return back;
}

RankExchange rank_exchange(const RingFlows& ring, std::size_t rank) {
  RankExchange out;
  const std::vector<Segment> sends = ordered_send_segments(ring, rank);
  const std::vector<Segment> recvs = ordered_recv_segments(ring, rank);
  for (const Segment& s : sends) {
    if (static_cast<std::size_t>(s.peer) == rank) {
      out.kept_old = s.offset;
      out.kept_items = s.items;
    } else {
      out.sends.push_back(s);
    }
  }
  for (const Segment& s : recvs) {
    if (static_cast<std::size_t>(s.peer) == rank)
      out.kept_new = s.offset;
    else
      out.recvs.push_back(s);
  }
  return out;
}

RingFlows reversed_flows(const RingFlows& ring) {
  const std::size_t n = ring.size();
  std::vector<std::int64_t> loads(n), targets(n), flows(n);
  for (std::size_t k = 0; k < n; ++k) {
    loads[k] = ring.target(k);
    targets[k] = ring.start[k + 1] - ring.start[k];
    flows[k] = -ring.flows[k];
  }
  return make_ring_flows(loads, targets, flows);
}

double predict_direct_seconds(const RingFlows& ring, Network network, const RingLinkModels& models,
                              std::int64_t item_bytes) {
  const std::size_t n = ring.size();
  if (n == 0) return 0.0;
  const auto bytes = static_cast<double>(item_bytes);
  if (network == Network::flat) {
    // Each piece of the old layout that changes owner is one message; a rank's sends are
    // serialised, and so are its receives.
    const LinkModel m = models.succ.empty() ? LinkModel{} : models.succ[0];
    std::vector<double> send(n, 0.0), recv(n, 0.0);
    for_each_overlap(ring, [&](std::size_t from, std::size_t to, std::int64_t items) {
      if (from == to) return;
      const double t = m.latency_s + m.seconds_per_byte * bytes * static_cast<double>(items);
      send[from] += t;
      recv[to] += t;
    });
    return std::max(*std::max_element(send.begin(), send.end()),
                    *std::max_element(recv.begin(), recv.end()));
  }
  // Ring network: each message takes the route the network gives it, the fewest hops, then the
  // lowest latency, then the lowest link index (the rule of tools/netlab and of the SimGrid study's
  // platform), and all links
  // carry their loads at once: the busiest directed link decides, plus the longest route's
  // latencies.
  std::vector<double> right(n, 0.0), left(n, 0.0);  // bytes over P_e -> P_e+1 and P_e+1 -> P_e
  double latency = 0.0;
  for_each_overlap(ring, [&](std::size_t from, std::size_t to, std::int64_t items) {
    if (from == to) return;
    const std::size_t hops_right = (to + n - from) % n;
    const std::size_t hops_left = n - hops_right;
    double l_right = 0.0, l_left = 0.0;
    for (std::size_t h = 0; h < hops_right; ++h) l_right += models.succ[(from + h) % n].latency_s;
    for (std::size_t h = 0; h < hops_left; ++h) l_left += models.pred[(from + n - h) % n].latency_s;
    // Equal hops: the lower latency when the probe tells them apart by a quarter, else the way
    // that does not cross the closing edge (the rule's last resort, lowest link index, picks it).
    const bool tie =
        hops_right == hops_left && l_right <= 1.25 * l_left && l_left <= 1.25 * l_right;
    const bool go_right =
        hops_right < hops_left || (hops_right == hops_left && (tie ? to > from : l_right < l_left));
    const double bytes_moved = bytes * static_cast<double>(items);
    for (std::size_t h = 0; h < (go_right ? hops_right : hops_left); ++h) {
      if (go_right)
        right[(from + h) % n] += bytes_moved;
      else
        left[(from + 2 * n - h - 1) % n] += bytes_moved;
    }
    latency = std::max(latency, go_right ? l_right : l_left);
  });
  double worst = 0.0;
  for (std::size_t e = 0; e < n; ++e)
    worst = std::max({worst, models.succ[e].seconds_per_byte * right[e],
                      models.pred[(e + 1) % n].seconds_per_byte * left[e]});
  return worst + latency;
}

}  // namespace redist::exec

namespace redist::exec {

Prediction predict_redistribution(const std::vector<std::int64_t>& loads,
                                  const std::vector<std::int64_t>& targets, Network network,
                                  const RingLinkModels& models, std::int64_t item_bytes,
                                  const PlanOptions& options) {
  if (loads.size() != targets.size() || loads.empty())
    throw InputError("predict_redistribution", "targets", "need one target per load");
  AgreedLayout layout;
  layout.item_bytes = item_bytes;
  layout.loads = loads;
  layout.targets = targets;
  for (std::size_t k = 0; k < loads.size(); ++k) {
    if (loads[k] < 0 || targets[k] < 0)
      throw InputError("predict_redistribution", indexed("loads", k), "negative count");
    layout.total += loads[k] - targets[k];
  }
  if (layout.total != 0)
    throw InputError("predict_redistribution", "targets", "loads and targets differ in total");
  for (const std::int64_t load : loads) layout.total += load;
  const LayoutPlan plan = build_layout_plan(layout, network, models, options);
  return {plan.transport, plan.predicted_seconds};
}

}  // namespace redist::exec
