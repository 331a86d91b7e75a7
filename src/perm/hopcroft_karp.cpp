#include "perm/hopcroft_karp.hpp"

#include "redist/core/error.hpp"

namespace redist::perm {

namespace {
constexpr std::uint32_t kUnreached = UINT32_MAX;
}

HopcroftKarp::HopcroftKarp(std::size_t left, std::size_t right)
    : slot_(left, kNoSlot),
      mate_right_(right, kNoProc),
      layer_(left, kUnreached),
      cursor_(left, 0),
      chosen_(left, 0) {}

void HopcroftKarp::unmatch_left(Proc u, const BipartiteAdjacency& adjacency) {
  if (slot_[u] == kNoSlot) return;
  mate_right_[adjacency.target[slot_[u]]] = kNoProc;
  slot_[u] = kNoSlot;
  --size_;
}

void HopcroftKarp::match(Proc u, std::size_t slot, const BipartiteAdjacency& adjacency) {
  REDIST_ASSERT(slot_[u] == kNoSlot && mate_right_[adjacency.target[slot]] == kNoProc);
  slot_[u] = slot;
  mate_right_[adjacency.target[slot]] = u;
  ++size_;
}

std::size_t HopcroftKarp::augment(const BipartiteAdjacency& adjacency,
                                  std::span<const Proc> sources) {
  while (build_layers(adjacency, sources)) {
    bool grown = false;
    for (Proc s : sources)
      if (slot_[s] == kNoSlot && layer_[s] == 0 && find_path(s, adjacency)) {
        ++size_;
        grown = true;
      }
    if (!grown) break;
  }
  return size_;
}

// BFS from the free sources over alternating paths; stops after the first layer that reaches a free
// right vertex. Returns whether one was reached.
bool HopcroftKarp::build_layers(const BipartiteAdjacency& adj, std::span<const Proc> sources) {
  for (Proc u : queue_) layer_[u] = kUnreached;  // vertices layered in the previous phase
  queue_.clear();
  for (Proc s : sources)
    if (slot_[s] == kNoSlot && layer_[s] == kUnreached) {
      layer_[s] = 0;
      queue_.push_back(s);
    }
  free_layer_ = kUnreached;
  for (std::size_t head = 0; head < queue_.size(); ++head) {
    const Proc u = queue_[head];
    cursor_[u] = adj.begin[u];
    if (layer_[u] >= free_layer_) continue;
    for (std::size_t k = adj.begin[u]; k < adj.end[u]; ++k) {
      const Proc w = mate_right_[adj.target[k]];
      if (w == kNoProc) {
        free_layer_ = layer_[u] + 1;
      } else if (layer_[w] == kUnreached) {
        layer_[w] = layer_[u] + 1;
        queue_.push_back(w);
      }
    }
  }
  return free_layer_ != kUnreached;
}

// Iterative DFS along the layers (paths can be as long as P, too deep for recursion). On success
// the path is flipped: every vertex on the stack takes the slot it chose.
bool HopcroftKarp::find_path(Proc source, const BipartiteAdjacency& adj) {
  stack_.assign(1, source);
  while (!stack_.empty()) {
    const Proc u = stack_.back();
    if (cursor_[u] == adj.end[u]) {
      layer_[u] = kUnreached - 1;  // dead end for the rest of this phase
      stack_.pop_back();
      continue;
    }
    const std::size_t k = cursor_[u]++;
    const Proc v = adj.target[k];
    const Proc w = mate_right_[v];
    if (w == kNoProc) {
      if (layer_[u] + 1 != free_layer_) continue;
      chosen_[u] = k;
      for (Proc x : stack_) {
        slot_[x] = chosen_[x];
        mate_right_[adj.target[chosen_[x]]] = x;
      }
      return true;
    }
    if (layer_[w] != layer_[u] + 1) continue;
    chosen_[u] = k;
    stack_.push_back(w);
  }
  return false;
}

}  // namespace redist::perm
