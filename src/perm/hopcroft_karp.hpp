#pragma once
// Hopcroft-Karp maximum-cardinality bipartite matching (O(E sqrt(V))), the matching engine of
// StepRedistrib (document 003 section 4.2) and of the step colouring.
//
// The adjacency is given per left vertex as a slice [begin[u], end[u]) of one target array, so a
// caller can shrink or grow every slice between runs (threshold search on edges sorted by weight)
// without rebuilding anything. The matching is kept between runs: augment() continues from it,
// which is what makes the threshold search warm-started. A matched left vertex remembers the slot
// of its edge, so parallel edges (a multigraph) are told apart.

#include <cstdint>
#include <span>
#include <vector>

#include "redist/perm/instance.hpp"

namespace redist::perm {

struct BipartiteAdjacency {
  std::span<const Proc> target;        // right endpoint of each slot
  std::span<const std::size_t> begin;  // per left vertex
  std::span<const std::size_t> end;    // per left vertex
};

class HopcroftKarp {
 public:
  static constexpr std::size_t kNoSlot = SIZE_MAX;

  HopcroftKarp(std::size_t left, std::size_t right);

  /// Grows the matching by shortest augmenting paths that start at free vertices of `sources` until
  /// none is left; returns the matching's size. Slots of already matched vertices must still be
  /// inside their slices.
  std::size_t augment(const BipartiteAdjacency& adjacency, std::span<const Proc> sources);

  [[nodiscard]] std::size_t size() const noexcept { return size_; }
  [[nodiscard]] std::size_t slot_of_left(Proc u) const noexcept { return slot_[u]; }
  [[nodiscard]] Proc mate_of_right(Proc v) const noexcept { return mate_right_[v]; }
  [[nodiscard]] Proc mate_of_left(Proc u, const BipartiteAdjacency& adjacency) const noexcept {
    return slot_[u] == kNoSlot ? kNoProc : adjacency.target[slot_[u]];
  }
  /// Drops u's edge (if any).
  void unmatch_left(Proc u, const BipartiteAdjacency& adjacency);
  /// Matches u through `slot` (both endpoints must be free).
  void match(Proc u, std::size_t slot, const BipartiteAdjacency& adjacency);

 private:
  bool build_layers(const BipartiteAdjacency& adjacency, std::span<const Proc> sources);
  bool find_path(Proc source, const BipartiteAdjacency& adjacency);

  std::vector<std::size_t> slot_;     // per left vertex
  std::vector<Proc> mate_right_;      // per right vertex
  std::vector<std::uint32_t> layer_;  // BFS layer per left vertex
  std::vector<std::size_t> cursor_;   // next slot to try per left vertex (this phase)
  std::vector<std::size_t> chosen_;   // slot taken by each vertex of the current DFS path
  std::vector<Proc> queue_, stack_;
  std::uint32_t free_layer_ = 0;  // layer at which the shortest augmenting paths end
  std::size_t size_ = 0;
};

}  // namespace redist::perm
