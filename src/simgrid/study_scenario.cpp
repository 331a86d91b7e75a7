#include "redist/simgrid/study_scenario.hpp"

#include <cmath>

#include "redist/core/error.hpp"
#include "redist/core/random.hpp"
#include "redist/ring/plan.hpp"
#include "redist/simgrid/balanced_distribution.hpp"

namespace redist::simgrid {

namespace {

// Independent reproducible streams per (seed, ring size, purpose) (core/random.hpp).
std::uint64_t stream_seed(std::uint64_t seed, int ring_size, std::uint64_t purpose) {
  return redist::stream_seed(seed, static_cast<std::uint64_t>(ring_size) << 8 | purpose);
}

void check_options(const ScenarioOptions& o) {
  if (o.ring_size < 2) throw InputError("scenario", "ring_size", "must be at least 2");
  if (!(o.ratio > 0) || !std::isfinite(o.ratio))
    throw InputError("scenario", "ratio", "must be a finite number > 0");
  if (o.iterations < 5 || o.iterations > 100'000)
    throw InputError("scenario", "iterations", "must be in [5, 100000]");
  if (o.rows < 1 || o.rows > 1'000'000'000)
    throw InputError("scenario", "rows", "must be in [1, 10^9]");
  if (o.columns < o.ring_size || o.columns > 1'000'000'000)
    throw InputError("scenario", "columns", "must be in [ring_size, 10^9]");
}

std::vector<double> speeds_of(const std::vector<SpeedTrace>& traces, double SpeedTrace::*field) {
  std::vector<double> out;
  for (const SpeedTrace& t : traces) out.push_back(t.*field * 1e6);
  return out;
}

}  // namespace

const char* to_string(SpeedChanges changes) {
  return changes == SpeedChanges::at_iterations ? "iterations" : "trace";
}

double study_seconds(Ticks ticks) {
  return static_cast<double>(ticks) * std::pow(10.0, -kStudyCostScale);
}

RingInstance StudyScenario::instance(std::vector<std::int64_t> loads,
                                     std::vector<std::int64_t> targets) const {
  return ring_instance_on_routes(routes, item_bytes, kStudyCostScale, std::move(loads),
                                 std::move(targets));
}

double StudyScenario::nominal_time(int iteration) const {
  return (iteration - 1) * balanced_iteration_time;
}

StudyScenario make_scenario(const ScenarioOptions& o) {
  check_options(o);
  StudyScenario s;
  s.options = o;
  s.platform = generate_tiers_platform(o.platform);
  s.ring_hosts = draw_ring_hosts(s.platform, o.ring_size, stream_seed(o.seed, o.ring_size, 1));
  s.routes = ring_routes(s.platform, s.ring_hosts);
  s.speeds =
      draw_speed_traces(s.ring_hosts.size(), o.iterations, stream_seed(o.seed, o.ring_size, 2));
  s.item_bytes = static_cast<double>(o.rows) * 8.0;
  const auto initial = speeds_of(s.speeds, &SpeedTrace::initial_mflops);
  s.initial_columns = proportional_counts(o.columns, initial);
  s.reference_targets =
      proportional_counts(o.columns, speeds_of(s.speeds, &SpeedTrace::second_mflops));
  const ring::RingPlan reference =
      ring::plan_ring(s.instance(s.initial_columns, s.reference_targets));
  // A reference that moves nothing (all speeds back to where they started) falls back to one item
  // over the slowest ring link, so the ratio stays defined.
  Ticks ticks = *reference.schedule.makespan;
  if (ticks == 0)
    for (std::int64_t c : s.instance(s.initial_columns, s.initial_columns).succ_cost)
      ticks = std::max<Ticks>(ticks, c);
  s.reference_redistribution = study_seconds(ticks);
  s.balanced_iteration_time = s.reference_redistribution / o.ratio;
  // Work per column such that the initial iteration takes exactly T0.
  s.flops_per_column = s.balanced_iteration_time / iteration_time(s.initial_columns, initial, 1.0);
  return s;
}

}  // namespace redist::simgrid
