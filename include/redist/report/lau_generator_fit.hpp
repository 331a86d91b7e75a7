#pragma once
// Which load generator did document 002 use? Each candidate (load_models.hpp) is run on the ring
// sizes of Tables 1-3 and its proportions compared with the published counts (out of 50,000) by
// two-proportion z-tests, one per cell, combined into a chi-square statistic.
//
// Cells: Linear=Opt, Traffic=Opt and Opt (neither) of Table 1 for n = 4..50 and of Table 2 for
// n = 10..50 (Table 2's n = 4 row repeats Table 1's), and Table 3's #equal for n = 10, 20, 50: 30
// cells. They are not independent (several come from the same instances), so the p-value is
// indicative; with statistics in the hundreds or thousands the verdict does not depend on it.

#include <cstdint>
#include <string>
#include <vector>

#include "redist/lau/load_models.hpp"

namespace redist::report {

struct FitCell {
  std::string table;  // "1", "2" or "3"
  std::size_t n = 0;
  std::string column;  // "Linear=Opt", "Traffic=Opt", "Opt", "#equal"
  double paper = 0;    // proportion, out of 50,000
  double ours = 0;     // proportion, out of the candidate's instances
  double z = 0;        // two-proportion z statistic (pooled variance)
};

struct GeneratorFit {
  lau::LoadModel model;
  std::int64_t instances = 0;  // per ring size
  double mean_load = 0;  // over every drawn processor (Table 4's totals imply 0.38-0.47 x max)
  std::vector<FitCell> cells;
  double chi_square = 0;  // sum of z^2
  double p_value = 0;     // upper tail of chi-square with cells.size() degrees of freedom
  double max_abs_z = 0;
};

/// Two-proportion z statistic of x1 / n1 against x2 / n2 (0 when the pooled proportion is 0 or 1).
double two_proportion_z(double x1, double n1, double x2, double n2);

/// P(X >= x) for X chi-square with `df` degrees of freedom (Wilson-Hilferty cube-root normal
/// approximation: within about 0.005 of the exact tail for df >= 10).
double chi_square_upper_tail(double x, int df);

/// Every candidate, `instances` per ring size (n = 4, 10, 20, 30, 50), seeded streams of `seed`.
std::vector<GeneratorFit> run_generator_fit(std::int64_t instances, std::uint64_t seed);

/// The fits as CSV (one line per cell) and as a plain-text ranking.
std::string generator_fit_csv(const std::vector<GeneratorFit>& fits);
std::string format_generator_fit(const std::vector<GeneratorFit>& fits);

}  // namespace redist::report
