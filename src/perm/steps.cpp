#include "redist/perm/steps.hpp"

#include <algorithm>

#include "perm/hopcroft_karp.hpp"
#include "redist/core/error.hpp"
#include "redist/perm/bottleneck.hpp"
#include "redist/perm/weighted_matching.hpp"

namespace redist::perm {

namespace {

// Among permutations whose pairs all weigh <= t: the one keeping the most items (see steps.hpp for
// why the bonus B on heavy endpoints makes this exact).
std::vector<Proc> fewest_items_among(const PermInstance& inst, std::int64_t t) {
  const std::size_t n = inst.processors();
  REDIST_ASSERT(inst.total_items() < (std::int64_t{1} << 61));
  const std::int64_t bonus = inst.total_items() + 1;
  WeightedGraph g;
  g.size = n;
  g.row_start.assign(n + 1, 0);
  for (std::size_t i = 0; i < n; ++i) {
    const auto p = static_cast<Proc>(i);
    for (const CountEntry& e : inst.row(p)) {
      if (step_weight(inst, p, e.part, e.count) > t) continue;
      const std::int64_t heavy = (inst.load(p) > t ? 1 : 0) + (inst.part_size(e.part) > t ? 1 : 0);
      g.edges.push_back({e.part, e.count + heavy * bonus});
    }
    g.row_start[i + 1] = g.edges.size();
  }
  return max_weight_matching(g).col_of_row;
}

}  // namespace

PermSolution solve_min_steps(const PermInstance& instance, const StepsOptions& options) {
  auto best = bottleneck_perfect_matching(step_weight_graph(instance));
  REDIST_ASSERT(best.has_value());  // the complete graph always has a perfect matching
  std::vector<Proc> rows = options.prefer_min_volume ? fewest_items_among(instance, best->value)
                                                     : std::move(best->col_of_row);
  PermSolution s = evaluate(instance, assignment_from_rows(rows));
  REDIST_ASSERT(s.steps == best->value);
  return s;
}

namespace {

// The complete graph's edges of weight <= cap, as Hopcroft-Karp adjacency (rebuilt from scratch
// each round, as the baseline prescribes).
struct CappedGraph {
  std::vector<Proc> target;
  std::vector<std::size_t> begin, end;

  CappedGraph(const std::vector<std::int64_t>& w, std::size_t n, std::int64_t cap)
      : begin(n), end(n) {
    for (std::size_t i = 0; i < n; ++i) {
      begin[i] = target.size();
      for (std::size_t j = 0; j < n; ++j)
        if (w[i * n + j] <= cap) target.push_back(static_cast<Proc>(j));
      end[i] = target.size();
    }
  }
  [[nodiscard]] BipartiteAdjacency adjacency() const { return {target, begin, end}; }
};

}  // namespace

PermSolution solve_min_steps_pruning(const PermInstance& instance) {
  const std::size_t n = instance.processors();
  std::vector<std::int64_t> w(n * n);
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t j = 0; j < n; ++j)
      w[i * n + j] = step_weight(instance, static_cast<Proc>(i), static_cast<Proc>(j), 0);
  for (std::size_t i = 0; i < n; ++i)
    for (const CountEntry& e : instance.row(static_cast<Proc>(i))) w[i * n + e.part] -= e.count;
  std::vector<Proc> all(n);
  for (std::size_t i = 0; i < n; ++i) all[i] = static_cast<Proc>(i);
  std::vector<Proc> saved(n);
  for (std::size_t i = 0; i < n; ++i) saved[i] = static_cast<Proc>(i);
  std::int64_t cap = std::numeric_limits<std::int64_t>::max();
  while (true) {
    const CappedGraph g(w, n, cap);
    HopcroftKarp hk(n, n);
    if (hk.augment(g.adjacency(), all) < n) break;
    for (std::size_t i = 0; i < n; ++i)
      saved[i] = hk.mate_of_left(static_cast<Proc>(i), g.adjacency());
    std::int64_t heaviest = std::numeric_limits<std::int64_t>::min();
    for (std::int64_t x : w)
      if (x <= cap) heaviest = std::max(heaviest, x);
    if (heaviest == std::numeric_limits<std::int64_t>::min()) break;
    cap = heaviest - 1;  // suppress every edge of maximum weight
  }
  return evaluate(instance, assignment_from_rows(saved));
}

}  // namespace redist::perm
