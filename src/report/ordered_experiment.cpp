#include "redist/report/ordered_experiment.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <sstream>

#include "redist/core/random.hpp"
#include "redist/report/chart.hpp"
#include "redist/report/csv.hpp"
#include "redist/report/report_files.hpp"
#include "redist/ring/generator.hpp"
#include "redist/ring/ordered_plan.hpp"
#include "redist/ring/plan.hpp"

namespace redist::report {

namespace {

struct SizePlan {
  std::size_t n;
  int rings;  // per shape
};

constexpr SizePlan kFullSizes[] = {{4, 120}, {8, 120},  {16, 80},  {32, 60},
                                   {64, 40}, {128, 20}, {256, 10}, {1000, 4}};
constexpr SizePlan kQuickSizes[] = {{8, 6}, {16, 6}, {32, 4}};
constexpr ring::RingShape kShapes[] = {ring::RingShape::uniform, ring::RingShape::gather,
                                       ring::RingShape::scatter, ring::RingShape::heavy,
                                       ring::RingShape::blocks,  ring::RingShape::forward};

const char* cost_kind(int k) { return k % 3 == 0 ? "int10" : k % 3 == 1 ? "dec10" : "int100"; }

ring::RingGenOptions ring_options(ring::RingShape shape, std::size_t n, int k, std::uint64_t seed) {
  ring::RingGenOptions opt;
  opt.n = n;
  opt.kind = RingKind::bidirectional;
  opt.heterogeneous = true;
  opt.shape = shape;
  opt.seed = stream_seed(stream_seed(seed, static_cast<std::uint64_t>(shape) * 1'000'003 + n),
                         static_cast<std::uint64_t>(k));
  opt.max_load = 2 + static_cast<std::int64_t>(opt.seed % 39);  // 2..40
  opt.max_cost = k % 3 == 2 ? 100 : 10;
  opt.cost_decimals = k % 3 == 1 ? 1 : 0;
  return opt;
}

OrderedRow measure(ring::RingShape shape, std::size_t n, int k,
                   const OrderedExperimentOptions& options) {
  const ring::RingGenOptions gen = ring_options(shape, n, k, options.seed);
  const RingInstance inst = ring::generate_ring_instance(gen);
  const auto t0 = std::chrono::steady_clock::now();
  const ring::OrderedPlan ordered = ring::plan_ordered(inst, {.effort = options.effort});
  const auto t1 = std::chrono::steady_clock::now();
  const ring::RingPlan doc000 =
      ring::plan_ring(inst, {.back_to_back = false, .effort = options.effort});
  OrderedRow row;
  row.shape = to_string(shape);
  row.n = n;
  row.costs = cost_kind(k);
  row.seed = gen.seed;
  row.scale = inst.cost_scale;
  row.ordered = *ordered.schedule.makespan;
  row.linear = ordered.linear_makespan.value_or(row.ordered);
  row.interchangeable = *doc000.schedule.makespan;
  row.interchangeable_optimal = *doc000.schedule.status == PlanStatus::optimal;
  row.bound = ordered.bounds.best;
  row.rerouted = ordered.rerouted_items;
  row.millis = std::chrono::duration<double, std::milli>(t1 - t0).count();
  return row;
}

double ratio(Ticks a, Ticks b) {
  return b == 0 ? 1.0 : static_cast<double>(a) / static_cast<double>(b);
}

OrderedSummaryRow summarise(const std::string& shape, std::size_t n,
                            const std::vector<const OrderedRow*>& rows) {
  OrderedSummaryRow s;
  s.shape = shape;
  s.n = n;
  s.count = static_cast<int>(rows.size());
  if (rows.empty()) return s;
  for (const OrderedRow* r : rows) {
    s.mean_speedup += ratio(r->linear, r->ordered);
    s.mean_doc000_gap += ratio(r->ordered, r->interchangeable) - 1;
    s.at_doc000 += r->ordered <= r->interchangeable;
    s.mean_bound_gap += ratio(r->ordered, r->bound) - 1;
    s.at_bound += r->ordered == r->bound;
    s.rerouted += r->rerouted > 0;
    if (r->linear > r->interchangeable) {
      s.mean_survival += static_cast<double>(r->linear - r->ordered) /
                         static_cast<double>(r->linear - r->interchangeable);
      ++s.survival_rings;
    }
    s.mean_millis += r->millis;
  }
  const auto count = static_cast<double>(rows.size());
  s.mean_speedup /= count;
  s.mean_doc000_gap /= count;
  s.mean_bound_gap /= count;
  s.mean_millis /= count;
  if (s.survival_rings > 0) s.mean_survival /= s.survival_rings;
  return s;
}

std::string percent(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.2f%%", 100.0 * v);
  return buf;
}

std::string size_name(std::size_t n) { return n == 0 ? ">=8" : std::to_string(n); }

}  // namespace

OrderedReport run_ordered_experiment(const OrderedExperimentOptions& options) {
  OrderedReport report;
  std::vector<const OrderedRow*> everything;
  const auto sizes = options.quick
                         ? std::vector<SizePlan>(std::begin(kQuickSizes), std::end(kQuickSizes))
                         : std::vector<SizePlan>(std::begin(kFullSizes), std::end(kFullSizes));
  report.rows.reserve(sizes.size() * 6 * 120);  // pointers into rows stay valid
  for (const ring::RingShape shape : kShapes) {
    std::vector<const OrderedRow*> all_sizes;
    for (const SizePlan& size : sizes) {
      if (size.n > options.max_n) continue;
      std::vector<const OrderedRow*> same;
      for (int k = 0; k < size.rings; ++k) {
        report.rows.push_back(measure(shape, size.n, k, options));
        same.push_back(&report.rows.back());
        if (size.n >= 8) all_sizes.push_back(&report.rows.back());
      }
      report.summary.push_back(summarise(to_string(shape), size.n, same));
    }
    report.summary.push_back(summarise(to_string(shape), 0, all_sizes));
    everything.insert(everything.end(), all_sizes.begin(), all_sizes.end());
  }
  report.summary.push_back(summarise("all", 0, everything));
  return report;
}

std::string format_ordered_summary(const OrderedReport& report) {
  std::ostringstream out;
  char line[256];
  std::snprintf(line, sizeof line, "%-8s %5s %6s %9s %11s %8s %10s %8s %9s %10s\n", "shape", "n",
                "rings", "speed-up", "gap doc000", "at 0", "gap bound", "optimal", "rerouted",
                "survives");
  out << line;
  for (const OrderedSummaryRow& s : report.summary) {
    std::snprintf(line, sizeof line, "%-8s %5s %6d %8.3fx %11s %8d %10s %8d %9d %10s\n",
                  s.shape.c_str(), size_name(s.n).c_str(), s.count, s.mean_speedup,
                  percent(s.mean_doc000_gap).c_str(), s.at_doc000,
                  percent(s.mean_bound_gap).c_str(), s.at_bound, s.rerouted,
                  s.survival_rings > 0 ? percent(s.mean_survival).c_str() : "-");
    out << line;
  }
  out << "speed-up: linear / ordered makespan; gap doc000: ordered / document 000's plan for\n"
         "interchangeable items - 1 (at 0: rings where it is 0); gap bound: to the ordered lower\n"
         "bound (optimal: rings where it is 0); survives: (linear - ordered) / (linear -\n"
         "interchangeable), over the rings where document 000 beats linear.\n";
  return out.str();
}

namespace {

std::string instances_csv(const OrderedReport& report) {
  CsvTable table({"shape", "n", "costs", "seed", "ordered", "linear", "interchangeable",
                  "interchangeable_optimal", "ordered_bound", "rerouted_items", "millis"});
  for (const OrderedRow& r : report.rows)
    table.add_row({r.shape, std::to_string(r.n), r.costs, std::to_string(r.seed),
                   format_ticks(r.ordered, r.scale), format_ticks(r.linear, r.scale),
                   format_ticks(r.interchangeable, r.scale), r.interchangeable_optimal ? "1" : "0",
                   format_ticks(r.bound, r.scale), std::to_string(r.rerouted),
                   csv_number(r.millis)});
  return table.str();
}

std::string summary_csv(const OrderedReport& report) {
  CsvTable table({"shape", "n", "rings", "mean_speedup", "mean_gap_doc000", "at_doc000",
                  "mean_gap_bound", "at_bound", "rerouted_rings", "mean_survival", "survival_rings",
                  "mean_ms"});
  for (const OrderedSummaryRow& s : report.summary)
    table.add_row(
        {s.shape, s.n == 0 ? "all>=8" : std::to_string(s.n), std::to_string(s.count),
         csv_number(s.mean_speedup), csv_number(s.mean_doc000_gap), std::to_string(s.at_doc000),
         csv_number(s.mean_bound_gap), std::to_string(s.at_bound), std::to_string(s.rerouted),
         csv_number(s.mean_survival), std::to_string(s.survival_rings), csv_number(s.mean_millis)});
  return table.str();
}

// One line per shape over n (log scale), of `value`.
template <class Value>
std::string by_size_svg(const OrderedReport& report, const std::string& title,
                        const std::string& y_label, Value value) {
  LinePlot plot{title, "n (processors, log scale)", y_label};
  plot.log_x = true;
  for (const ring::RingShape shape : kShapes) {
    PlotSeries series;
    series.name = to_string(shape);
    for (const OrderedSummaryRow& s : report.summary)
      if (s.shape == to_string(shape) && s.n > 0)
        series.points.push_back({static_cast<double>(s.n), value(s)});
    plot.series.push_back(series);
  }
  return render_svg(plot);
}

}  // namespace

std::vector<std::string> ordered_experiment_files(const OrderedExperimentOptions&) {
  return {"instances.csv", "summary.csv", "summary.txt", "gap.svg", "speedup.svg"};
}

std::vector<std::string> write_ordered_experiment(const OrderedReport& report,
                                                  const std::string& dir) {
  return write_report_files(
      dir,
      {
          {"instances.csv", instances_csv(report)},
          {"summary.csv", summary_csv(report)},
          {"summary.txt", format_ordered_summary(report)},
          {"gap.svg",
           by_size_svg(report,
                       "Ordered plan against document 000's plan for "
                       "interchangeable items",
                       "mean gap (%)",
                       [](const OrderedSummaryRow& s) { return 100.0 * s.mean_doc000_gap; })},
          {"speedup.svg", by_size_svg(report, "Ordered plan against the linear plan (order kept)",
                                      "mean speed-up (linear / ordered)",
                                      [](const OrderedSummaryRow& s) { return s.mean_speedup; })},
      });
}

}  // namespace redist::report
