#include "redist/report/latency_experiment.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <sstream>

#include "redist/core/random.hpp"
#include "redist/report/chart.hpp"
#include "redist/report/report_files.hpp"
#include "redist/ring/generator.hpp"

namespace redist::report {

namespace {

constexpr ring::RingShape kShapes[] = {ring::RingShape::uniform, ring::RingShape::gather,
                                       ring::RingShape::scatter, ring::RingShape::heavy,
                                       ring::RingShape::blocks,  ring::RingShape::forward};
constexpr double kRatios[] = {0, 0.1, 0.5, 1, 5, 20, 100};
constexpr double kQuickRatios[] = {0, 0.5, 50};
constexpr const char* kFrameworks[] = {"uni-hom", "uni-het", "bi-hom", "bi-het"};

struct SizePlan {
  std::size_t n;
  int rings;  // per framework, shape and ratio
};
// The default run: tens of seconds on 2 cores. Rings of 6 processors (their exact optima) and of 64
// and 1024 (the planner's search with start-ups) made it last minutes (BENCHMARKS.md "Start-up
// costs"), so it keeps n = 4.
constexpr SizePlan kFullSizes[] = {{4, 2}};
constexpr SizePlan kQuickSizes[] = {{4, 1}};

// The unit of a cost: costs are 20, 40 or 60 ticks, so that start-ups down to a tenth of an item's
// time stay whole ticks and the exact model's slots (the gcd of costs and start-ups) stay few.
constexpr std::int64_t kCostUnit = 20;

std::uint64_t mix(std::uint64_t a, std::uint64_t b) {
  std::uint64_t z = a * 0x9E3779B97F4A7C15ULL + b + 0x632BE59BD9B4E019ULL;
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  return z ^ (z >> 31);
}

// A start-up of about `want` ticks, in whole cost units (at least one): the exact model's slot,
// the gcd of costs and start-ups, then stays a cost unit; a finer start-up multiplies its time
// slots and binaries (a 2-tick slot made one 6-processor MILP run for minutes).
std::int64_t rounded_latency(double want) {
  if (want <= 0) return 0;
  return std::max<std::int64_t>(1, std::llround(want / kCostUnit)) * kCostUnit;
}

// The ring of one row: the generator's loads (max load 3 below 16 processors, so that the MILP
// stays small; 20 above), costs of 1..3 units, start-ups around ratio x m x c (every link the same
// on homogeneous rings, uniform in [0, 2 L] on heterogeneous ones).
RingInstance ring_of(const std::string& framework, ring::RingShape shape, std::size_t n,
                     double ratio, std::uint64_t seed) {
  ring::RingGenOptions opt;
  opt.n = n;
  opt.kind = framework.rfind("bi", 0) == 0 ? RingKind::bidirectional : RingKind::unidirectional;
  opt.heterogeneous = framework.find("het") != std::string::npos;
  opt.shape = shape;
  opt.max_load = n < 16 ? 3 : 20;
  opt.max_cost = 3;
  opt.seed = seed;
  RingInstance inst = ring::generate_ring_instance(opt);
  for (auto* costs : {&inst.succ_cost, &inst.pred_cost})
    for (auto& c : *costs) c *= kCostUnit;
  if (ratio <= 0) return inst;
  double mean_cost = 0;
  for (const auto c : inst.succ_cost) mean_cost += static_cast<double>(c);
  mean_cost /= static_cast<double>(n);
  const double mean_load =
      static_cast<double>(inst.total_items()) / static_cast<double>(std::max<std::size_t>(n, 1));
  const double latency = ratio * mean_load * mean_cost;
  Rng rng(mix(seed, 0x1a7e));
  const auto draw = [&] {
    std::vector<std::int64_t> l(n);
    for (auto& x : l)
      x = rounded_latency(opt.heterogeneous
                              ? static_cast<double>(rng.uniform(0, 1000)) / 1000.0 * 2 * latency
                              : latency);
    return l;
  };
  inst.succ_latency = draw();
  if (inst.bidirectional()) inst.pred_latency = draw();
  drop_zero_latencies(inst);
  return inst;
}

LatencyRow measure(const std::string& framework, ring::RingShape shape, std::size_t n, double ratio,
                   int k, const LatencyExperimentOptions& options) {
  LatencyRow row;
  row.framework = framework;
  row.shape = to_string(shape);
  row.n = n;
  row.ratio = ratio;
  row.seed =
      mix(mix(options.seed, static_cast<std::uint64_t>(shape)),
          mix(n * 31 + static_cast<std::uint64_t>(k),
              static_cast<std::uint64_t>(framework[0] * 7 + framework[framework.size() - 2])));
  const RingInstance inst = ring_of(framework, shape, n, ratio, row.seed);
  row.scale = inst.cost_scale;
  const auto begin = std::chrono::steady_clock::now();
  const ring::RingPlan plan = ring::plan_ring(inst);  // validated by plan_ring
  row.millis =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - begin).count();
  row.makespan = *plan.schedule.makespan;
  row.bound = plan.bounds.best;
  row.gap_bound =
      row.bound > 0 ? static_cast<double>(row.makespan - row.bound) / static_cast<double>(row.bound)
                    : 0.0;
  // The MILP is time-indexed: rings whose plan spans more slots (cost units) than the limit are
  // left to the bound (a 6-processor ring at 100 slots already runs for minutes with CBC).
  const bool fits = row.makespan / kCostUnit <= options.max_optimum_slots;
  if (n <= 8 && fits && options.small_ring_optimum)
    row.optimum = options.small_ring_optimum(inst, plan, options.optimum_node_limit);
  if (row.makespan == row.bound) row.optimum = row.makespan;
  if (row.optimum && *row.optimum > 0)
    row.gap_optimum =
        static_cast<double>(row.makespan - *row.optimum) / static_cast<double>(*row.optimum);
  return row;
}

LatencySummaryRow summarise(const std::string& framework, double ratio,
                            const std::vector<const LatencyRow*>& rows) {
  LatencySummaryRow s;
  s.framework = framework;
  s.ratio = ratio;
  for (const LatencyRow* r : rows) {
    ++s.rings;
    s.mean_gap_bound += r->gap_bound;
    s.max_gap_bound = std::max(s.max_gap_bound, r->gap_bound);
    if (r->gap_optimum) {
      ++s.with_optimum;
      s.mean_gap_optimum += *r->gap_optimum;
      s.max_gap_optimum = std::max(s.max_gap_optimum, *r->gap_optimum);
      s.at_optimum += *r->gap_optimum == 0;
    }
  }
  if (s.rings > 0) s.mean_gap_bound /= s.rings;
  if (s.with_optimum > 0) s.mean_gap_optimum /= s.with_optimum;
  return s;
}

std::string percent(double gap) {
  char text[32];
  std::snprintf(text, sizeof text, "%.2f%%", 100.0 * gap);
  return text;
}

}  // namespace

