#include "redist/ring/ordered_plan.hpp"

#include <algorithm>

#include "ordered_relaxation.hpp"
#include "ordered_search.hpp"
#include "ordered_timing.hpp"
#include "redist/core/error.hpp"
#include "redist/sim/ordered_validator.hpp"
#include "ring/path_timing.hpp"

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
    if (blocks_.empty()) {
      out.bounds = ordered_lower_bounds(inst_, layout_, blocks_, 0);
      best_ =
          Candidate{Schedule{}, 0, {}, "nothing moves: every processor already holds its items"};
      best_->schedule.time_scale = inst_.cost_scale;
    } else if (inst_.bidirectional()) {
      plan_bidirectional(out);
    } else {
      out.bounds = ordered_lower_bounds(inst_, layout_, blocks_, 0);
      const bool linear = std::all_of(blocks_.begin(), blocks_.end(), linear_rightward);
      offer_routes(rightward_routes(blocks_), linear ? "linear: nothing crosses the closing edge"
                                                     : "every item rightward (forced)");
      if (linear) out.linear_makespan = best_->makespan;
    }
    if (!best_)  // even the linear (or forced) routes need more transfers than the limit
      throw InputError("", "loads",
                       "the ordered plan of this ring needs more than " +
                           std::to_string(max_pieces_) +
                           " transfers (items that must travel round the ring in many separate "
                           "blocks); not planned");
    finish(out);
    return out;
  }

 private:
  // The linear plan first (its makespan is reported, and every later candidate must beat it), then
  // the reroutes of the prefix search and of the relaxation, by proxy: the proxy is a lower bound
  // on any timing of those routes, so one that cannot beat the best so far is not timed.
  void plan_bidirectional(OrderedPlan& out) {
    if (options_.linear_only) {
      out.bounds = ordered_lower_bounds(inst_, layout_, blocks_, 0);
      offer_routes(linear_routes(blocks_), "linear: nothing crosses the closing edge");
      out.linear_makespan = best_->makespan;
      return;
    }
    detail::RouteProxy proxy(inst_, blocks_);
    std::vector<std::vector<std::int64_t>> reroutes =
        detail::promising_reroutes(proxy, blocks_, options_.effort, kReroutesTimed);
    const auto relaxed = detail::relax_routing(
        inst_, blocks_,
        reroutes.empty() ? std::vector<std::int64_t>(blocks_.size(), 0) : reroutes.front(),
        detail::relaxation_evaluations(inst_.size(), blocks_.size(), options_.effort));
    reroutes.push_back(relaxed.rerouted);
    reroutes.push_back(relaxed.whole);
    out.bounds = ordered_lower_bounds(inst_, layout_, blocks_, relaxed.lower_bound);
    offer_routes(linear_routes(blocks_), "linear: nothing crosses the closing edge",
                 proxy(std::vector<std::int64_t>(blocks_.size(), 0)));
    out.linear_makespan = best_->makespan;
    std::vector<std::pair<Ticks, std::size_t>> ranked;
    for (std::size_t k = 0; k < reroutes.size(); ++k) ranked.push_back({proxy(reroutes[k]), k});
    std::sort(ranked.begin(), ranked.end());
    for (const auto& [floor, k] : ranked) {
      if (floor >= best_->makespan) break;
      offer_routes(routes_with_reroutes(blocks_, reroutes[k]), "", floor);
    }
  }

  // Times the routes in both port orders (the second only while the first misses `floor`, a lower
  // bound on any timing of them).
  void offer_routes(std::vector<RoutedRange> routes, std::string method, Ticks floor = 0) {
    if (method.empty()) {
      std::int64_t items = 0;
      for (const RoutedRange& r : routes) items += (r.to > r.from) != r.rightward ? r.items : 0;
      method = "rerouted: " + std::to_string(items) + " items take the closing edge";
    }
    for (const PortOrder order : {PortOrder::succ_first, PortOrder::pred_first}) {
      if (order == PortOrder::pred_first && !inst_.bidirectional()) break;
      if (best_ && best_->makespan <= floor) break;
      // A candidate that cannot beat the best so far is abandoned as soon as that shows, and one
      // that needs many more transfers than the best is not worth its memory.
      const std::int64_t pieces =
          best_ ? std::min<std::int64_t>(
                      max_pieces_, 4 * static_cast<std::int64_t>(best_->schedule.transfers.size()) +
                                       8 * static_cast<std::int64_t>(inst_.size()))
                : max_pieces_;
      const std::optional<Ticks> above =
          best_ ? std::optional<Ticks>(best_->makespan - 1) : std::nullopt;
      auto timing = detail::time_ordered_routes(inst_, layout_, routes, order, pieces, above);
      if (!timing) continue;
      offer({std::move(timing->schedule), timing->makespan, routes,
             method + (order == PortOrder::succ_first ? "; rightward traffic first"
                                                      : "; leftward traffic first")});
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
