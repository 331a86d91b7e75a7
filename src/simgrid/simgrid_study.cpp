#include "redist/simgrid/simgrid_study.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <map>
#include <thread>
#include <tuple>

#include "redist/core/error.hpp"
#include "redist/io/memory_budget.hpp"
#include "redist/simgrid/isolated_run.hpp"
#include "redist/simgrid/simulated_redistribution.hpp"

namespace redist::simgrid {

namespace {

SimgridStudyOptions with_defaults(SimgridStudyOptions o) {
  if (o.ratios.empty()) o.ratios = kDefaultRatios;
  if (o.seeds <= 0) o.seeds = o.quick ? 4 : 30;
  if (o.jobs <= 0) o.jobs = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  if (o.ring_sizes.empty()) throw InputError("", "ring sizes", "at least one is needed");
  for (int p : o.ring_sizes)
    if (p < 3 || p > 69)
      throw InputError("", "ring size", "must be in [3, 69] (the platform's hosts)");
  for (double r : o.ratios)
    if (!(r > 0) || r > 1e6) throw InputError("", "ratio", "must be in (0, 10^6]");
  return o;
}

// SimGrid gives each actor a stack of its default contexts/stack-size, 8 MiB, reserved whole: a
// simulation of a ring of p maps about 2p of them. Measured under ulimit -v, beyond the address
// space already mapped: a ring of 8 ran in 131 MiB, one of 32 needed 480 to 530, one of 64 930 to
// 1,130; 16 MiB per processor fits all three. Touched or not, they count
// against an address-space limit, and SimGrid aborts the simulation when one cannot be had
// ("Failed to allocate stack", a backtrace, the child killed): refused here, before any child.
void require_address_space(const SimgridStudyOptions& o) {
  const auto room = io::address_space_room();
  if (!room) return;
  const int largest = *std::max_element(o.ring_sizes.begin(), o.ring_sizes.end());
  const std::uint64_t needed = static_cast<std::uint64_t>(largest) * (std::uint64_t{16} << 20);
  if (needed <= *room) return;
  throw InputError("", "--ring-sizes",
                   "each simulation of a ring of " + std::to_string(largest) + " maps about " +
                       io::format_bytes(needed) + " of address space (SimGrid's 8 MiB actor " +
                       "stacks) but ulimit -v leaves " + io::format_bytes(*room) +
                       "; refused before starting");
}

ScenarioOptions scenario_options(int ring_size, std::uint64_t seed, double ratio,
                                 SpeedChanges changes) {
  ScenarioOptions s;
  s.ring_size = ring_size;
  s.seed = seed;
  s.ratio = ratio;
  s.speed_changes = changes;
  return s;
}

// What a child computes for one reference redistribution on one of the three networks.
// latency_startups: the latency network, planned with the routes' latencies as start-ups.
enum class CheckNetwork { dedicated, latency, latency_startups, tiers };

SimulatedRedistribution simulate_check(int ring_size, std::uint64_t seed, CheckNetwork network) {
  const StudyScenario s =
      make_scenario(scenario_options(ring_size, seed, 1.0, SpeedChanges::at_iterations));
  const auto& targets = s.reference_targets;
  if (network == CheckNetwork::tiers)
    return simulate_redistribution(s.platform, s.ring_hosts, s.item_bytes, s.initial_columns,
                                   targets);
  std::vector<int> ring(s.ring_hosts.size());
  for (std::size_t i = 0; i < ring.size(); ++i) ring[i] = static_cast<int>(i);
  const bool latency = network != CheckNetwork::dedicated;
  const TiersPlatform dedicated = dedicated_ring_platform(s.routes, latency);
  return simulate_redistribution(dedicated, ring, s.item_bytes, s.initial_columns, targets,
                                 network == CheckNetwork::latency_startups);
}

class Progress {
 public:
  Progress(std::ostream* out, std::size_t total)
      : out_(out), total_(total), start_(std::chrono::steady_clock::now()) {}
  void done() {
    ++done_;
    if (!out_ || total_ == 0) return;
    const std::size_t percent = done_ * 100 / total_;
    if (percent < next_percent_ && done_ != total_) return;
    next_percent_ = percent + 5;
    char line[160];
    std::snprintf(line, sizeof line, "simgrid: %zu/%zu simulations (%zu%%), %.1f s\n", done_,
                  total_, percent, seconds());
    *out_ << line << std::flush;
  }
  [[nodiscard]] double seconds() const {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  }

