#include "redist/exec/ordered_plan.hpp"

#include <algorithm>

#include "redist/ring/flow_timing.hpp"
#include "redist/ring/plan.hpp"

namespace redist::exec {

namespace {

struct ChosenPlan {
  Schedule schedule;
  std::string framework;
  std::string method;
};

ChosenPlan linear_plan(const RingInstance& instance) {
  // Shift x = 0: F_i = S_i, nothing crosses P_{n-1} -> P_0 (docs/design.md "Flow shift"), timed
  // ASAP.
  const auto timing =
      ring::time_flows(instance, 0, ring::PortOrder::succ_first, ring::FollowMode::banded);
  if (!timing)
    throw AgreementError("redistribute", "wrap",
                         "a unidirectional ring cannot move items towards predecessors without the "
                         "wrap-around edge");
  ChosenPlan chosen{ring::flow_timing_schedule(instance, *timing), "linear",
                    "no wrap-around (flow shift 0), ASAP flow timing"};
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

// The ordered executor needs one direction per edge (it always held for our planners); should a
// plan ever send both ways over an edge, the same flow shift is re-timed by the ASAP flow timing.
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

std::uint64_t plan_digest(const ExecPlan& plan, const AgreedLayout& layout,
                          const OrderedOptions& options) {
  Digest d;
  d.add(static_cast<std::int64_t>(options.kind));
  d.add(static_cast<std::int64_t>(options.wrap));
  d.add(static_cast<std::int64_t>(options.transport));
  d.add(options.max_message_bytes);
  d.add(options.max_items_per_round);
  d.add(options.mpi_int_limit);
  d.add(layout.item_bytes);
  d.add(layout.origin);
  d.add(plan.chunk_items);
  d.add(plan.instance.loads);
  d.add(plan.instance.targets);
  d.add(plan.instance.succ_cost);
  d.add(plan.instance.pred_cost);
  d.add(plan.ring.flows);
  for (const Transfer& t : plan.schedule.transfers) {
    d.add(static_cast<std::int64_t>(t.from));
    d.add(static_cast<std::int64_t>(t.to));
    d.add(t.items);
    d.add(static_cast<std::int64_t>(t.start));
    d.add(static_cast<std::int64_t>(t.start >> 64));
    d.add(t.link ? static_cast<std::int64_t>(*t.link) : -1);
    d.add(static_cast<std::int64_t>(t.spacing));
    d.add(static_cast<std::int64_t>(t.spacing >> 64));
  }
  return d.value();
}

}  // namespace

ExecPlan build_exec_plan(const AgreedLayout& layout, const RingLinkModels& models,
                         const OrderedOptions& options) {
  const std::size_t n = layout.loads.size();
  if (models.succ.size() != n || models.pred.size() != n)
    throw AgreementError("redistribute", "link_models", "need one model per rank and direction");
  const std::int64_t item_bytes = layout.item_bytes;
  ExecPlan plan;
  plan.instance.kind = options.kind;
  plan.instance.loads = layout.loads;
  plan.instance.targets = layout.targets;
  const bool given = options.chunk_bytes > 0;
  plan.chunk_items = std::max<std::int64_t>(
      1, (given ? options.chunk_bytes : options.max_chunk_bytes) / item_bytes);
  apply_link_costs(plan.instance, models, item_bytes, plan.chunk_items);
  check_ring_instance(plan.instance, "redistribute");
  ChosenPlan chosen = plan_for(plan.instance, options.wrap);
  if (!given) {
    // The chunk depends on the flows, the per-item costs on the chunk: plan once with the cap,
    // choose the chunk from that plan's flows, then plan again with the latency shared by that many
    // items.
    const ScheduleFlows first = schedule_flows(n, chosen.schedule);
    plan.chunk_items = choose_chunk_items(first.flows, models, item_bytes, options.max_chunk_bytes);
    apply_link_costs(plan.instance, models, item_bytes, plan.chunk_items);
    chosen = plan_for(plan.instance, options.wrap);
  }
  ensure_one_way(plan.instance, chosen);
  const std::vector<std::int64_t> flows = schedule_flows(n, chosen.schedule).flows;
  plan.chunk_items = std::max(
      plan.chunk_items, (busiest_flow(flows) + kMaxMessagesPerLink - 1) / kMaxMessagesPerLink);
  plan.ring = make_ring_flows(layout.loads, layout.targets, flows);
  plan.schedule = std::move(chosen.schedule);
  plan.framework = std::move(chosen.framework);
  plan.method = std::move(chosen.method);
  plan.predicted_seconds = ticks_to_double(plan.schedule.makespan.value_or(0), 0) * kSecondsPerTick;
  plan.digest = plan_digest(plan, layout, options);
  return plan;
}

}  // namespace redist::exec
