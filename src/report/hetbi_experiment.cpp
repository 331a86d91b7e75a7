#include "redist/report/hetbi_experiment.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <sstream>

#include "redist/io/exact_json.hpp"
#include "redist/report/chart.hpp"
#include "redist/report/report_files.hpp"
#include "redist/ring/generator.hpp"
#include "redist/ring/plan.hpp"
#include "ring/exact_search.hpp"
#include "ring/system6.hpp"

namespace redist::report {

namespace {

struct SizePlan {
  std::size_t n;
  int instances;  // per shape
};

// Full run: thousands of rings, most of them small enough for exact answers.
constexpr SizePlan kFullSizes[] = {{4, 240},  {6, 240},  {8, 240}, {16, 120}, {32, 90}, {64, 60},
                                   {128, 30}, {256, 15}, {512, 9}, {1000, 6}, {2000, 3}};
constexpr SizePlan kQuickSizes[] = {{4, 6}, {8, 6}, {16, 6}};
constexpr ring::RingShape kShapes[] = {ring::RingShape::uniform, ring::RingShape::gather,
                                       ring::RingShape::scatter, ring::RingShape::heavy,
                                       ring::RingShape::blocks,  ring::RingShape::forward};

std::uint64_t mix(std::uint64_t a, std::uint64_t b) {
  std::uint64_t z = a * 0x9E3779B97F4A7C15ULL + b + 0x632BE59BD9B4E019ULL;
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  return z ^ (z >> 31);
}

ring::RingGenOptions instance_options(ring::RingShape shape, std::size_t n, int k,
                                      std::uint64_t seed) {
  ring::RingGenOptions opt;
  opt.n = n;
  opt.kind = RingKind::bidirectional;
  opt.heterogeneous = true;
  opt.shape = shape;
  opt.seed =
      mix(mix(seed, static_cast<std::uint64_t>(shape)), mix(n, static_cast<std::uint64_t>(k)));
  opt.max_load = 2 + static_cast<std::int64_t>(opt.seed % 11);  // 2..12
  opt.max_cost = k % 3 == 2 ? 100 : 10;
  opt.cost_decimals = k % 3 == 1 ? 1 : 0;
  return opt;
}

const char* cost_kind(int k) { return k % 3 == 0 ? "int10" : k % 3 == 1 ? "dec10" : "int100"; }

// The optimum of a small ring, where the exhaustive search settles it within its limits.
std::optional<Ticks> exact_optimum(const RingInstance& inst, const ring::RingPlan& plan) {
  const Ticks makespan = *plan.schedule.makespan;
  if (makespan == plan.bounds.best) return makespan;
  const ring::ExactSearchLimits limits{8, 24, 200'000, 4'000'000};
  if (!ring::exact_search_applies(inst, limits)) return std::nullopt;
  const ring::ExactSearchResult r = exact_optimal_schedule(inst, makespan - 1, limits);
  switch (r.outcome) {
    case ring::ExactSearchResult::Outcome::found:
      return *r.schedule.makespan;
    case ring::ExactSearchResult::Outcome::none_by_horizon:
      return makespan;
    case ring::ExactSearchResult::Outcome::gave_up:
      return std::nullopt;
  }
  return std::nullopt;
}

HetbiRow measure(ring::RingShape shape, std::size_t n, int k,
                 const HetbiExperimentOptions& options) {
  const ring::RingGenOptions gen = instance_options(shape, n, k, options.seed);
  const RingInstance inst = ring::generate_ring_instance(gen);
  const auto t0 = std::chrono::steady_clock::now();
  const ring::RingPlan plan =
      ring::plan_ring(inst, ring::RingPlanOptions{.back_to_back = false, .effort = options.effort});
  const auto t1 = std::chrono::steady_clock::now();
  HetbiRow row;
  row.shape = to_string(shape);
  row.n = n;
  row.costs = cost_kind(k);
  row.seed = gen.seed;
  row.scale = inst.cost_scale;
  const ring::System6Solution s6 = ring::solve_system6(inst);
  row.tau_int = s6.integer_optimum;
  row.light = s6.integer_shift_light;
  row.bound = plan.bounds.best;
  row.makespan = *plan.schedule.makespan;
  row.list_scheduled = plan.method.rfind("event-driven", 0) == 0;
  row.millis = std::chrono::duration<double, std::milli>(t1 - t0).count();
  if (n <= 8) row.exact = exact_optimum(inst, plan);
  if (n <= 8 && options.small_ring_optimum)
    row.optimum = options.small_ring_optimum(inst, plan, options.optimum_node_limit);
  if (row.exact)
    row.bound = std::max(row.bound, *row.exact);  // an exhaustive search is a proof too
  if (row.optimum) row.bound = std::max(row.bound, *row.optimum);  // so is a solved MILP
  row.gap = row.bound > 0
                ? static_cast<double>(row.makespan - row.bound) / static_cast<double>(row.bound)
                : 0.0;
  return row;
}

HetbiSummaryRow summarise(const std::string& shape, std::size_t n,
                          const std::vector<const HetbiRow*>& rows) {
  HetbiSummaryRow s;
  s.shape = shape;
  s.n = n;
  s.count = static_cast<int>(rows.size());
  if (rows.empty()) return s;
  std::vector<double> gaps;
  for (const HetbiRow* r : rows) {
    gaps.push_back(r->gap);
    s.mean_gap += r->gap;
    s.at_tau += r->makespan == r->tau_int;
    s.at_bound += r->makespan == r->bound;
    s.exact_known += r->exact.has_value() || r->optimum.has_value();
    s.tau_unreachable +=
        (r->exact && *r->exact > r->tau_int) || (r->optimum && *r->optimum > r->tau_int);
    s.list_scheduled += r->list_scheduled;
    s.mean_millis += r->millis;
  }
  std::sort(gaps.begin(), gaps.end());
  s.mean_gap /= static_cast<double>(rows.size());
  s.mean_millis /= static_cast<double>(rows.size());
  s.median_gap = gaps[gaps.size() / 2];
  s.max_gap = gaps.back();
  return s;
}

std::string percent(double gap) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.3f%%", 100.0 * gap);
  return buf;
}

std::string csv_ticks(Ticks t, int scale) { return format_ticks(t, scale); }

}  // namespace

HetbiReport run_hetbi_experiment(const HetbiExperimentOptions& options) {
  HetbiReport report;
  for (const ring::RingShape shape : kShapes) {
    const std::size_t first = report.rows.size();
    for (const SizePlan& size :
         options.quick ? std::vector<SizePlan>(std::begin(kQuickSizes), std::end(kQuickSizes))
                       : std::vector<SizePlan>(std::begin(kFullSizes), std::end(kFullSizes))) {
      if (size.n > options.max_n) continue;
      for (int k = 0; k < size.instances; ++k)
        report.rows.push_back(measure(shape, size.n, k, options));
    }
    // Summaries by size, then over every size >= 8 (the targets).
    std::vector<const HetbiRow*> all;
    for (std::size_t i = first; i < report.rows.size();) {
      std::vector<const HetbiRow*> same;
      const std::size_t n = report.rows[i].n;
      for (; i < report.rows.size() && report.rows[i].n == n; ++i) {
        same.push_back(&report.rows[i]);
        if (n >= 8) all.push_back(&report.rows[i]);
      }
      report.summary.push_back(summarise(to_string(shape), n, same));
    }
    report.summary.push_back(summarise(to_string(shape), 0, all));
  }
  return report;
}

std::string format_hetbi_summary(const HetbiReport& report) {
  std::ostringstream out;
  char line[256];
  std::snprintf(line, sizeof line, "%-8s %6s %6s %9s %9s %9s %7s %8s %7s %9s %7s\n", "shape", "n",
                "rings", "mean gap", "median", "max gap", "at tau", "at bound", "exact", "tau unr.",
                "list");
  out << line;
  for (const HetbiSummaryRow& s : report.summary) {
    std::snprintf(line, sizeof line, "%-8s %6s %6d %9s %9s %9s %7d %8d %7d %9d %7d\n",
                  s.shape.c_str(), s.n == 0 ? ">=8" : std::to_string(s.n).c_str(), s.count,
                  percent(s.mean_gap).c_str(), percent(s.median_gap).c_str(),
                  percent(s.max_gap).c_str(), s.at_tau, s.at_bound, s.exact_known,
                  s.tau_unreachable, s.list_scheduled);
    out << line;
  }
  return out.str();
}

namespace {

std::string instances_csv(const HetbiReport& report) {
  std::ostringstream out;
  out << "shape,n,costs,seed,tau_int,bound,makespan,exact,light,list_scheduled,gap,millis,"
         "optimum\n";
  for (const HetbiRow& r : report.rows)
    out << r.shape << ',' << r.n << ',' << r.costs << ',' << r.seed << ','
        << csv_ticks(r.tau_int, r.scale) << ',' << csv_ticks(r.bound, r.scale) << ','
        << csv_ticks(r.makespan, r.scale) << ',' << (r.exact ? csv_ticks(*r.exact, r.scale) : "")
        << ',' << r.light << ',' << r.list_scheduled << ',' << r.gap << ',' << r.millis << ','
        << (r.optimum ? csv_ticks(*r.optimum, r.scale) : "") << '\n';
  return out.str();
}

std::string summary_csv(const HetbiReport& report) {
  std::ostringstream out;
  out << "shape,n,rings,mean_gap,median_gap,max_gap,at_tau_int,at_bound,exact_known,tau_int_"
         "unreachable,list_scheduled,mean_ms\n";
  for (const HetbiSummaryRow& s : report.summary)
    out << s.shape << ',' << (s.n == 0 ? std::string("all>=8") : std::to_string(s.n)) << ','
        << s.count << ',' << s.mean_gap << ',' << s.median_gap << ',' << s.max_gap << ','
        << s.at_tau << ',' << s.at_bound << ',' << s.exact_known << ',' << s.tau_unreachable << ','
        << s.list_scheduled << ',' << s.mean_millis << '\n';
  return out.str();
}

// Rings whose optimum is known and above tau_int, with what characterises them.
std::string unreachable_csv(const HetbiReport& report) {
  std::ostringstream out;
  out << "shape,n,costs,seed,tau_int,optimum,makespan,light\n";
  for (const HetbiRow& r : report.rows)
    if (const auto opt = r.exact ? r.exact : r.optimum; opt && *opt > r.tau_int)
      out << r.shape << ',' << r.n << ',' << r.costs << ',' << r.seed << ','
          << csv_ticks(r.tau_int, r.scale) << ',' << csv_ticks(*opt, r.scale) << ','
          << csv_ticks(r.makespan, r.scale) << ',' << r.light << '\n';
  return out.str();
}

std::string gap_svg(const HetbiReport& report) {
  static const char* colours[] = {"#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b"};
  // n on a log axis: round ticks (1, 2, 5 x 10^k processors), not powers of two.
  redist::report::LinePlot plot{"Mean gap to the best lower bound, by shape",
                                "n (processors, log scale)",
                                "mean gap (%)",
                                false,
                                {}};
  plot.log_x = true;
  int c = 0;
  for (const ring::RingShape shape : kShapes) {
    redist::report::PlotSeries series;
    series.name = to_string(shape);
    series.color = colours[c++ % 6];
    for (const HetbiSummaryRow& s : report.summary)
      if (s.shape == to_string(shape) && s.n > 0)
        series.points.push_back({static_cast<double>(s.n), 100.0 * s.mean_gap});
    plot.series.push_back(series);
  }
  return redist::report::render_svg(plot);
}

}  // namespace

std::vector<std::string> hetbi_experiment_files(const HetbiExperimentOptions&) {
  return {"instances.csv", "summary.csv", "unreachable.csv", "summary.txt", "gap.svg"};
}

std::vector<std::string> write_hetbi_experiment(const HetbiReport& report, const std::string& dir) {
  // All the tables and the figure or none (docs/limits.md "Output files").
  return redist::report::write_report_files(dir, {
                                                     {"instances.csv", instances_csv(report)},
                                                     {"summary.csv", summary_csv(report)},
                                                     {"unreachable.csv", unreachable_csv(report)},
                                                     {"summary.txt", format_hetbi_summary(report)},
                                                     {"gap.svg", gap_svg(report)},
                                                 });
}

}  // namespace redist::report