 private:
  std::ostream* out_;
  std::size_t total_;
  std::size_t done_ = 0;
  std::size_t next_percent_ = 0;
  std::chrono::steady_clock::time_point start_;
};

void normalize(std::vector<StudyRun>& runs) {
  std::map<std::tuple<int, std::uint64_t, double>, double> baseline;
  for (const StudyRun& r : runs)
    if (r.scheme == Scheme::none) baseline[{r.ring_size, r.seed, r.ratio}] = r.result.total_time;
  for (StudyRun& r : runs)
    r.normalized = r.result.total_time / baseline.at({r.ring_size, r.seed, r.ratio});
}

std::vector<SchemeSummary> summarize(const SimgridStudyOptions& o,
                                     const std::vector<StudyRun>& runs) {
  std::vector<SchemeSummary> out;
  for (int p : o.ring_sizes)
    for (double ratio : o.ratios)
      for (Scheme scheme : all_schemes()) {
        SchemeSummary s{p, ratio, scheme, 0, 1e300, 0, 0, 0, 0};
        for (const StudyRun& r : runs) {
          if (r.ring_size != p || r.ratio != ratio || r.scheme != scheme) continue;
          ++s.runs;
          s.mean_normalized += r.normalized;
          s.min_normalized = std::min(s.min_normalized, r.normalized);
          s.max_normalized = std::max(s.max_normalized, r.normalized);
          s.mean_redistributions += r.result.redistributions;
        }
        if (s.runs == 0) continue;
        s.mean_normalized /= s.runs;
        s.mean_redistributions /= s.runs;
        double squares = 0;
        for (const StudyRun& r : runs)
          if (r.ring_size == p && r.ratio == ratio && r.scheme == scheme)
            squares += (r.normalized - s.mean_normalized) * (r.normalized - s.mean_normalized);
        s.stddev_normalized = s.runs > 1 ? std::sqrt(squares / (s.runs - 1)) : 0.0;
        out.push_back(s);
      }
  return out;
}

double quantile(std::vector<double> v, double q) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  return v[static_cast<std::size_t>(q * static_cast<double>(v.size() - 1) + 0.5)];
}

PredictionSummary summarize_prediction(int p, const std::vector<StudyRun>& runs,
                                       const std::vector<PredictionCheck>& checks) {
  PredictionSummary s;
  s.ring_size = p;
  std::vector<double> ratios, bound_ratios;
  for (const StudyRun& r : runs)
    if (r.ring_size == p)
      for (const RedistributionRecord& rec : r.result.records) {
        if (rec.predicted <= 0) continue;
        ratios.push_back(rec.measured / rec.predicted);
        bound_ratios.push_back(rec.measured / std::max(rec.predicted, rec.route_bound));
        s.light += rec.light ? 1 : 0;
      }
  s.bound_median_ratio = quantile(bound_ratios, 0.5);
  s.bound_p90_ratio = quantile(bound_ratios, 0.9);
  s.redistributions = static_cast<std::int64_t>(ratios.size());
  for (double x : ratios)
    s.mean_ratio += x / static_cast<double>(std::max<std::size_t>(ratios.size(), 1));
  s.median_ratio = quantile(ratios, 0.5);
  s.p90_ratio = quantile(ratios, 0.9);
  s.max_ratio = ratios.empty() ? 0 : *std::max_element(ratios.begin(), ratios.end());
  int n = 0, with_startups = 0;  // each mean over the checks it is defined on
  for (const PredictionCheck& c : checks) {
    if (c.ring_size != p || c.predicted <= 0) continue;
    ++n;
    s.check_dedicated += c.dedicated / c.predicted;
    s.check_latency += c.latency / c.predicted;
    s.check_tiers += c.tiers / c.predicted;
    if (c.startups_predicted > 0 && c.startups_latency > 0) {
      ++with_startups;
      s.check_startups += c.startups_latency / c.startups_predicted;
      s.startups_speedup += c.latency / c.startups_latency;
    }
  }
  if (n > 0)
    for (double* mean : {&s.check_dedicated, &s.check_latency, &s.check_tiers}) *mean /= n;
  if (with_startups > 0)
    for (double* mean : {&s.check_startups, &s.startups_speedup}) *mean /= with_startups;
  return s;
}

}  // namespace

