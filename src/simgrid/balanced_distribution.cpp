#include "redist/simgrid/balanced_distribution.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>

#include "redist/core/error.hpp"

namespace redist::simgrid {

namespace {

void check_arguments(std::int64_t total, const std::vector<double>& weights) {
  if (weights.empty()) throw InputError("distribution", "weights", "must not be empty");
  if (total < static_cast<std::int64_t>(weights.size()))
    throw InputError("distribution", "total", "must be at least one item per processor");
  for (std::size_t i = 0; i < weights.size(); ++i)
    if (!(weights[i] > 0) || !std::isfinite(weights[i]))
      throw InputError("distribution", indexed("weights", i), "must be a finite number > 0");
}

// Index of the largest value under `key` among those with counts[i] > 1 (ties: lowest index).
template <class Key>
std::size_t largest_reducible(const std::vector<std::int64_t>& counts, Key key) {
  std::size_t best = counts.size();
  for (std::size_t i = 0; i < counts.size(); ++i)
    if (counts[i] > 1 && (best == counts.size() || key(i) > key(best))) best = i;
  return best;
}

}  // namespace

std::vector<std::int64_t> proportional_counts(std::int64_t total,
                                              const std::vector<double>& weights) {
  check_arguments(total, weights);
  const double sum = std::accumulate(weights.begin(), weights.end(), 0.0);
  const std::size_t n = weights.size();
  std::vector<double> ideal(n);
  std::vector<std::int64_t> counts(n);
  std::int64_t given = 0;
  for (std::size_t i = 0; i < n; ++i) {
    ideal[i] = static_cast<double>(total) * weights[i] / sum;
    counts[i] = static_cast<std::int64_t>(std::floor(ideal[i]));
    given += counts[i];
  }
  // Largest remainders first; stable order keeps ties on the lower index.
  std::vector<std::size_t> order(n);
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
    return ideal[a] - std::floor(ideal[a]) > ideal[b] - std::floor(ideal[b]);
  });
  for (std::size_t k = 0; given < total; k = (k + 1) % n, ++given) ++counts[order[k]];
  // Every processor keeps one item: take it from the most over-served processor.
  for (std::size_t i = 0; i < n; ++i) {
    if (counts[i] > 0) continue;
    const std::size_t donor = largest_reducible(
        counts, [&](std::size_t j) { return static_cast<double>(counts[j]) - ideal[j]; });
    --counts[donor];
    counts[i] = 1;
  }
  return counts;
}

std::vector<std::int64_t> capped_counts(const std::vector<std::int64_t>& counts,
                                        const std::vector<double>& speeds, double work_per_item,
                                        double cap_time) {
  const std::size_t n = counts.size();
  std::vector<std::int64_t> cap(n), out = counts;
  std::int64_t excess = 0;
  for (std::size_t i = 0; i < n; ++i) {
    cap[i] = std::max<std::int64_t>(
        1,
        static_cast<std::int64_t>(std::floor(cap_time * speeds[i] / work_per_item * (1 + 1e-12))));
    if (out[i] > cap[i]) excess += out[i] - cap[i], out[i] = cap[i];
  }
  // Hand the excess out by increasing ring distance from the processors that shed it.
  for (std::size_t d = 1; excess > 0 && d <= n / 2 + 1; ++d)
    for (std::size_t i = 0; i < n && excess > 0; ++i) {
      if (counts[i] <= cap[i]) continue;
      for (std::size_t j : {(i + d) % n, (i + n - d) % n}) {
        const std::int64_t take = std::min(excess, cap[j] - out[j]);
        if (take > 0) out[j] += take, excess -= take;
      }
    }
  if (excess > 0)
    throw InputError("distribution", "cap_time",
                     "too small: the processors cannot hold every item");
  return out;
}

double iteration_time(const std::vector<std::int64_t>& counts, const std::vector<double>& speeds,
                      double work_per_item) {
  double slowest = 0;
  for (std::size_t i = 0; i < counts.size() && i < speeds.size(); ++i)
    slowest = std::max(slowest, static_cast<double>(counts[i]) * work_per_item / speeds[i]);
  return slowest;
}

}  // namespace redist::simgrid
