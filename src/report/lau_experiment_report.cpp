#include "redist/report/lau_experiment_report.hpp"

#include <cstdio>

#include "redist/report/chart.hpp"
#include "redist/report/report_files.hpp"
#include "report/lau_published_tables.hpp"

namespace redist::report {

namespace {

using report::LinePlot;
using report::PlotSeries;
using report::SeriesStyle;

std::string fmt(const char* format, double a, double b = 0, double c = 0) {
  char buffer[128];
  std::snprintf(buffer, sizeof buffer, format, a, b, c);
  return buffer;
}

double pct(std::int64_t count, std::int64_t total) {
  return total ? 100.0 * static_cast<double>(count) / static_cast<double>(total) : 0.0;
}

std::string count_pct(std::int64_t count, std::int64_t total) {
  return fmt("%.0f (%.2f%%)", static_cast<double>(count), pct(count, total));
}

std::string pad(const std::string& s, std::size_t width) {
  return s.size() >= width ? s + " " : s + std::string(width - s.size(), ' ');
}

const paper::ModeRow* paper_row(const auto& table, std::size_t n) {
  for (const auto& row : table)
    if (row.n == static_cast<int>(n)) return &row;
  return nullptr;
}

std::string mode_table(const LauExperimentReport& r, bool single) {
  const auto& paper = single ? paper::kTable1 : paper::kTable2;
  std::string out = std::string(single ? "Table 1: single-send mode" : "Table 2: multi-send mode") +
                    " (paper: 50,000 instances per n; ours: " +
                    std::to_string(r.rings.empty() ? 0 : r.rings[0].instances) +
                    ", loads uniform in 0..100, whole average)\n";
  out += "  n  source  " + pad("Linear=Opt", 17) + pad("Traffic=Opt", 17) + pad("All", 17) +
         pad("Opt / +traffic", 34) + pad("% worse", 9) + "window search misses\n";
  for (const auto& ring : r.rings) {
    const ModeTally& t = single ? ring.single : ring.multi;
    const std::int64_t instances = ring.instances;
    if (const auto* p = paper_row(paper, ring.n))
      out += fmt("%3.0f  paper   ", static_cast<double>(ring.n)) +
             pad(count_pct(p->linear_opt, 50000), 17) + pad(count_pct(p->traffic_opt, 50000), 17) +
             pad(count_pct(p->all, 50000), 17) +
             pad(count_pct(p->only_optimal, 50000) + fmt(" / %.0f%%", p->extra_traffic_pct), 34) +
             pad(fmt("%.0f%%", p->worse_pct), 9) + "-\n";
    const double only = static_cast<double>(std::max<std::int64_t>(t.only_search, 1));
    std::string misses = count_pct(t.window_misses, instances);
    if (t.window_misses)
      misses += fmt(", %.0f%% slower", t.window_miss_excess / static_cast<double>(t.window_misses));
    out += "     ours    " + pad(count_pct(t.linear_opt, instances), 17) +
           pad(count_pct(t.traffic_opt, instances), 17) + pad(count_pct(t.all, instances), 17) +
           pad(count_pct(t.only_search, instances) + fmt(" / %.1f%% (ours %.1f%%)",
                                                         t.extra_traffic_window / only,
                                                         t.extra_traffic_ours / only),
               34) +
           pad(fmt("%.0f%%", t.mean_worse()), 9) + misses + "\n";
    if (!single)
      out += fmt("           printed Definition 1 disagrees with execution on %.1f%% of Linear, "
                 "%.1f%% of Traffic",
                 pct(t.printed_thread_wrong[0], instances),
                 pct(t.printed_thread_wrong[1], instances)) +
             fmt(", %.1f%% of optimal schedules\n", pct(t.printed_thread_wrong[2], instances));
  }
  return out +
         "  All = Linear, Traffic and the window search all optimal; Opt = neither Linear nor "
         "Traffic optimal;\n"
         "  +traffic = mean extra traffic over the traffic optimum on the Opt instances, window "
         "search's schedule\n"
         "  (ours: our least-traffic optimal schedule); % worse = mean (T - T*) / T* of "
         "non-optimal Linear and\n"
         "  Traffic schedules. Optimal = the true optimum over every shift.\n\n";
}

std::string modes_table(const LauExperimentReport& r) {
  std::string out =
      "Table 3: comparing single-send and multi-send mode (optimal schedules)\n"
      "  n   paper % worse  #equal   ours % worse  #equal          window search % worse  #equal"
      "   mean T_s* / T_m* (max T_s*)\n";
  for (auto it = r.rings.rbegin(); it != r.rings.rend(); ++it) {
    const double instances = static_cast<double>(it->instances);
    std::string paper = "      -         -     ";
    for (const auto& p : paper::kTable3)
      if (p.n == static_cast<int>(it->n)) paper = fmt("   %6.2f%%  %7.0f   ", p.worse_pct, p.equal);
    out += fmt("%3.0f", static_cast<double>(it->n)) + paper +
           fmt("   %6.2f%%  %7.0f", it->modes.worse_sum / instances,
               static_cast<double>(it->modes.equal)) +
           fmt(" (%5.1f%%)", pct(it->modes.equal, it->instances)) +
           fmt("         %6.2f%%  %7.0f", it->modes.window_worse_sum / instances,
               static_cast<double>(it->modes.window_equal)) +
           fmt("   %5.2f / %4.2f (%.0f)\n", it->modes.single_sum / instances,
               it->modes.multi_sum / instances, static_cast<double>(it->modes.single_max));
  }
  return out + "  % worse = mean (T_s* - T_m*) / T_m*; #equal = instances with T_s* = T_m*.\n\n";
}

std::string odd_table(const LauExperimentReport& r) {
  std::string out =
      "Traffic rule for odd n (docs/errata.md item 7; the document's tables use even n only, where "
      "the rules agree)\n"
      "  n  instances  printed rule not traffic-optimal  Traffic=Opt single: printed / corrected   "
      "multi: printed / corrected   window misses single / multi\n";
  for (const auto& o : r.odd)
    out += fmt("%3.0f  %9.0f  ", static_cast<double>(o.n), static_cast<double>(o.instances)) +
           pad(count_pct(o.printed_not_traffic_optimal, o.instances), 34) +
           pad(fmt("%.2f%% / %.2f%%", pct(o.traffic_opt_printed[0], o.instances),
                   pct(o.traffic_opt_corrected[0], o.instances)),
               41) +
           pad(fmt("%.2f%% / %.2f%%", pct(o.traffic_opt_printed[1], o.instances),
                   pct(o.traffic_opt_corrected[1], o.instances)),
               29) +
           fmt("%.2f%% / %.2f%%\n", pct(o.window_misses[0], o.instances),
               pct(o.window_misses[1], o.instances));
  return out + "\n";
}

std::string timing_table(const LauExperimentReport& r) {
  std::string out =
      "Table 4: runtime of the Optimal algorithm, single-send (paper: 167 MHz SPARC; ours: CPU "
      "time on this machine, " +
      std::to_string(r.timing.empty() ? 0 : r.timing[0].instances) +
      " instances per row, best of 3)\n"
      "  n  max  mean total load   window Traffic (Linear)   paper time   window search   ours "
      "(single)  ours (multi)  speed-up\n"
      "          paper    ours      paper       ours\n";
  for (std::size_t i = 0; i < r.timing.size(); ++i) {
    const TimingRow& t = r.timing[i];
    const paper::TimingRow& p = paper::kTable4[i % paper::kTable4.size()];
    out += fmt("%3.0f  %3.0f", static_cast<double>(t.n), static_cast<double>(t.max_load)) +
           fmt("   %5.0f  %6.0f", p.mean_total_load, t.mean_total_load) +
           fmt("   %3.0f (%3.0f)", p.window_traffic, p.window_linear) +
           fmt("  %4.0f (%4.0f)", t.mean_window_traffic, t.mean_window_linear) +
           fmt("   %6.2f ms", p.msec) + fmt("   %9.2f us", t.window_search_us) +
           fmt("   %9.2f us", t.optimal_us) + fmt("  %9.2f us", t.optimal_multi_us) +
           fmt("   %6.1fx\n", t.window_search_us / std::max(t.optimal_us, 1e-9));
  }
  out +=
      "  window = d_max - d_min + 1 of the start schedule (0 when it has no red node), mean over "
      "instances;\n"
      "  where the Traffic schedule has a red node at all:";
  for (const TimingRow& t : r.timing)
    out +=
        fmt(" %.0f%%", pct(t.window_defined, t.instances)) +
        fmt(" (mean %.0f)", t.mean_window_traffic * static_cast<double>(t.instances) /
                                static_cast<double>(std::max<std::int64_t>(t.window_defined, 1)));
  return out + "\n";
}

}  // namespace

std::string format_lau_tables(const LauExperimentReport& r) {
  return mode_table(r, true) + mode_table(r, false) + modes_table(r) + odd_table(r) +
         timing_table(r) + "\n" + format_generator_fit(r.fits) +
         fmt("\n(%.1f s in all)\n", r.seconds);
}

namespace {

std::string csv_rings(const LauExperimentReport& r, bool single) {
  const auto& paper = single ? paper::kTable1 : paper::kTable2;
  std::string out =
      "n,instances,linear_opt,traffic_opt,all,only_search,extra_traffic_window_pct,extra_traffic_"
      "ours_pct,worse_pct,"
      "window_misses,printed_thread_wrong_linear,printed_thread_wrong_traffic,printed_thread_wrong_"
      "optimal,"
      "paper_linear_opt,paper_traffic_opt,paper_all,paper_only_optimal,paper_extra_traffic_pct,"
      "paper_worse_pct\n";
  for (const auto& ring : r.rings) {
    const ModeTally& t = single ? ring.single : ring.multi;
    const double only = static_cast<double>(std::max<std::int64_t>(t.only_search, 1));
    out += std::to_string(ring.n) + "," + std::to_string(ring.instances) + "," +
           std::to_string(t.linear_opt) + "," + std::to_string(t.traffic_opt) + "," +
           std::to_string(t.all) + "," + std::to_string(t.only_search) +
           fmt(",%.3f,%.3f,%.3f,", t.extra_traffic_window / only, t.extra_traffic_ours / only,
               t.mean_worse()) +
           std::to_string(t.window_misses) + "," + std::to_string(t.printed_thread_wrong[0]) + "," +
           std::to_string(t.printed_thread_wrong[1]) + "," +
           std::to_string(t.printed_thread_wrong[2]);
    if (const auto* p = paper_row(paper, ring.n))
      out += fmt(",%.0f,%.0f,%.0f", p->linear_opt, p->traffic_opt, p->all) +
             fmt(",%.0f,%.0f,%.0f\n", p->only_optimal, p->extra_traffic_pct, p->worse_pct);
    else
      out += ",,,,,,\n";
  }
  return out;
}

std::string csv_modes(const LauExperimentReport& r) {
  std::string out =
      "n,instances,worse_pct,equal,window_worse_pct,window_equal,paper_worse_pct,paper_equal,"
      "mean_single_steps,mean_multi_steps,max_single_steps\n";
  for (const auto& ring : r.rings) {
    const double instances = static_cast<double>(ring.instances);
    out +=
        std::to_string(ring.n) + "," + std::to_string(ring.instances) +
        fmt(",%.3f,%.0f", ring.modes.worse_sum / instances, static_cast<double>(ring.modes.equal)) +
        fmt(",%.3f,%.0f", ring.modes.window_worse_sum / instances,
            static_cast<double>(ring.modes.window_equal));
    std::string paper = ",,";
    for (const auto& p : paper::kTable3)
      if (p.n == static_cast<int>(ring.n)) paper = fmt(",%.2f,%.0f", p.worse_pct, p.equal);
    out +=
        paper + fmt(",%.3f,%.3f,%.0f\n", ring.modes.single_sum / instances,
                    ring.modes.multi_sum / instances, static_cast<double>(ring.modes.single_max));
  }
  return out;
}

std::string csv_odd(const LauExperimentReport& r) {
  std::string out =
      "n,instances,printed_not_traffic_optimal,traffic_opt_single_printed,traffic_opt_single_"
      "corrected,"
      "traffic_opt_multi_printed,traffic_opt_multi_corrected,window_misses_single,window_misses_"
      "multi\n";
  for (const auto& o : r.odd)
    out += std::to_string(o.n) + "," + std::to_string(o.instances) + "," +
           std::to_string(o.printed_not_traffic_optimal) + "," +
           std::to_string(o.traffic_opt_printed[0]) + "," +
           std::to_string(o.traffic_opt_corrected[0]) + "," +
           std::to_string(o.traffic_opt_printed[1]) + "," +
           std::to_string(o.traffic_opt_corrected[1]) + "," + std::to_string(o.window_misses[0]) +
           "," + std::to_string(o.window_misses[1]) + "\n";
  return out;
}

std::string csv_timing(const LauExperimentReport& r) {
  std::string out =
      "n,max_load,instances,mean_total_load,mean_window_traffic,mean_window_linear,traffic_window_"
      "defined,window_search_us,"
      "optimal_single_us,optimal_multi_us,paper_mean_total_load,paper_window_traffic,paper_window_"
      "linear,paper_ms\n";
  for (std::size_t i = 0; i < r.timing.size(); ++i) {
    const TimingRow& t = r.timing[i];
    const auto& p = paper::kTable4[i % paper::kTable4.size()];
    out += std::to_string(t.n) + "," + std::to_string(t.max_load) + "," +
           std::to_string(t.instances) +
           fmt(",%.1f,%.2f,%.2f", t.mean_total_load, t.mean_window_traffic, t.mean_window_linear) +
           "," + std::to_string(t.window_defined) +
           fmt(",%.3f,%.3f,%.3f", t.window_search_us, t.optimal_us, t.optimal_multi_us) +
           fmt(",%.0f,%.0f,%.0f", p.mean_total_load, p.window_traffic, p.window_linear) +
           fmt(",%.2f\n", p.msec);
  }
  return out;
}

std::string rates_plot(const LauExperimentReport& r) {
  LinePlot plot{"Schedules that are time-optimal (document 002 Tables 1-2)", "ring size n",
                "% of instances"};
  const auto add = [&](const std::string& name, const std::string& color, bool dashed, auto value) {
    PlotSeries s{name, {}, color, dashed};
    for (auto it = r.rings.rbegin(); it != r.rings.rend(); ++it)
      s.points.push_back({static_cast<double>(it->n), value(*it)});
    plot.series.push_back(std::move(s));
  };
  add("Linear, single", "#0072B2", false,
      [](const RingRow& g) { return pct(g.single.linear_opt, g.instances); });
  add("Traffic, single", "#D55E00", false,
      [](const RingRow& g) { return pct(g.single.traffic_opt, g.instances); });
  add("window, single", "#009E73", false,
      [](const RingRow& g) { return 100 - pct(g.single.window_misses, g.instances); });
  add("Linear, multi", "#0072B2", true,
      [](const RingRow& g) { return pct(g.multi.linear_opt, g.instances); });
  add("Traffic, multi", "#D55E00", true,
      [](const RingRow& g) { return pct(g.multi.traffic_opt, g.instances); });
  for (int table = 0; table < 2; ++table) {
    const auto& paper = table == 0 ? paper::kTable1 : paper::kTable2;
    // Published values as hollow markers, multi-send in lighter shades.
    PlotSeries lin{table == 0 ? "paper Linear, single" : "paper Linear, multi",
                   {},
                   table == 0 ? "#0072B2" : "#56B4E9",
                   false,
                   SeriesStyle::markers};
    PlotSeries tra{table == 0 ? "paper Traffic, single" : "paper Traffic, multi",
                   {},
                   table == 0 ? "#D55E00" : "#E69F00",
                   false,
                   SeriesStyle::markers};
    for (const auto& p : paper) {
      lin.points.push_back({static_cast<double>(p.n), 100.0 * p.linear_opt / 50000.0});
      tra.points.push_back({static_cast<double>(p.n), 100.0 * p.traffic_opt / 50000.0});
    }
    plot.series.push_back(lin);
    plot.series.push_back(tra);
  }
  return report::render_svg(plot, 680,
                            540);  // tall enough that the nine-line legend clears the curves
}

std::string runtime_plot(const LauExperimentReport& r) {
  LinePlot plot{"Time per instance, single-send (Table 4)", "ring size n",
                "microseconds (log scale)", true};
  // Ours hardly depends on the largest load: its three lines nearly coincide, kept apart by their
  // markers and dashes.
  for (std::size_t block = 0; block * 3 < r.timing.size(); ++block) {
    const std::string load = std::to_string(r.timing[block * 3].max_load);
    PlotSeries window{"window search, max " + load, {}, report::palette_color(block), false};
    PlotSeries ours{"ours, max " + load, {}, report::palette_color(block), true};
    for (std::size_t k = block * 3; k < std::min(r.timing.size(), block * 3 + 3); ++k) {
      window.points.push_back(
          {static_cast<double>(r.timing[k].n), std::max(r.timing[k].window_search_us, 1e-3)});
      ours.points.push_back(
          {static_cast<double>(r.timing[k].n), std::max(r.timing[k].optimal_us, 1e-3)});
    }
    plot.series.push_back(window);
    plot.series.push_back(ours);
  }
  return report::render_svg(plot);
}

// Table 3: how much slower the optimal single-send schedule is than the optimal multi-send one,
// published (markers) against ours and the window search's, on a log axis (0.2% .. 200%).
std::string modes_plot(const LauExperimentReport& r) {
  LinePlot plot{
      "Optimal single-send vs multi-send time (document 002 Table 3; n = 4: 0%, not drawn)",
      "ring size n", "mean % by which T_s* exceeds T_m* (log scale)", true};
  PlotSeries ours{"ours (optimum over every shift)", {}, "#D55E00", false};
  PlotSeries window{"window search (published algorithm)", {}, "#009E73", true};
  for (auto it = r.rings.rbegin(); it != r.rings.rend(); ++it) {
    const auto n = static_cast<double>(it->instances);
    if (it->modes.worse_sum <= 0) continue;  // a zero has no place on a log axis
    ours.points.push_back({static_cast<double>(it->n), it->modes.worse_sum / n});
    window.points.push_back({static_cast<double>(it->n), it->modes.window_worse_sum / n});
  }
  PlotSeries paper{"paper", {}, "#0072B2", false, SeriesStyle::markers};
  for (const auto& p : paper::kTable3)
    if (p.worse_pct > 0) paper.points.push_back({static_cast<double>(p.n), p.worse_pct});
  plot.series = {ours, window, paper};
  return report::render_svg(plot);
}

}  // namespace

std::vector<std::string> lau_experiment_files(const LauExperimentOptions&) {
  return {"tables.txt",
          "table1_single.csv",
          "table2_multi.csv",
          "table3_modes.csv",
          "table_odd_traffic.csv",
          "table4_runtime.csv",
          "lau_optimal_rates.svg",
          "lau_runtime.svg",
          "lau_table3_modes.svg",
          "generator_fit.csv"};
}

std::vector<std::string> write_lau_experiment(const LauExperimentReport& r,
                                              const std::string& dir) {
  // All the tables or none (docs/limits.md "Output files").
  return report::write_report_files(dir, {
                                             {"tables.txt", format_lau_tables(r)},
                                             {"table1_single.csv", csv_rings(r, true)},
                                             {"table2_multi.csv", csv_rings(r, false)},
                                             {"table3_modes.csv", csv_modes(r)},
                                             {"table_odd_traffic.csv", csv_odd(r)},
                                             {"table4_runtime.csv", csv_timing(r)},
                                             {"lau_optimal_rates.svg", rates_plot(r)},
                                             {"lau_runtime.svg", runtime_plot(r)},
                                             {"lau_table3_modes.svg", modes_plot(r)},
                                             {"generator_fit.csv", generator_fit_csv(r.fits)},
                                         });
}

}  // namespace redist::report
