#include "redist/ring/generator.hpp"

#include <algorithm>

#include "redist/core/error.hpp"
#include "redist/core/random.hpp"
#include "ring_shapes.hpp"

namespace redist::ring {

namespace {

void draw_light(RingInstance& inst, const RingGenOptions& opt, Rng& rng) {
  const std::int64_t low = std::max<std::int64_t>(1, (opt.max_load + 1) / 2);
  for (auto& l : inst.loads) l = rng.uniform(low, std::max(low, opt.max_load));
  inst.targets = inst.loads;
  std::int64_t budget = *std::min_element(inst.loads.begin(), inst.loads.end()) / 2;
  const auto n = static_cast<std::int64_t>(inst.size());
  while (budget > 0 && n > 1) {
    const std::int64_t amount = rng.uniform(
        1, std::max<std::int64_t>(1, std::min<std::int64_t>(budget, opt.max_load / 4 + 1)));
    const auto from = static_cast<std::size_t>(rng.uniform(0, n - 1));
    const auto to = static_cast<std::size_t>(rng.uniform(0, n - 1));
    budget -= amount;
    if (from == to) continue;
    inst.targets[from] -= amount;
    inst.targets[to] += amount;
  }
}

}  // namespace

std::optional<RingShape> ring_shape_from_name(const std::string& name) {
  for (const RingShape s : {RingShape::uniform, RingShape::gather, RingShape::scatter,
                            RingShape::heavy, RingShape::blocks, RingShape::forward})
    if (name == to_string(s)) return s;
  return std::nullopt;
}

const char* to_string(RingShape shape) {
  switch (shape) {
    case RingShape::uniform:
      return "uniform";
    case RingShape::gather:
      return "gather";
    case RingShape::scatter:
      return "scatter";
    case RingShape::heavy:
      return "heavy";
    case RingShape::blocks:
      return "blocks";
    case RingShape::forward:
      return "forward";
  }
  return "?";
}

void check_generator_options(const RingGenOptions& opt) {
  if (opt.n == 0) throw InputError("", "--n", "must be >= 1");
  if (opt.max_load < 1) throw InputError("", "--max-load", "must be >= 1");
  if (opt.max_cost < 1) throw InputError("", "--max-cost", "must be >= 1");
  if (opt.latency < 0 || opt.latency > 1'000'000'000)
    throw InputError("", "--latency", "must be in [0, 10^9]");
  if (opt.cost_decimals < 0 || opt.cost_decimals > 6)
    throw InputError("", "--cost-decimals", "must be in [0, 6]");
  // The loads are summed below in 64 bits: refuse before that sum can overflow (checked again, on
  // the drawn values, by check_ring_instance).
  if (static_cast<Ticks>(opt.n) * opt.max_load > kMaxTotalItems)
    throw InputError("", "--max-load", "n * max-load exceeds 2^62 items");
}

RingInstance generate_ring_instance(const RingGenOptions& opt) {
  check_generator_options(opt);
  Rng rng(opt.seed);
  RingInstance inst;
  inst.kind = opt.kind;
  inst.loads.resize(opt.n);
  inst.targets.resize(opt.n);
  if (opt.shape != RingShape::uniform) {
    detail::draw_shaped_loads(inst, opt, rng);
  } else if (opt.light) {
    draw_light(inst, opt, rng);
  } else {
    for (auto& l : inst.loads) l = rng.uniform(1, opt.max_load);
    for (auto& t : inst.targets) t = rng.uniform(1, opt.max_load);
    std::int64_t total = 0;
    for (auto l : inst.loads) total += l;
    detail::match_total(inst.targets, total, opt.max_load, rng);
  }
  inst.cost_scale = opt.cost_decimals;
  const std::int64_t unit = static_cast<std::int64_t>(pow10_ticks(opt.cost_decimals));
  const auto draw_costs = [&] {
    std::vector<std::int64_t> costs(opt.n, unit);
    if (opt.heterogeneous)
      for (auto& c : costs) c = rng.uniform(1, opt.max_cost * unit);
    return costs;
  };
  inst.succ_cost = draw_costs();
  if (inst.bidirectional()) inst.pred_cost = draw_costs();
  if (opt.latency > 0) {
    const auto draw_latencies = [&] {
      std::vector<std::int64_t> l(opt.n, opt.latency * unit);
      if (opt.heterogeneous)
        for (auto& x : l) x = rng.uniform(0, opt.latency * unit);
      return l;
    };
    inst.succ_latency = draw_latencies();
    if (inst.bidirectional()) inst.pred_latency = draw_latencies();
    drop_zero_latencies(inst);
  }
  check_ring_instance(inst, "generated instance");
  return inst;
}

}  // namespace redist::ring
