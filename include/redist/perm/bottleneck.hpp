#pragma once
// Bottleneck perfect matching: among perfect matchings of a P x P bipartite graph, one whose
// heaviest edge is lightest. StepRedistrib (document 003 section 4.2) is this problem with
// weight(i, j) = max(load_i, size_j) - count(i, j), since a processor's step count is
// max(sent, received) and, by König, the schedule needs exactly the largest one.
//
// The graph is given the way the instances are stored: listed edges (sorted by weight per row and
// per column), plus an implicit block: an unlisted pair (i, j) weighs max(row_level[i],
// col_level[j]) (kForbidden removes the pair). For StepRedistrib the levels are the loads and part
// sizes, so the P^2 zero-count pairs are never materialised. A listed edge must weigh no more than
// its pair's block weight (true for both uses in redist).
//
// Algorithm (threshold search, O(E sqrt(P) log E)): the answer is one of the distinct weights and
// levels. For a threshold T call a row or column heavy when its level exceeds T; unlisted pairs
// between two light vertices are all allowed, so a perfect matching with every edge <= T exists iff
// the listed edges <= T have a matching covering every heavy vertex. By the Mendelsohn-Dulmage
// theorem that holds iff one matching covers the heavy rows and another the heavy columns; both are
// found by Hopcroft-Karp and then merged. The search starts at a lower bound (every row and column
// needs one edge) and binary-searches upwards, warm-starting each test from the matchings of the
// last failed threshold (edges only appear as T grows).

#include <cstdint>
#include <limits>
#include <optional>
#include <vector>

#include "redist/perm/instance.hpp"

namespace redist::perm {

inline constexpr std::int64_t kForbidden = std::numeric_limits<std::int64_t>::max();

struct BottleneckEdge {
  Proc row = 0;
  Proc col = 0;
  std::int64_t weight = 0;
};

struct BottleneckGraph {
  std::size_t size = 0;
  std::vector<BottleneckEdge> edges;    // listed pairs, each once
  std::vector<std::int64_t> row_level;  // size entries
  std::vector<std::int64_t> col_level;  // size entries
};

/// Listed = nonzero counts with their step weight; levels = loads and part sizes.
BottleneckGraph step_weight_graph(const PermInstance& instance);

struct BottleneckMatching {
  std::int64_t value = 0;           // the smallest possible heaviest edge
  std::vector<Proc> col_of_row;     // a perfect matching achieving it
  std::size_t threshold_tests = 0;  // feasibility tests run (each: two Hopcroft-Karp runs)
};

/// nullopt when no perfect matching exists at any threshold.
std::optional<BottleneckMatching> bottleneck_perfect_matching(const BottleneckGraph& graph);

}  // namespace redist::perm