SimgridStudyResult run_simgrid_study(SimgridStudyOptions options) {
  SimgridStudyResult result;
  result.options = with_defaults(std::move(options));
  const SimgridStudyOptions& o = result.options;
  require_address_space(o);
  std::vector<IsolatedTask> tasks;
  for (int p : o.ring_sizes)
    for (int k = 0; k < o.seeds; ++k) {
      const std::uint64_t seed = o.first_seed + static_cast<std::uint64_t>(k);
      for (double ratio : o.ratios)
        for (Scheme scheme : all_schemes()) {
          result.runs.push_back({p, ratio, seed, scheme, 0, {}});
          tasks.push_back(
              [p, seed, ratio, scheme, adaptive = o.adaptive, changes = o.speed_changes] {
                return serialize(simulate_application(
                    make_scenario(scenario_options(p, seed, ratio, changes)), scheme, adaptive));
              });
        }
      result.checks.push_back({p, seed, 0, false, 0, 0, 0, 0, 0, 0});
      for (CheckNetwork net : {CheckNetwork::dedicated, CheckNetwork::latency,
                               CheckNetwork::latency_startups, CheckNetwork::tiers})
        tasks.push_back([p, seed, net] { return serialize(simulate_check(p, seed, net)); });
    }
  Progress progress(o.progress, tasks.size());
  const std::vector<std::string> texts =
      run_isolated_all(tasks, o.jobs, [&](std::size_t) { progress.done(); });
  std::size_t t = 0;
  std::size_t run = 0;
  for (PredictionCheck& check : result.checks) {
    for (std::size_t k = 0; k < o.ratios.size() * all_schemes().size(); ++k)
      result.runs[run++].result = parse_application_run(texts[t++]);
    const auto dedicated = parse_simulated_redistribution(texts[t++]);
    const auto latency = parse_simulated_redistribution(texts[t++]);
    const auto startups = parse_simulated_redistribution(texts[t++]);
    const auto tiers = parse_simulated_redistribution(texts[t++]);
    check.items = tiers.items;
    check.light = tiers.light;
    check.predicted = tiers.predicted;
    check.dedicated = dedicated.measured;
    check.latency = latency.measured;
    check.tiers = tiers.measured;
    check.startups_predicted = startups.predicted;
    check.startups_latency = startups.measured;
  }
  normalize(result.runs);
  result.summaries = summarize(o, result.runs);
  for (int p : o.ring_sizes)
    result.prediction.push_back(summarize_prediction(p, result.runs, result.checks));
  result.simulations = static_cast<std::int64_t>(tasks.size());
  result.wall_seconds = progress.seconds();
  return result;
}

const SchemeSummary* find_summary(const SimgridStudyResult& result, int ring_size, double ratio,
                                  Scheme scheme) {
  for (const SchemeSummary& s : result.summaries)
    if (s.ring_size == ring_size && s.ratio == ratio && s.scheme == scheme) return &s;
  return nullptr;
}

double SchemeSummary::ci95() const {
  return runs > 1 ? 1.96 * stddev_normalized / std::sqrt(runs) : 0.0;
}

Scheme best_fixed_scheme(const SimgridStudyResult& result, int ring_size, double ratio) {
  Scheme best = Scheme::none;
  double best_time = 1e300;
  for (Scheme s : all_schemes())
    if (s != Scheme::adaptive)
      if (const SchemeSummary* f = find_summary(result, ring_size, ratio, s);
          f && f->mean_normalized < best_time)
        best = s, best_time = f->mean_normalized;
  return best;
}

double adaptive_gap(const SimgridStudyResult& result, int ring_size, double ratio) {
  const SchemeSummary* best =
      find_summary(result, ring_size, ratio, best_fixed_scheme(result, ring_size, ratio));
  const SchemeSummary* a = find_summary(result, ring_size, ratio, Scheme::adaptive);
  return a && best ? a->mean_normalized / best->mean_normalized - 1.0 : 0.0;
}

double adaptive_gap_ci95(const SimgridStudyResult& result, int ring_size, double ratio) {
  const Scheme best = best_fixed_scheme(result, ring_size, ratio);
  const SchemeSummary* b = find_summary(result, ring_size, ratio, best);
  std::map<std::uint64_t, double> fixed, adaptive;
  for (const StudyRun& r : result.runs) {
    if (r.ring_size != ring_size || r.ratio != ratio) continue;
    if (r.scheme == best) fixed[r.seed] = r.normalized;
    if (r.scheme == Scheme::adaptive) adaptive[r.seed] = r.normalized;
  }
  std::vector<double> differences;
  for (const auto& [seed, a] : adaptive)
    if (const auto f = fixed.find(seed); f != fixed.end()) differences.push_back(a - f->second);
  const auto n = static_cast<double>(differences.size());
  if (differences.size() < 2 || !b || b->mean_normalized <= 0) return 0.0;
  double mean = 0, squares = 0;
  for (double d : differences) mean += d / n;
  for (double d : differences) squares += (d - mean) * (d - mean);
  return 1.96 * std::sqrt(squares / (n - 1)) / std::sqrt(n) / b->mean_normalized;
}

}  // namespace redist::simgrid
