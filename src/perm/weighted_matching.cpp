#include "redist/perm/weighted_matching.hpp"

#include <algorithm>

#include "redist/core/error.hpp"

namespace redist::perm {

// Internal values (prices, path lengths) stay within a few times P * max weight; switch to 128 bits
// well before that could overflow 64 (only for astronomically large counts).
bool needs_wide_values(const WeightedGraph& graph) {
  const __int128 bound =
      static_cast<__int128>(graph.max_weight()) * static_cast<__int128>(graph.size + 1) * 16;
  return bound >= (static_cast<__int128>(1) << 62);
}

std::int64_t WeightedGraph::weight(Proc i, Proc j) const {
  const auto first = edges.begin() + static_cast<std::ptrdiff_t>(row_start[i]);
  const auto last = edges.begin() + static_cast<std::ptrdiff_t>(row_start[i + 1]);
  const auto it =
      std::lower_bound(first, last, j, [](const WeightedEdge& e, Proc col) { return e.col < col; });
  return it != last && it->col == j ? it->weight : 0;
}

std::int64_t WeightedGraph::max_weight() const {
  std::int64_t m = 0;
  for (const WeightedEdge& e : edges) m = std::max(m, e.weight);
  return m;
}

WeightedGraph kept_items_graph(const PermInstance& instance) {
  WeightedGraph g;
  g.size = instance.processors();
  g.row_start.assign(g.size + 1, 0);
  g.edges.reserve(instance.nonzeros());
  for (std::size_t i = 0; i < g.size; ++i) {
    for (const CountEntry& e : instance.row(static_cast<Proc>(i)))
      g.edges.push_back({e.part, e.count});
    g.row_start[i + 1] = g.edges.size();
  }
  return g;
}

WeightedMatching max_weight_matching(const WeightedGraph& graph, MatchingMethod method) {
  if (method == MatchingMethod::automatic) {
    const bool dense =
        graph.size <= kDenseLimit && graph.edges.size() * 8 >= graph.size * graph.size;
    method = dense ? MatchingMethod::dense : MatchingMethod::sparse;
  }
  return method == MatchingMethod::dense ? max_weight_matching_dense(graph)
                                         : max_weight_matching_sparse(graph);
}

namespace {

std::optional<std::string> check_duals(const WeightedGraph& g, const WeightedMatching& m) {
  for (std::size_t i = 0; i < g.size; ++i) {
    if (m.row_dual[i] < 0) return "row dual " + std::to_string(i) + " is negative";
    if (m.col_dual[i] < 0) return "column dual " + std::to_string(i) + " is negative";
  }
  for (std::size_t i = 0; i < g.size; ++i)
    for (std::size_t k = g.row_begin(i); k < g.row_end(i); ++k) {
      const WeightedEdge& e = g.edges[k];
      if (static_cast<__int128>(m.row_dual[i]) + m.col_dual[e.col] < e.weight)
        return "edge (" + std::to_string(i) + ", " + std::to_string(e.col) +
               ") has a negative reduced weight";
    }
  return std::nullopt;
}

}  // namespace

std::optional<std::string> check_matching_certificate(const WeightedGraph& g,
                                                      const WeightedMatching& m) {
  if (m.col_of_row.size() != g.size || m.row_dual.size() != g.size || m.col_dual.size() != g.size)
    return "sizes differ from the graph";
  if (!is_permutation(m.col_of_row, g.size)) return "the matching is not a perfect matching";
  if (auto bad = check_duals(g, m)) return bad;
  __int128 primal = 0, dual = 0;
  for (std::size_t i = 0; i < g.size; ++i) {
    const Proc j = m.col_of_row[i];
    const std::int64_t w = g.weight(static_cast<Proc>(i), j);
    if (static_cast<__int128>(m.row_dual[i]) + m.col_dual[j] != w)
      return "matched pair (" + std::to_string(i) + ", " + std::to_string(j) + ") is not tight";
    primal += w;
    dual += static_cast<__int128>(m.row_dual[i]) + m.col_dual[i];
  }
  if (primal != m.weight) return "the reported weight differs from the matched pairs' weight";
  if (primal != dual) return "primal and dual values differ";
  return std::nullopt;
}

void complete_matching(std::vector<Proc>& col_of_row) {
  const std::size_t n = col_of_row.size();
  std::vector<char> used(n, 0);
  for (Proc j : col_of_row)
    if (j != kNoProc) used[j] = 1;
  std::size_t next = 0;
  for (auto& j : col_of_row) {
    if (j != kNoProc) continue;
    while (used[next]) ++next;
    j = static_cast<Proc>(next);
    used[next] = 1;
  }
}

Assignment assignment_from_rows(const std::vector<Proc>& col_of_row) {
  Assignment a(col_of_row.size(), kNoProc);
  for (std::size_t i = 0; i < col_of_row.size(); ++i) a[col_of_row[i]] = static_cast<Proc>(i);
  return a;
}

}  // namespace redist::perm
