#include "redist/ring/ordered_plan.hpp"

#include <algorithm>

#include "ordered_relaxation.hpp"
#include "ordered_search.hpp"
#include "ordered_timing.hpp"
#include "redist/core/error.hpp"
#include "redist/ring/flow_timing.hpp"
#include "redist/ring/path_timing.hpp"
#include "redist/sim/ordered_validator.hpp"

namespace redist::ring {

namespace {

std::string framework_of(const RingInstance& inst) {
  return std::string("ordered-") + (inst.bidirectional() ? "bidirectional" : "unidirectional") +
         "-" + (inst.homogeneous() ? "homogeneous" : "heterogeneous");
}

// Reroute choices timed besides the linear plan (each in both port orders).
constexpr std::size_t kReroutesTimed = 3;

struct Candidate {
  Schedule schedule;
  Ticks makespan = 0;
  std::vector<RoutedRange> routes;
  std::string method;
};

// The items of a linear flow timing's transfers: over edge e the items [B_{e+1}, A_{e+1}) go right
// from the highest down, [A_{e+1}, B_{e+1}) go left from the lowest up, in the order of the
// transfers (flow_timing_schedule lists each edge's in time order).
void name_linear_items(const RingInstance& inst, const OrderedLayout& layout, Schedule& schedule) {
  const std::size_t n = inst.size();
  std::vector<std::int64_t> right(layout.before.begin() + 1, layout.before.end());
  std::vector<std::int64_t> left = right;
  for (Transfer& t : schedule.transfers) {
    const bool succ = t.link ? *t.link == Link::succ
                             : static_cast<std::size_t>(t.to) == (static_cast<std::size_t>(t.from) + 1) % n;
    if (succ) {
      right[static_cast<std::size_t>(t.from)] -= t.items;
      t.first = right[static_cast<std::size_t>(t.from)];
    } else {
      t.first = left[static_cast<std::size_t>(t.to)];
      left[static_cast<std::size_t>(t.to)] += t.items;
    }
  }
}

class OrderedPlanner {
 public:
  OrderedPlanner(const RingInstance& inst, const OrderedPlanOptions& options)
      : inst_(inst),
        options_(options),
        layout_(OrderedLayout::of(inst)),
        blocks_(moving_blocks(layout_)),
        max_pieces_(max_path_pieces(inst.size())) {}

  OrderedPlan plan() {
    OrderedPlan out;
    out.framework = framework_of(inst_);
    std::vector<std::vector<std::int64_t>> reroutes;
    Ticks routing_bound = 0;
    if (inst_.bidirectional() && !blocks_.empty()) {
      reroutes = detail::promising_reroutes(inst_, blocks_, options_.effort, kReroutesTimed);
      const auto relaxed = detail::relax_routing(
          inst_, blocks_,
          reroutes.empty() ? std::vector<std::int64_t>(blocks_.size(), 0) : reroutes.front(),
          detail::relaxation_iterations(inst_.size(), options_.effort));
      routing_bound = relaxed.lower_bound;
      reroutes.push_back(relaxed.rerouted);
      reroutes.push_back(relaxed.whole);
    }
    out.bounds = ordered_lower_bounds(inst_, layout_, blocks_, routing_bound);
    if (blocks_.empty()) {
      best_ = Candidate{Schedule{}, 0, {}, "nothing moves: every processor already holds its items"};
      best_->schedule.time_scale = inst_.cost_scale;
    } else if (inst_.bidirectional()) {
      out.linear_makespan = offer_linear_flow_timing();
      offer_routes(linear_routes(blocks_), "linear routes, own items first");
      for (const auto& rerouted : reroutes) offer_routes(routes_with_reroutes(blocks_, rerouted), "");
    } else {
      if (std::all_of(blocks_.begin(), blocks_.end(), linear_rightward))
        out.linear_makespan = offer_linear_flow_timing();
      offer_routes(rightward_routes(blocks_), "every item rightward, own items first");
    }
    REDIST_ASSERT(best_.has_value());
    finish(out);
    return out;
  }

 private:
  // The executor's linear plan (WrapPolicy::forbid): the flow timing of shift 0, its items named.
  std::optional<Ticks> offer_linear_flow_timing() {
    const auto timing = time_flows(inst_, 0, PortOrder::succ_first, FollowMode::banded);
    if (!timing) return std::nullopt;
    Candidate c{flow_timing_schedule(inst_, *timing), timing->makespan, linear_routes(blocks_),
                "linear: document 000's flow timing of shift 0 (nothing crosses the closing "
                "edge)"};
    name_linear_items(inst_, layout_, c.schedule);
    offer(std::move(c));
    return timing->makespan;
  }

  void offer_routes(std::vector<RoutedRange> routes, std::string method) {
    if (method.empty()) {
      std::int64_t items = 0;
      for (const RoutedRange& r : routes) items += (r.to > r.from) != r.rightward ? r.items : 0;
      method = "rerouted: " + std::to_string(items) +
               " items take the closing edge, own items first";
    }
    for (const PortOrder order : {PortOrder::succ_first, PortOrder::pred_first}) {
      if (order == PortOrder::pred_first && !inst_.bidirectional()) break;
      auto timing = detail::time_ordered_routes(inst_, layout_, routes, order, max_pieces_);
      if (!timing) continue;
      offer({std::move(timing->schedule), timing->makespan, routes,
             method + (order == PortOrder::succ_first ? " (successor side first)"
                                                      : " (predecessor side first)")});
    }
  }

  void offer(Candidate c) {
    if (!best_ || c.makespan < best_->makespan) best_ = std::move(c);
  }

  void finish(OrderedPlan& out) {
    Candidate& best = *best_;
    Schedule& s = best.schedule;
    s.makespan = best.makespan;
    s.lower_bound = out.bounds.best;
    s.status = best.makespan <= out.bounds.best ? PlanStatus::optimal : PlanStatus::feasible;
    s.flow_shift = flow_shift_of(best.routes);
    const auto verdict = sim::validate_ordered_schedule(inst_, s);
    if (!verdict.valid)
      throw InternalError("the ordered plan fails validation: " + verdict.violation->rule + ": " +
                          verdict.violation->message);
    if (verdict.makespan != best.makespan)
      throw InternalError("the ordered plan's makespan is not the one validated");
    if (best.makespan < out.bounds.best)
      throw InternalError("the ordered plan beats its own lower bound");
    for (const RoutedRange& r : best.routes)
      out.rerouted_items += (r.to > r.from) != r.rightward ? r.items : 0;
    out.schedule = std::move(s);
    out.routes = std::move(best.routes);
    out.method = std::move(best.method);
  }

  const RingInstance& inst_;
  OrderedPlanOptions options_;
  OrderedLayout layout_;
  std::vector<ItemBlock> blocks_;
  std::int64_t max_pieces_;
  std::optional<Candidate> best_;
};

}  // namespace

OrderedPlan plan_ordered(const RingInstance& instance, const OrderedPlanOptions& options) {
  return OrderedPlanner(instance, options).plan();
}

}  // namespace redist::ring