LatencyReport run_latency_experiment(const LatencyExperimentOptions& options) {
  LatencyReport report;
  const std::vector<double> ratios =
      options.quick ? std::vector<double>(std::begin(kQuickRatios), std::end(kQuickRatios))
                    : std::vector<double>(std::begin(kRatios), std::end(kRatios));
  const std::vector<SizePlan> sizes =
      options.quick ? std::vector<SizePlan>(std::begin(kQuickSizes), std::end(kQuickSizes))
                    : std::vector<SizePlan>(std::begin(kFullSizes), std::end(kFullSizes));
  for (const char* framework : kFrameworks)
    for (const double ratio : ratios) {
      const std::size_t first = report.rows.size();
      for (const ring::RingShape shape : kShapes)
        for (const SizePlan& size : sizes) {
          if (size.n > options.max_n) continue;
          for (int k = 0; k < size.rings; ++k)
            report.rows.push_back(measure(framework, shape, size.n, ratio, k, options));
        }
      std::vector<const LatencyRow*> rows;
      for (std::size_t i = first; i < report.rows.size(); ++i) rows.push_back(&report.rows[i]);
      report.summary.push_back(summarise(framework, ratio, rows));
    }
  return report;
}

std::string format_latency_summary(const LatencyReport& report) {
  std::ostringstream out;
  char line[256];
  std::snprintf(line, sizeof line, "%-8s %7s %6s %10s %10s %8s %10s %10s %9s\n", "ring", "ratio",
                "rings", "mean/bnd", "max/bnd", "optima", "mean/opt", "max/opt", "at opt");
  out << line;
  for (const LatencySummaryRow& s : report.summary) {
    std::snprintf(line, sizeof line, "%-8s %7g %6d %10s %10s %8d %10s %10s %9d\n",
                  s.framework.c_str(), s.ratio, s.rings, percent(s.mean_gap_bound).c_str(),
                  percent(s.max_gap_bound).c_str(), s.with_optimum,
                  percent(s.mean_gap_optimum).c_str(), percent(s.max_gap_optimum).c_str(),
                  s.at_optimum);
    out << line;
  }
  return out.str();
}

