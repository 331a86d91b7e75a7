// Text tables, CSV files and SVG plots of `redist experiment perm` (experiment.hpp).

#include <iomanip>
#include <sstream>

#include "redist/report/chart.hpp"
#include "redist/report/csv.hpp"
#include "redist/report/perm_experiment.hpp"
#include "redist/report/report_files.hpp"

namespace redist::report {

namespace {

std::string figure_csv(const std::vector<FigurePoint>& points, const char* x_name) {
  report::CsvTable table({x_name, "canonical_volume", "canonical_steps", "vol_volume_mean",
                          "vol_volume_std", "vol_steps_mean", "vol_steps_std", "steps_volume_mean",
                          "steps_volume_std", "steps_steps_mean", "steps_steps_std",
                          "canonical_volume_std"});
  using report::csv_number;
  for (const FigurePoint& p : points)
    table.add_row({csv_number(p.x), csv_number(p.canonical_volume), csv_number(p.canonical_steps),
                   csv_number(p.vol_volume.mean), csv_number(p.vol_volume.stddev),
                   csv_number(p.vol_steps.mean), csv_number(p.vol_steps.stddev),
                   csv_number(p.steps_volume.mean), csv_number(p.steps_volume.stddev),
                   csv_number(p.steps_steps.mean), csv_number(p.steps_steps.stddev),
                   csv_number(p.canonical_volume_std)});
  return table.str();
}

// The mean over the draws, with an error bar of one standard deviation either side.
report::PlotSeries curve(const std::vector<FigurePoint>& points, const char* name,
                         std::size_t colour, bool dashed, MeanStd FigurePoint::*field) {
  report::PlotSeries s{name, {}, report::palette_color(colour), dashed};
  for (const FigurePoint& p : points) {
    s.points.emplace_back(p.x, (p.*field).mean);
    s.error_bars.emplace_back((p.*field).mean - (p.*field).stddev,
                              (p.*field).mean + (p.*field).stddev);
  }
  return s;
}

std::string figure_svg(const std::vector<FigurePoint>& points, const char* title,
                       const char* x_label) {
  report::LinePlot plot{title, x_label,
                        "relative to the canonical distribution (mean, bars: 1 s.d.)"};
  plot.series.push_back(curve(points, "D_vol: volume", 0, false, &FigurePoint::vol_volume));
  plot.series.push_back(curve(points, "D_steps: volume", 1, true, &FigurePoint::steps_volume));
  plot.series.push_back(curve(points, "D_vol: steps", 2, false, &FigurePoint::vol_steps));
  plot.series.push_back(curve(points, "D_steps: steps", 3, true, &FigurePoint::steps_steps));
  return report::render_svg(plot);
}

std::string table1a_csv(const std::vector<SkewedSetRow>& rows) {
  std::ostringstream o;
  o << "tiles_per_side,tiles,volume_owner,volume_can,volume_vol,volume_steps,steps_owner,steps_can,"
       "steps_vol,steps_steps,"
       "reference_exact_vol,reference_exact_steps,reference_parts_vol,reference_parts_steps\n";
  for (const SkewedSetRow& r : rows)
    o << r.tiles << ',' << r.tiles * r.tiles << ",0," << r.volume[0] << ',' << r.volume[1] << ','
      << r.volume[2] << ",0," << r.steps[0] << ',' << r.steps[1] << ',' << r.steps[2] << ','
      << r.reference_exact[0] << ',' << r.reference_exact[1] << ',' << r.reference_parts[0] << ','
      << r.reference_parts[1] << '\n';
  return o.str();
}

std::string table1b_csv(const std::vector<ChunkSetRow>& rows) {
  std::ostringstream o;
  o << "tiles_per_side,tiles,volume_owner,volume_can,volume_vol,volume_steps,steps_owner,steps_can,"
       "steps_vol,steps_steps,"
       "moved_fraction_can,moved_fraction_vol,moved_fraction_steps,owner_imbalance\n";
  for (const ChunkSetRow& r : rows) {
    const auto tiles = static_cast<double>(r.tiles * r.tiles);
    o << r.tiles << ',' << r.tiles * r.tiles << ",0," << r.volume[0] << ',' << r.volume[1] << ','
      << r.volume[2] << ",0," << r.steps[0] << ',' << r.steps[1] << ',' << r.steps[2] << ','
      << r.volume[0] / tiles << ',' << r.volume[1] / tiles << ',' << r.volume[2] / tiles << ','
      << r.owner_imbalance << '\n';
  }
  return o.str();
}

std::string stencil_csv(const std::vector<StencilRow>& rows) {
  std::ostringstream o;
  o << "layout,model,K,tau_comm_over_tau_calc,processors,items,reference,owner,canonical_block,"
       "block,improved_blocks,choice,worst_choice,choice_at_reference,picked_owner,picked_block,"
       "picked_improved,draws\n";
  for (const StencilRow& r : rows)
    o << r.layout << ',' << r.model << ',' << r.iterations << ',' << r.ratio << ',' << r.processors
      << ',' << r.items << ',' << r.reference << ',' << r.owner << ',' << r.canonical_block << ','
      << r.block << ',' << r.improved << ',' << r.choice << ',' << r.worst_choice << ','
      << r.choice_at_reference << ',' << r.picked[0] << ',' << r.picked[1] << ',' << r.picked[2]
      << ',' << r.draws << '\n';
  return o.str();
}

void format_stencil(std::ostringstream& o, const std::vector<StencilRow>& rows) {
  o << "layout  model    K  ratio   owner  D_can  block  improved  choice  worst  at ref  "
       "picked(o/b/i)\n";
  for (const StencilRow& s : rows)
    o << std::left << std::setw(8) << s.layout << std::setw(7) << s.model << std::right
      << std::setw(4) << s.iterations << std::setw(6) << std::setprecision(0) << s.ratio
      << std::setprecision(3) << std::setw(9) << s.owner << std::setw(7) << s.canonical_block
      << std::setw(7) << s.block << std::setw(10) << s.improved << std::setw(8) << s.choice
      << std::setw(7) << s.worst_choice << std::setw(5) << s.choice_at_reference << "/" << std::left
      << std::setw(3) << s.draws << std::right << s.picked[0] << "/" << s.picked[1] << "/"
      << s.picked[2] << "\n";
}

void format_figure(std::ostringstream& o, const std::vector<FigurePoint>& points,
                   const char* x_name) {
  o << std::setw(6) << x_name
    << "  can.vol  can.steps  Dvol:vol  Dvol:steps  Dsteps:vol  Dsteps:steps\n";
  for (const FigurePoint& p : points)
    o << std::setw(6) << p.x << std::setw(9) << p.canonical_volume << std::setw(11)
      << p.canonical_steps << std::setw(10) << p.vol_volume.mean << std::setw(12)
      << p.vol_steps.mean << std::setw(12) << p.steps_volume.mean << std::setw(14)
      << p.steps_steps.mean << "\n";
}

}  // namespace

std::string format_perm_experiment(const PermExperimentReport& r) {
  std::ostringstream o;
  o << std::fixed << std::setprecision(3);
  o << "Figure 1 (P = 32, random balanced, " << r.draws
    << " draws; ratios to the canonical distribution)\n";
  format_figure(o, r.figure1, "D");
  o << "\nFigure 2 (P = 32, D = 20, skewed)\n";
  format_figure(o, r.figure2, "alpha");
  o << "\nTable 1a (SkewedSet, 4 x 4 grid; mean volume and steps; owner-computes moves nothing)\n"
    << "     n   vol:can   vol:vol vol:steps  steps:can steps:vol steps:steps  "
       "ref.exact(vol/steps)  ref.parts(vol/steps)\n";
  for (const SkewedSetRow& row : r.table1a)
    o << std::setw(6) << row.tiles << std::setw(10) << row.volume[0] << std::setw(10)
      << row.volume[1] << std::setw(10) << row.volume[2] << std::setw(11) << row.steps[0]
      << std::setw(10) << row.steps[1] << std::setw(12) << row.steps[2] << std::setw(11)
      << row.reference_exact[0] << " /" << std::setw(6) << row.reference_exact[1] << std::setw(13)
      << row.reference_parts[0] << " /" << std::setw(6) << row.reference_parts[1] << "\n";
  o << "\nTable 1b (ChunkSet-like, 4 x 4 grid; mean volume and steps; moved = volume / tiles)\n"
    << "     n   vol:can   vol:vol vol:steps  steps:can steps:vol steps:steps  moved:can moved:vol "
       " owner max/mean\n";
  for (const ChunkSetRow& row : r.table1b) {
    const auto tiles = static_cast<double>(row.tiles * row.tiles);
    o << std::setw(6) << row.tiles << std::setw(10) << row.volume[0] << std::setw(10)
      << row.volume[1] << std::setw(10) << row.volume[2] << std::setw(11) << row.steps[0]
      << std::setw(10) << row.steps[1] << std::setw(12) << row.steps[2] << std::setw(11)
      << row.volume[0] / tiles << std::setw(10) << row.volume[1] / tiles << std::setw(16)
      << row.owner_imbalance << "\n";
  }
  o << "\nStencil coupling, P = 16, N = 256: mean cost relative to the best fixed strategy of each "
       "draw (owner-computes, D_can, optimally placed blocks); choice = the heuristic's pick, at "
       "ref = draws where it is no better than the best fixed strategy\n";
  format_stencil(o, r.stencil);
  o << "\nStencil coupling, P = 3, N = 9: mean cost relative to the exhaustive optimum (every "
       "3^9 distribution); worst = the largest choice / optimum, at ref = draws where the choice "
       "is optimal\n";
  format_stencil(o, r.stencil_tiny);
  return o.str();
}

std::vector<std::string> perm_experiment_files(const PermExperimentOptions&) {
  return {"figure1.csv", "figure1.svg", "figure2.csv", "figure2.svg",
          "table1a.csv", "table1b.csv", "stencil.csv", "stencil_tiny.csv"};
}

std::vector<std::string> write_perm_experiment(const PermExperimentReport& r,
                                               const std::string& directory) {
  // All the figures and tables or none (docs/limits.md "Output files").
  return report::write_report_files(
      directory,
      {{"figure1.csv", figure_csv(r.figure1, "D")},
       {"figure1.svg",
        figure_svg(r.figure1, "Figure 1: random balanced, P = 32", "D (items per processor)")},
       {"figure2.csv", figure_csv(r.figure2, "alpha")},
       {"figure2.svg", figure_svg(r.figure2, "Figure 2: skewed, P = 32, D = 20", "alpha")},
       {"table1a.csv", table1a_csv(r.table1a)},
       {"table1b.csv", table1b_csv(r.table1b)},
       {"stencil.csv", stencil_csv(r.stencil)},
       {"stencil_tiny.csv", stencil_csv(r.stencil_tiny)}});
}

}  // namespace redist::report
