// The chart of BENCHMARKS.md "The executor's messages against the plan's prediction": each case's
// measured median (quartiles as error bars) against its predicted time, from the CSV files of
// `bench_redistribute --startups`, drawn by the report layer's chart toolkit, with the line
// measured = predicted and the edge of the 15% target (measured = predicted / 0.85).
//
//   bench_startups_chart OUT.svg docs/results/exec/netlab_startups_run{1,2,3}.csv
//       docs/results/exec/netlab_startups_nolatency.csv     (one command line)
//
// A file whose name contains "nolatency" is the control (latencies off); one whose name contains
// "tbf" was measured with netlab's earlier token-bucket links (before the delay wire serialised at
// the rate: BENCHMARKS.md), its ring transport drawn as a series of its own.

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "redist/report/chart.hpp"

namespace {

std::vector<std::string> split(const std::string& line) {
  std::vector<std::string> cells;
  std::stringstream in(line);
  for (std::string cell; std::getline(in, cell, ',');) cells.push_back(cell);
  return cells;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 3) {
    std::fprintf(stderr, "usage: bench_startups_chart OUT.svg FILE.csv...\n");
    return 2;
  }
  using redist::report::PlotSeries;
  std::map<std::string, PlotSeries> series;  // by name
  double largest = 0.0;
  for (int a = 2; a < argc; ++a) {
    std::ifstream in(argv[a]);
    if (!in) {
      std::fprintf(stderr, "bench_startups_chart: cannot read %s\n", argv[a]);
      return 2;
    }
    const bool control = std::string(argv[a]).find("nolatency") != std::string::npos;
    const bool token_bucket = std::string(argv[a]).find("tbf") != std::string::npos;
    std::string line;
    std::getline(in, line);
    const std::vector<std::string> header = split(line);
    const auto column = [&](const char* name) {
      return static_cast<std::size_t>(std::find(header.begin(), header.end(), name) -
                                      header.begin());
    };
    const std::size_t variant = column("variant"), measured = column("median_ms"),
                      q1 = column("q1_ms"), q3 = column("q3_ms"),
                      predicted = column("predicted_ms");
    if (predicted >= header.size() || q3 >= header.size()) {
      std::fprintf(stderr, "bench_startups_chart: %s is not a --startups CSV\n", argv[a]);
      return 2;
    }
    while (std::getline(in, line)) {
      const std::vector<std::string> c = split(line);
      if (c.size() < header.size() || c[variant] == "ring-startups-checked") continue;
      if ((control || token_bucket) && c[variant] != "ring-startups") continue;
      const std::string name = control        ? "ring transport, latencies off (control)"
                               : token_bucket ? "ring transport, token-bucket links (before)"
                               : c[variant] == "direct" ? "direct transport (its own prediction)"
                                                        : "ring transport, the plan's messages";
      PlotSeries& s = series[name];
      s.name = name;
      s.style = redist::report::SeriesStyle::markers;
      const double x = std::stod(c[predicted]), y = std::stod(c[measured]);
      s.points.emplace_back(x, y);
      s.error_bars.emplace_back(std::stod(c[q1]), std::stod(c[q3]));
      largest = std::max({largest, x, std::stod(c[q3])});
    }
  }
  redist::report::LinePlot plot{
      "64-byte items on a ring of 6 with 0.5-2 ms links: measured vs planned", "predicted (ms)",
      "measured, median and quartiles (ms)"};
  plot.x_from_zero = true;
  for (auto& [name, s] : series) plot.series.push_back(std::move(s));
  const double top = largest * 0.85;
  plot.series.push_back({"measured = predicted",
                         {{0.0, 0.0}, {largest, largest}},
                         "#000000",
                         false,
                         redist::report::SeriesStyle::line_only});
  plot.series.push_back({"measured = predicted / 0.85 (the 15% target's edge)",
                         {{0.0, 0.0}, {top, top / 0.85}},
                         "#777777",
                         true,
                         redist::report::SeriesStyle::line_only});
  std::ofstream(argv[1]) << redist::report::render_svg(plot);
  return 0;
}
