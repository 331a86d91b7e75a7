#include "redist/report/simgrid_study_report.hpp"

#include <algorithm>
#include <cstdio>

#include "redist/report/axis.hpp"
#include "redist/report/chart.hpp"
#include "redist/report/report_files.hpp"

namespace redist::report {

namespace {

using report::LinePlot;
using report::PlotSeries;
using report::SeriesStyle;

std::string fmt(const char* format, double a, double b = 0, double c = 0, double d = 0) {
  char buffer[160];
  std::snprintf(buffer, sizeof buffer, format, a, b, c, d);
  return buffer;
}

std::string right_aligned(const std::string& text, std::size_t width) {
  return text.size() >= width ? " " + text : std::string(width - text.size(), ' ') + text;
}

const char* scheme_color(simgrid::Scheme s) {
  switch (s) {
    case simgrid::Scheme::none:
      return "#555555";
    case simgrid::Scheme::after_50:
      return "#0072B2";
    case simgrid::Scheme::four_times:
      return "#009E73";
    case simgrid::Scheme::every_10:
      return "#E69F00";
    case simgrid::Scheme::every_5:
      return "#CC79A7";
    case simgrid::Scheme::every_3:
      return "#56B4E9";
    case simgrid::Scheme::every_2:
      return "#8c564b";
    case simgrid::Scheme::adaptive:
      return "#D55E00";
  }
  return "#000";
}

std::string figure_name(int ring_size) {
  if (ring_size == 8) return "figure13_ring8.svg";
  if (ring_size == 32) return "figure14_ring32.svg";
  return "normalized_ring" + std::to_string(ring_size) + ".svg";
}

std::string normalized_svg(const simgrid::SimgridStudyResult& r, int ring_size) {
  LinePlot plot;
  plot.title = "Ring of " + std::to_string(ring_size) + " processors: mean over " +
               std::to_string(r.options.seeds) + " seeds, 95% confidence bands (lower is better)";
  plot.log_x = true;
  plot.x_label =
      "computation-to-communication ratio (log scale): a redistribution costs ~ratio iterations";
  plot.y_label = "execution time / time without redistribution (log scale)";
  plot.log_y = true;
  for (simgrid::Scheme s : simgrid::all_schemes()) {
    PlotSeries series{scheme_label(s), {}, scheme_color(s), s == simgrid::Scheme::adaptive};
    for (double ratio : r.options.ratios)
      if (const simgrid::SchemeSummary* sum = find_summary(r, ring_size, ratio, s)) {
        series.points.emplace_back(ratio, sum->mean_normalized);
        series.band.emplace_back(
            std::max(sum->mean_normalized - sum->ci95(), sum->mean_normalized / 10),
            sum->mean_normalized + sum->ci95());
      }
    plot.series.push_back(std::move(series));
  }
  return report::render_svg(plot, 760, 480);
}

// At most this many points per ring size, taken at a regular stride: the plot stays small.
constexpr std::size_t kMaxScatterPoints = 500;

// The lines y = x (the item model exact) and y = 2x, from 0 to the edge of the drawn box: the axes'
// round ends, as fit_axis will draw them, so that neither line stops short of the frame.
void add_reference_lines(LinePlot& plot) {
  std::vector<double> xs{0}, ys{0};
  for (const PlotSeries& s : plot.series)
    for (const auto& [x, y] : s.points) xs.push_back(x), ys.push_back(y);
  const double xmax = report::fit_axis(xs, false, true).hi;
  const double ymax = report::fit_axis(ys, false, true).hi;
  for (double f : {1.0, 2.0}) {
    const double x_end = std::min(xmax, ymax / f);
    plot.series.push_back({f == 1.0 ? "y = x" : "y = 2x",
                           {{0, 0}, {x_end, f * x_end}},
                           f == 1.0 ? "#444" : "#999",
                           true,
                           SeriesStyle::line_only});
  }
}

std::string prediction_svg(const simgrid::SimgridStudyResult& r) {
  LinePlot plot;
  plot.x_label = "predicted by redist, item model (s)";
  plot.y_label = "measured in SimGrid (s)";
  plot.x_from_zero = true;
  bool sampled = false;
  for (std::size_t k = 0; k < r.options.ring_sizes.size(); ++k) {
    const int p = r.options.ring_sizes[k];
    std::vector<std::pair<double, double>> all;
    for (const simgrid::StudyRun& run : r.runs)
      if (run.ring_size == p)
        for (const simgrid::RedistributionRecord& rec : run.result.records)
          all.emplace_back(rec.predicted, rec.measured);
    const std::size_t stride = all.size() / kMaxScatterPoints + 1;
    sampled = sampled || stride > 1;
    PlotSeries s{std::string("ring of ").append(std::to_string(p)),
                 {},
                 report::palette_color(k),
                 false,
                 SeriesStyle::markers};
    for (std::size_t i = 0; i < all.size(); i += stride) s.points.push_back(all[i]);
    plot.series.push_back(std::move(s));
  }
  plot.title =
      sampled ? "Redistributions of the study (a regular sample): SimGrid against redist's makespan"
              : "Every redistribution of the study: SimGrid against redist's makespan";
  add_reference_lines(plot);
  return report::render_svg(plot, 680, 460);
}

std::string summary_csv(const simgrid::SimgridStudyResult& r) {
  std::string out =
      "ring_size,ratio,scheme,mean_normalized,min_normalized,max_normalized,mean_redistributions,"
      "runs,best_fixed,adaptive_gap,"
      "stddev_normalized,ci95_normalized,best_fixed_scheme,adaptive_gap_ci95\n";
  for (const simgrid::SchemeSummary& s : r.summaries) {
    const simgrid::Scheme best = best_fixed_scheme(r, s.ring_size, s.ratio);
    out +=
        std::to_string(s.ring_size) + fmt(",%g,", s.ratio) + scheme_name(s.scheme) +
        fmt(",%.6f,%.6f,%.6f,%.3f", s.mean_normalized, s.min_normalized, s.max_normalized,
            s.mean_redistributions) +
        fmt(",%.0f,%.6f,%.6f", s.runs, find_summary(r, s.ring_size, s.ratio, best)->mean_normalized,
            adaptive_gap(r, s.ring_size, s.ratio)) +
        fmt(",%.6f,%.6f,", s.stddev_normalized, s.ci95()) + simgrid::scheme_name(best) +
        fmt(",%.6f\n", adaptive_gap_ci95(r, s.ring_size, s.ratio));
  }
  return out;
}

std::string runs_csv(const simgrid::SimgridStudyResult& r) {
  std::string out =
      "ring_size,ratio,seed,scheme,total_time_s,normalized,redistributions,learned_slowdown\n";
  for (const simgrid::StudyRun& run : r.runs)
    out += std::to_string(run.ring_size) +
           fmt(",%g,%.0f,", run.ratio, static_cast<double>(run.seed)) + scheme_name(run.scheme) +
           fmt(",%.6f,%.6f,%.0f,%.4f\n", run.result.total_time, run.normalized,
               run.result.redistributions, run.result.learned_slowdown);
  return out;
}

std::string redistributions_csv(const simgrid::SimgridStudyResult& r) {
  std::string out =
      "ring_size,ratio,seed,scheme,after_iteration,items,batches,light,predicted_s,lower_bound_s,"
      "route_bound_s,measured_s\n";
  for (const simgrid::StudyRun& run : r.runs)
    for (const simgrid::RedistributionRecord& rec : run.result.records)
      out += std::to_string(run.ring_size) +
             fmt(",%g,%.0f,", run.ratio, static_cast<double>(run.seed)) + scheme_name(run.scheme) +
             fmt(",%.0f,%.0f,%.0f,", rec.after_iteration, static_cast<double>(rec.items),
                 static_cast<double>(rec.batches)) +
             (rec.light ? "1" : "0") +
             fmt(",%.6f,%.6f,%.6f,%.6f\n", rec.predicted, rec.lower_bound, rec.route_bound,
                 rec.measured);
  return out;
}

std::string prediction_csv(const simgrid::SimgridStudyResult& r) {
  std::string out =
      "ring_size,redistributions,light,mean_ratio,median_ratio,p90_ratio,max_ratio,bound_median_"
      "ratio,bound_p90_ratio,"
      "check_dedicated,check_latency,check_tiers,check_latency_startups,startups_speedup\n";
  for (const simgrid::PredictionSummary& p : r.prediction)
    out +=
        std::to_string(p.ring_size) +
        fmt(",%.0f,%.0f,", static_cast<double>(p.redistributions), static_cast<double>(p.light)) +
        fmt("%.4f,%.4f,%.4f,%.4f,", p.mean_ratio, p.median_ratio, p.p90_ratio, p.max_ratio) +
        fmt("%.4f,%.4f,", p.bound_median_ratio, p.bound_p90_ratio) +
        fmt("%.4f,%.4f,%.4f,", p.check_dedicated, p.check_latency, p.check_tiers) +
        fmt("%.4f,%.4f\n", p.check_startups, p.startups_speedup);
  return out;
}

std::string checks_csv(const simgrid::SimgridStudyResult& r) {
  std::string out =
      "ring_size,seed,items,light,predicted_s,dedicated_s,latency_s,tiers_s,"
      "predicted_startups_s,latency_startups_s\n";
  for (const simgrid::PredictionCheck& c : r.checks)
    out += std::to_string(c.ring_size) +
           fmt(",%.0f,%.0f,", static_cast<double>(c.seed), static_cast<double>(c.items)) +
           (c.light ? "1" : "0") +
           fmt(",%.6f,%.6f,%.6f,%.6f,", c.predicted, c.dedicated, c.latency, c.tiers) +
           fmt("%.6f,%.6f\n", c.startups_predicted, c.startups_latency);
  return out;
}

std::string normalized_table(const simgrid::SimgridStudyResult& r, int p) {
  std::string out = "Ring of " + std::to_string(p) +
                    ": mean normalized execution time (time / no redistribution)\n  ratio";
  for (simgrid::Scheme s : simgrid::all_schemes()) out += right_aligned(scheme_name(s), 14);
  out += "   adaptive vs best fixed (95% interval of the paired gap)\n";
  for (double ratio : r.options.ratios) {
    out += fmt("  %5g", ratio);
    for (simgrid::Scheme s : simgrid::all_schemes())
      if (const simgrid::SchemeSummary* sum = find_summary(r, p, ratio, s))
        out += fmt("%14.4f", sum->mean_normalized);
    const double gap = simgrid::adaptive_gap(r, p, ratio),
                 half = simgrid::adaptive_gap_ci95(r, p, ratio);
    out +=
        fmt("   %+.2f%% [%+.1f%%, %+.1f%%] (", 100 * gap, 100 * (gap - half), 100 * (gap + half)) +
        simgrid::scheme_name(simgrid::best_fixed_scheme(r, p, ratio)) + ")\n";
  }
  return out;
}

}  // namespace

std::string format_simgrid_study(const simgrid::SimgridStudyResult& r) {
  std::string out =
      fmt("SimGrid study: %.0f simulations in %.1f s (%.0f seeds",
          static_cast<double>(r.simulations), r.wall_seconds, r.options.seeds) +
      fmt(", %.0f at a time; speed changes at ", r.options.jobs) +
      (r.options.speed_changes == simgrid::SpeedChanges::at_iterations ? "iterations"
                                                                       : "trace times") +
      ")\n\n";
  for (int p : r.options.ring_sizes) out += normalized_table(r, p) + "\n";
  out +=
      "Planner against simulator (measured / predicted, every redistribution that moved items)\n";
  for (const simgrid::PredictionSummary& p : r.prediction)
    out += fmt("  ring %2.0f: %5.0f redistributions (%.0f light), ", p.ring_size,
               static_cast<double>(p.redistributions), static_cast<double>(p.light)) +
           fmt("mean %.2f, median %.2f, p90 %.2f, max %.2f\n", p.mean_ratio, p.median_ratio,
               p.p90_ratio, p.max_ratio) +
           fmt("           against max(makespan, route-load bound): median %.2f, p90 %.2f\n",
               p.bound_median_ratio, p.bound_p90_ratio) +
           fmt("           reference redistribution: dedicated links %.3f, + route latency %.3f, "
               "on the platform %.3f\n",
               p.check_dedicated, p.check_latency, p.check_tiers) +
           fmt("           planned with the routes' latencies as start-ups: + route latency %.3f, "
               "%.3fx faster than the plan without\n",
               p.check_startups, p.startups_speedup);
  return out;
}

std::vector<std::string> simgrid_study_files(const simgrid::SimgridStudyOptions& options) {
  std::vector<std::string> names = {"summary.csv", "runs.csv", "redistributions.csv",
                                    "prediction.csv", "prediction_checks.csv"};
  for (int p : options.ring_sizes) names.push_back(figure_name(p));
  names.push_back("prediction.svg");
  return names;
}

std::vector<std::string> write_simgrid_study(const simgrid::SimgridStudyResult& r,
                                             const std::string& dir) {
  std::vector<std::pair<std::string, std::string>> files = {
      {"summary.csv", summary_csv(r)},
      {"runs.csv", runs_csv(r)},
      {"redistributions.csv", redistributions_csv(r)},
      {"prediction.csv", prediction_csv(r)},
      {"prediction_checks.csv", checks_csv(r)}};
  for (int p : r.options.ring_sizes) files.emplace_back(figure_name(p), normalized_svg(r, p));
  files.emplace_back("prediction.svg", prediction_svg(r));
  // All the tables and figures or none (docs/limits.md "Output files").
  return report::write_report_files(dir, files);
}

}  // namespace redist::report