namespace {

std::string instances_csv(const LatencyReport& report) {
  std::ostringstream out;
  out << "framework,shape,n,ratio,seed,bound,makespan,optimum,gap_bound,gap_optimum,millis\n";
  for (const LatencyRow& r : report.rows)
    out << r.framework << ',' << r.shape << ',' << r.n << ',' << r.ratio << ',' << r.seed << ','
        << format_ticks(r.bound, r.scale) << ',' << format_ticks(r.makespan, r.scale) << ','
        << (r.optimum ? format_ticks(*r.optimum, r.scale) : "") << ',' << r.gap_bound << ','
        << (r.gap_optimum ? std::to_string(*r.gap_optimum) : "") << ',' << r.millis << '\n';
  return out.str();
}

std::string summary_csv(const LatencyReport& report) {
  std::ostringstream out;
  out << "framework,ratio,rings,mean_gap_bound,max_gap_bound,with_optimum,mean_gap_optimum,"
         "max_gap_optimum,at_optimum\n";
  for (const LatencySummaryRow& s : report.summary)
    out << s.framework << ',' << s.ratio << ',' << s.rings << ',' << s.mean_gap_bound << ','
        << s.max_gap_bound << ',' << s.with_optimum << ',' << s.mean_gap_optimum << ','
        << s.max_gap_optimum << ',' << s.at_optimum << '\n';
  return out.str();
}

// Mean gap (%) by ratio, one series per framework; ratio 0 (no start-up) is left out of the log
// axis and stays in the CSV.
std::string gap_svg(const LatencyReport& report, bool to_optimum) {
  LinePlot plot{to_optimum ? "Planner's mean gap to the exact optimum (n <= 8)"
                           : "Planner's mean gap to the best lower bound",
                "start-up ratio L / (m c) (log scale)", "mean gap (%)"};
  plot.log_x = true;
  for (const char* framework : kFrameworks) {
    PlotSeries series;
    series.name = framework;
    for (const LatencySummaryRow& s : report.summary)
      if (s.framework == framework && s.ratio > 0 && (!to_optimum || s.with_optimum > 0))
        series.points.push_back(
            {s.ratio, 100.0 * (to_optimum ? s.mean_gap_optimum : s.mean_gap_bound)});
    plot.series.push_back(series);
  }
  return render_svg(plot);
}

}  // namespace

std::vector<std::string> latency_experiment_files(const LatencyExperimentOptions&) {
  return {"instances.csv", "summary.csv", "summary.txt", "gap_bound.svg", "gap_optimum.svg"};
}

std::vector<std::string> write_latency_experiment(const LatencyReport& report,
                                                  const std::string& dir) {
  return write_report_files(dir, {
                                     {"instances.csv", instances_csv(report)},
                                     {"summary.csv", summary_csv(report)},
                                     {"summary.txt", format_latency_summary(report)},
                                     {"gap_bound.svg", gap_svg(report, false)},
                                     {"gap_optimum.svg", gap_svg(report, true)},
                                 });
}

}  // namespace redist::report
