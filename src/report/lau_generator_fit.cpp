#include "redist/report/lau_generator_fit.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <numeric>

#include "redist/report/lau_experiment.hpp"
#include "report/lau_published_tables.hpp"

namespace redist::report {

namespace {

constexpr double kPaperInstances = 50'000;

std::string fmt(const char* format, double a, double b = 0, double c = 0, double d = 0) {
  char buffer[160];
  std::snprintf(buffer, sizeof buffer, format, a, b, c, d);
  return buffer;
}

void add_cell(GeneratorFit& fit, const char* table, std::size_t n, const char* column,
              double paper_count, double ours_count, double ours_total) {
  FitCell c{table,
            n,
            column,
            paper_count / kPaperInstances,
            ours_count / ours_total,
            two_proportion_z(ours_count, ours_total, paper_count, kPaperInstances)};
  fit.chi_square += c.z * c.z;
  fit.max_abs_z = std::max(fit.max_abs_z, std::fabs(c.z));
  fit.cells.push_back(std::move(c));
}

void add_mode_cells(GeneratorFit& fit, const char* table, const RingRow& row, const ModeTally& t,
                    const paper::ModeRow& paper) {
  const auto total = static_cast<double>(row.instances);
  add_cell(fit, table, row.n, "Linear=Opt", paper.linear_opt, static_cast<double>(t.linear_opt),
           total);
  add_cell(fit, table, row.n, "Traffic=Opt", paper.traffic_opt, static_cast<double>(t.traffic_opt),
           total);
  add_cell(fit, table, row.n, "Opt", paper.only_optimal, static_cast<double>(t.only_search), total);
}

template <typename Rows>
const auto* paper_row(const Rows& rows, std::size_t n) {
  for (const auto& r : rows)
    if (static_cast<std::size_t>(r.n) == n) return &r;
  return static_cast<decltype(&rows[0])>(nullptr);
}

double mean_load(const lau::LoadModel& model, std::uint64_t seed) {
  Rng rng(stream_seed(seed, 0xF17));
  double sum = 0;
  constexpr std::size_t kSample = 2000, kN = 20;
  for (std::size_t k = 0; k < kSample; ++k) {
    const auto loads = lau::draw_loads(model, rng, kN);
    sum += static_cast<double>(std::accumulate(loads.begin(), loads.end(), std::int64_t{0}));
  }
  return sum / static_cast<double>(kSample * kN);
}

}  // namespace

double two_proportion_z(double x1, double n1, double x2, double n2) {
  const double pooled = (x1 + x2) / (n1 + n2);
  const double variance = pooled * (1 - pooled) * (1 / n1 + 1 / n2);
  return variance > 0 ? (x1 / n1 - x2 / n2) / std::sqrt(variance) : 0.0;
}

double chi_square_upper_tail(double x, int df) {
  if (df <= 0 || !(x > 0)) return 1.0;
  const double k = df, h = 2.0 / (9.0 * k);
  const double z = (std::cbrt(x / k) - (1 - h)) / std::sqrt(h);
  return 0.5 * std::erfc(z / std::sqrt(2.0));
}

std::vector<GeneratorFit> run_generator_fit(std::int64_t instances, std::uint64_t seed) {
  std::vector<GeneratorFit> fits;
  const auto& models = lau::candidate_load_models();
  for (std::size_t m = 0; m < models.size(); ++m) {
    GeneratorFit fit;
    fit.model = models[m];
    fit.instances = instances;
    fit.mean_load = mean_load(models[m], seed);
    for (std::size_t n : {50, 30, 20, 10, 4}) {
      // Streams 16 + m: independent of the tables' stream (1) and of one another.
      const RingRow row = run_ring(n, instances, seed, models[m], 16 + m);
      add_mode_cells(fit, "1", row, row.single, *paper_row(paper::kTable1, n));
      if (n != 4) add_mode_cells(fit, "2", row, row.multi, *paper_row(paper::kTable2, n));
      if (const auto* t3 = paper_row(paper::kTable3, n); t3 && n != 4)
        add_cell(fit, "3", n, "#equal", t3->equal, static_cast<double>(row.modes.equal),
                 static_cast<double>(instances));
    }
    fit.p_value = chi_square_upper_tail(fit.chi_square, static_cast<int>(fit.cells.size()));
    fits.push_back(std::move(fit));
  }
  return fits;
}

std::string generator_fit_csv(const std::vector<GeneratorFit>& fits) {
  std::string out =
      "model,instances_per_n,mean_load,table,n,column,paper,ours,z,model_chi_square,model_df,model_"
      "p_value\n";
  for (const GeneratorFit& f : fits)
    for (const FitCell& c : f.cells)
      out += "\"" + f.model.name + "\"," + std::to_string(f.instances) +
             fmt(",%.2f,", f.mean_load) + c.table + "," + std::to_string(c.n) + "," + c.column +
             fmt(",%.5f,%.5f,%.2f", c.paper, c.ours, c.z) +
             fmt(",%.1f,%.0f,%.3g\n", f.chi_square, static_cast<double>(f.cells.size()), f.p_value);
  return out;
}

std::string format_generator_fit(const std::vector<GeneratorFit>& fits) {
  std::vector<const GeneratorFit*> order;
  for (const auto& f : fits) order.push_back(&f);
  std::sort(order.begin(), order.end(),
            [](const auto* a, const auto* b) { return a->chi_square < b->chi_square; });
  std::string out =
      "Generator fit: candidate load distributions against Tables 1-3 (" +
      std::to_string(fits.empty() ? 0 : fits.front().instances) +
      " instances per n each; 30 cells, two-proportion z-tests; best first)\n"
      "  model                         mean load  chi-square (df 30)  p-value     max |z|\n";
  for (const GeneratorFit* f : order) {
    std::string name = f->model.name;
    name.resize(std::max<std::size_t>(name.size(), 28), ' ');
    out += "  " + name +
           fmt("  %8.1f  %18.1f  %9.2g  %8.1f\n", f->mean_load, f->chi_square, f->p_value,
               f->max_abs_z);
  }
  return out +
         "  p-value: chi-square upper tail with 30 degrees of freedom; the cells share instances, "
         "so it is\n"
         "  indicative only. A fitting generator would give a chi-square near 30 (p around 0.5).\n";
}

}  // namespace redist::report
