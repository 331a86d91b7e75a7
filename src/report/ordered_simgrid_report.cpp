#include "redist/report/ordered_simgrid_report.hpp"

#include <cstdio>
#include <memory>
#include <sstream>

#include "redist/report/chart.hpp"
#include "redist/report/csv.hpp"
#include "redist/report/report_files.hpp"
#include "redist/simgrid/option_specs.hpp"

namespace redist::report {

namespace {

double speedup(double linear, double ordered) { return ordered > 0 ? linear / ordered : 1.0; }

std::string bars_svg(const std::vector<simgrid::OrderedStudyRow>& rows,
                     const std::string& platform) {
  LinePlot plot{"Linear and ordered plans on " + platform + " (SimGrid)",
                "pattern (1 shift, 2 random, 3 ramp, 4 gather)", "time (ms)"};
  PlotSeries linear{"linear plan, simulated"}, ordered{"ordered plan, simulated"},
      predicted{"ordered plan, item model"};
  linear.style = ordered.style = predicted.style = SeriesStyle::bars;
  double x = 1;
  for (const auto& r : rows) {
    if (r.platform != platform) continue;
    linear.points.push_back({x, 1000 * r.linear.measured});
    ordered.points.push_back({x, 1000 * r.ordered.measured});
    predicted.points.push_back({x, 1000 * r.ordered.predicted});
    x += 1;
  }
  plot.series = {linear, ordered, predicted};
  plot.x_from_zero = true;
  return render_svg(plot);
}

// The file of a platform's figure: its name without folders and ".json".
std::string platform_figure(const std::string& platform) {
  std::string file = platform.substr(platform.find_last_of('/') + 1);
  if (file.size() > 5 && file.compare(file.size() - 5, 5, ".json") == 0)
    file.resize(file.size() - 5);
  return file + ".svg";
}

}  // namespace

std::string format_ordered_simgrid(const std::vector<simgrid::OrderedStudyRow>& rows) {
  std::ostringstream out;
  char line[256];
  std::snprintf(line, sizeof line, "%-16s %-8s %12s %12s %12s %12s %9s %9s\n", "platform",
                "pattern", "linear pred", "linear sim", "ordered pred", "ordered sim", "speed-up",
                "rerouted");
  out << line;
  for (const auto& r : rows) {
    std::snprintf(
        line, sizeof line, "%-16s %-8s %10.1fms %10.1fms %10.1fms %10.1fms %8.2fx %9lld\n",
        r.platform.c_str(), r.pattern.c_str(), 1000 * r.linear.predicted, 1000 * r.linear.measured,
        1000 * r.ordered.predicted, 1000 * r.ordered.measured,
        speedup(r.linear.measured, r.ordered.measured), static_cast<long long>(r.rerouted));
    out << line;
  }
  out << "pred: the plan's makespan in the item model; sim: SimGrid, with the links' delays; "
         "speed-up: linear sim / ordered sim.\n";
  return out.str();
}

std::vector<std::string> write_ordered_simgrid(const std::vector<simgrid::OrderedStudyRow>& rows,
                                               const std::string& dir) {
  CsvTable table({"platform", "pattern", "linear_predicted_s", "linear_simulated_s",
                  "ordered_predicted_s", "ordered_simulated_s", "speedup", "rerouted_items",
                  "ordered_messages", "method"});
  std::vector<std::string> platforms;
  for (const auto& r : rows) {
    table.add_row({r.platform, r.pattern, csv_number(r.linear.predicted),
                   csv_number(r.linear.measured), csv_number(r.ordered.predicted),
                   csv_number(r.ordered.measured),
                   csv_number(speedup(r.linear.measured, r.ordered.measured)),
                   std::to_string(r.rerouted), std::to_string(r.ordered.messages), r.method});
    if (platforms.empty() || platforms.back() != r.platform) platforms.push_back(r.platform);
  }
  std::vector<std::pair<std::string, std::string>> files = {
      {"ordered_simgrid.csv", table.str()}, {"summary.txt", format_ordered_simgrid(rows)}};
  for (const std::string& p : platforms) files.push_back({platform_figure(p), bars_svg(rows, p)});
  return write_report_files(dir, files);
}

// The files write_ordered_simgrid writes for these options (checked before the run).
std::vector<std::string> ordered_simgrid_files(const simgrid::OrderedStudyOptions& options) {
  std::vector<std::string> files = {"ordered_simgrid.csv", "summary.txt"};
  if (!options.platform_file.empty()) {
    files.push_back(platform_figure(options.platform_file));
  } else {
    if (!options.quick) files.push_back(platform_figure("ring6_hetero"));
    files.push_back(platform_figure("ring6_slow_link"));
  }
  return files;
}

ExperimentCommand ordered_simgrid_experiment_command() {
  auto options = std::make_shared<simgrid::OrderedStudyOptions>();
  return detail::experiment_command(
      "ordered-simgrid",
      "Ordered items on SimGrid rings (ring6_hetero, ring6_slow_link): the ordered plan against "
      "the linear plan, patterns shift, random, ramp and gather (CSV, SVG)",
      "ring6_slow_link, two patterns", options, simgrid::option_specs(*options),
      ordered_simgrid_files, simgrid::run_ordered_simgrid_study, write_ordered_simgrid,
      format_ordered_simgrid);
}

}  // namespace redist::report
