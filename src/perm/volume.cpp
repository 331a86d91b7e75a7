#include "redist/perm/volume.hpp"

#include "redist/core/error.hpp"
#include "redist/perm/bottleneck.hpp"

namespace redist::perm {

namespace {

// Complementary slackness: a perfect matching is volume-optimal iff every pair in it is tight for
// the optimal duals. Tight listed pairs keep their step weight; an unlisted pair (count 0) is tight
// iff both duals are 0, which the implicit block of BottleneckGraph expresses through the levels.
std::vector<Proc> fewest_steps_among_optimal(const PermInstance& inst, const WeightedGraph& g,
                                             const WeightedMatching& m) {
  BottleneckGraph b;
  b.size = g.size;
  b.row_level.resize(g.size);
  b.col_level.resize(g.size);
  for (std::size_t i = 0; i < g.size; ++i) {
    b.row_level[i] = m.row_dual[i] == 0 ? inst.load(static_cast<Proc>(i)) : kForbidden;
    b.col_level[i] = m.col_dual[i] == 0 ? inst.part_size(static_cast<Proc>(i)) : kForbidden;
  }
  for (std::size_t i = 0; i < g.size; ++i)
    for (std::size_t k = g.row_begin(i); k < g.row_end(i); ++k) {
      const WeightedEdge& e = g.edges[k];
      if (m.row_dual[i] + m.col_dual[e.col] != e.weight) continue;
      b.edges.push_back(
          {static_cast<Proc>(i), e.col, step_weight(inst, static_cast<Proc>(i), e.col, e.weight)});
    }
  auto best = bottleneck_perfect_matching(b);
  REDIST_ASSERT(best.has_value());  // the optimal matching itself is one candidate
  return std::move(best->col_of_row);
}

}  // namespace

PermSolution solve_min_volume(const PermInstance& instance, const VolumeOptions& options) {
  const WeightedGraph g = kept_items_graph(instance);
  const WeightedMatching m = max_weight_matching(g, options.method);
  std::vector<Proc> rows =
      options.prefer_min_steps ? fewest_steps_among_optimal(instance, g, m) : m.col_of_row;
  PermSolution s = evaluate(instance, assignment_from_rows(rows));
  REDIST_ASSERT(static_cast<__int128>(s.volume) == instance.total_items() - m.weight);
  return s;
}

}  // namespace redist::perm
