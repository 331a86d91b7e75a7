#pragma once
// Maximum-weight perfect matching of the complete bipartite graph P x P in which only some pairs
// are listed with a positive weight and every other pair weighs 0. VolumeRedistrib (document 003
// section 4.1) is this problem with weight(i, j) = count(i, j): maximising the items that stay is
// the same as the document's minimum-weight perfect matching on "items to receive", because every
// part's size is fixed.
//
// Two exact solvers, cross-checked in the tests:
//  - dense: Jonker-Volgenant shortest augmenting paths on the full P x P cost matrix (O(P^3) worst
//    case, fast in practice: P = 4096 in about a second, see BENCHMARKS.md);
//  - sparse: primal-dual augmentation in phases (Hopcroft-Karp on the tight listed edges, then one
//    multi-source Dijkstra with a heap that shifts the duals). A row may stay unmatched when its
//    dual reaches 0, so only the listed edges are ever touched; 1-D block layouts (at most 2P - 1
//    listed pairs) and sparse random input (10^6 items on P = 10^5) are solved in well under a
//    second.
// Both return a certificate: duals u, v >= 0 with u_i + v_j >= w_ij on every listed pair (unlisted
// pairs weigh 0 <= u_i + v_j), equality on every matched pair, and sum(u) + sum(v) = matched
// weight. That is LP duality for the matching polytope, so a valid certificate proves optimality.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "redist/core/wide_int.hpp"
#include "redist/perm/instance.hpp"

namespace redist::perm {

struct WeightedEdge {
  Proc col = 0;
  std::int64_t weight = 0;  // > 0
};

/// Rows = processors, columns = parts; listed edges per row, sorted by column, no repeats.
struct WeightedGraph {
  std::size_t size = 0;
  std::vector<std::size_t> row_start{0};
  std::vector<WeightedEdge> edges;

  [[nodiscard]] std::size_t row_begin(std::size_t i) const { return row_start[i]; }
  [[nodiscard]] std::size_t row_end(std::size_t i) const { return row_start[i + 1]; }
  /// Weight of pair (i, j): the listed weight, or 0.
  [[nodiscard]] std::int64_t weight(Proc i, Proc j) const;
  [[nodiscard]] std::int64_t max_weight() const;
};

/// Items that stay: weight(i, j) = count(i, j).
WeightedGraph kept_items_graph(const PermInstance& instance);

struct WeightedMatching {
  std::vector<Proc> col_of_row;        // a permutation: pairs outside the listed edges weigh 0
  std::vector<std::int64_t> row_dual;  // u_i >= 0
  std::vector<std::int64_t> col_dual;  // v_j >= 0
  Int128 weight = 0;                   // sum of the matched pairs' weights
};

enum class MatchingMethod { automatic, dense, sparse };

/// Exact maximum-weight perfect matching; `automatic` picks dense when at least 1/8 of the pairs
/// are listed and P <= kDenseLimit, sparse otherwise.
WeightedMatching max_weight_matching(const WeightedGraph& graph,
                                     MatchingMethod method = MatchingMethod::automatic);
WeightedMatching max_weight_matching_dense(const WeightedGraph& graph);
WeightedMatching max_weight_matching_sparse(const WeightedGraph& graph);

inline constexpr std::size_t kDenseLimit = 6000;

/// Checks the optimality certificate described above; returns the first violation, if any.
std::optional<std::string> check_matching_certificate(const WeightedGraph& graph,
                                                      const WeightedMatching& matching);

/// Pairs every unmatched row (col_of_row[i] == kNoProc) with an unmatched column, both in
/// increasing order. Used after a partial matching whose leftovers may be paired arbitrarily.
void complete_matching(std::vector<Proc>& col_of_row);

/// col_of_row (processor -> part) to an Assignment (part -> processor).
Assignment assignment_from_rows(const std::vector<Proc>& col_of_row);

}  // namespace redist::perm
