#include "redist/simgrid/ordered_study.hpp"

#include <cmath>
#include <numeric>

#include "ordered_exchange.hpp"
#include "redist/core/error.hpp"
#include "redist/core/random.hpp"
#include "redist/ring/ordered_plan.hpp"
#include "redist/simgrid/isolated_run.hpp"
#include "simgrid_platform.hpp"
#include "text_fields.hpp"

namespace redist::simgrid {

namespace {

// Nanoseconds: the item times of the study's links are tens of microseconds to milliseconds.
constexpr int kCostScale = 9;

// Counts proportional to `weights` summing to `items` (largest remainders).
std::vector<std::int64_t> proportional(const std::vector<double>& weights, std::int64_t items) {
  const double total = std::accumulate(weights.begin(), weights.end(), 0.0);
  std::vector<std::int64_t> counts(weights.size());
  std::vector<std::pair<double, std::size_t>> rest;
  std::int64_t given = 0;
  for (std::size_t k = 0; k < weights.size(); ++k) {
    const double exact = static_cast<double>(items) * weights[k] / total;
    counts[k] = static_cast<std::int64_t>(std::floor(exact));
    given += counts[k];
    rest.push_back({-(exact - std::floor(exact)), k});
  }
  std::sort(rest.begin(), rest.end());
  for (std::size_t r = 0; given < items; ++r, ++given) ++counts[rest[r % rest.size()].second];
  return counts;
}

}  // namespace

std::vector<OrderedPattern> ordered_patterns(std::size_t n, std::int64_t items) {
  static constexpr double kBlocks[] = {1.4, 0.6, 1.2, 0.8, 1.5, 0.5};
  std::vector<double> blocks(n), shifted(n), noise(n), ramp(n), one(n, 1.0), root(n, 0.0);
  Rng rng(11);
  for (std::size_t k = 0; k < n; ++k) {
    blocks[k] = kBlocks[k % 6];
    noise[k] = 0.5 + rng.unit();
    ramp[k] = static_cast<double>(k + 1);
  }
  for (std::size_t k = 0; k < n; ++k) shifted[k] = 0.2 * blocks[k] + 0.8 * blocks[(k + n - 1) % n];
  root[0] = 1.0;
  return {
      {"shift", proportional(blocks, items), proportional(shifted, items)},
      {"random", proportional(noise, items), proportional(one, items)},
      {"ramp", proportional(ramp, items), proportional(one, items)},
      {"gather", proportional(one, items), proportional(root, items)},
  };
}

OrderedSimulation simulate_ordered_schedule(const RingPlatform& platform, double item_bytes,
                                            const RingInstance& instance,
                                            const Schedule& schedule) {
  REDIST_ASSERT(instance.size() == platform.size());
  const OrderedLayout layout = OrderedLayout::of(instance);
  const auto roles = detail::ordered_roles(schedule, layout, platform, item_bytes);
  OrderedSimulation out;
  if (schedule.makespan)
    out.predicted = static_cast<double>(*schedule.makespan) * std::pow(10.0, -schedule.time_scale);
  auto engine = detail::start_engine();
  const auto hosts = detail::build_ring_platform(platform);
  std::vector<double> finished(hosts.size(), 0.0);
  for (std::size_t i = 0; i < hosts.size(); ++i)
    detail::sg4::Actor::create(std::string("rank-").append(std::to_string(i)), hosts[i], [&, i] {
      detail::run_ordered_exchange(static_cast<int>(i), roles[i], hosts, item_bytes, out.messages);
      finished[i] = detail::sg4::Engine::get_clock();
    });
  engine->run();
  for (const double t : finished) out.measured = std::max(out.measured, t);
  return out;
}

std::string serialize(const OrderedSimulation& r) {
  detail::TextWriter w;
  w.put("predicted", r.predicted)
      .put("measured", r.measured)
      .put("messages", static_cast<double>(r.messages));
  return w.text();
}

OrderedSimulation parse_ordered_simulation(const std::string& text) {
  const detail::TextReader in(text);
  return {in.number("predicted"), in.number("measured"),
          static_cast<std::int64_t>(in.number("messages"))};
}

std::vector<OrderedStudyRow> run_ordered_simgrid_study(const OrderedStudyOptions& options) {
  std::vector<RingPlatform> platforms;
  if (!options.platform_file.empty()) {
    platforms.push_back(read_netlab_ring(options.platform_file));
  } else {
    if (!options.quick) platforms.push_back(ring6_hetero());
    platforms.push_back(ring6_slow_link());
  }
  const double item_bytes = options.item_kib * 1024;
  const auto items =
      static_cast<std::int64_t>(std::llround(options.total_mib * 1024 / options.item_kib));
  std::vector<OrderedStudyRow> rows;
  std::vector<IsolatedTask> tasks;
  for (const RingPlatform& platform : platforms) {
    auto patterns = ordered_patterns(platform.size(), items);
    if (options.quick) patterns.resize(2);
    for (const OrderedPattern& pattern : patterns) {
      const RingInstance inst =
          ring_platform_instance(platform, item_bytes, kCostScale, pattern.loads, pattern.targets);
      check_ring_instance(inst, platform.name);
      const ring::OrderedPlan ordered = ring::plan_ordered(inst);
      const ring::OrderedPlan linear = ring::plan_ordered(inst, {.effort = 1, .linear_only = true});
      rows.push_back({platform.name, pattern.name, {}, {}, ordered.rerouted_items, ordered.method});
      for (const ring::OrderedPlan* plan : {&linear, &ordered})
        tasks.push_back([platform, item_bytes, inst, schedule = plan->schedule] {
          return serialize(simulate_ordered_schedule(platform, item_bytes, inst, schedule));
        });
    }
  }
  const auto results = run_isolated_all(tasks, std::max(1, options.jobs));
  for (std::size_t r = 0; r < rows.size(); ++r) {
    rows[r].linear = parse_ordered_simulation(results[2 * r]);
    rows[r].ordered = parse_ordered_simulation(results[2 * r + 1]);
  }
  return rows;
}

}  // namespace redist::simgrid
