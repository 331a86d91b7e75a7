// Sparse solver of weighted_matching.hpp: primal-dual maximum-weight matching that only ever looks at
// the listed edges. Duals u (rows) and v (columns) stay >= 0 with u_i + v_j >= w_ij; matched edges
// are tight; a free column has v = 0. Rows are processed once each: a search grows shortest
// alternating paths (Dijkstra on reduced costs u_i + v_j - w_ij) from the row and stops at the
// cheaper of two exits:
//   - a free column at distance d: augment along the path (the row gets matched);
//   - a row r of the tree at distance d_r whose dual would reach 0 first (d_r + u_r): shift the path
//     so that r becomes free with u_r = 0, which the optimality conditions allow for an unmatched row.
// At the end every free row and column has dual 0, so complementary slackness proves optimality.
// Unlisted pairs weigh 0, and rows left free are paired with free columns at no cost.

#include <algorithm>
#include <functional>
#include <limits>

#include "redist/core/error.hpp"
#include "redist/perm/hopcroft_karp.hpp"
#include "redist/perm/weighted_matching.hpp"

namespace redist::perm {

namespace {

template <class V>
class SparsePrimalDual {
 public:
  explicit SparsePrimalDual(const WeightedGraph& g) : g_(g), n_(g.size) {}

  void solve() {
    u_.assign(n_, V{0});
    v_.assign(n_, V{0});
    row_col_.assign(n_, kNoProc);
    col_row_.assign(n_, kNoProc);
    dist_col_.assign(n_, kInf);
    dist_row_.assign(n_, V{0});
    pred_.assign(n_, kNoProc);
    state_.assign(n_, kUntouched);
    tight_matching_start();
    for (std::size_t i = 0; i < n_; ++i)
      if (row_col_[i] == kNoProc && u_[i] > 0) search(static_cast<Proc>(i));
  }

  [[nodiscard]] const std::vector<Proc>& col_of_row() const { return row_col_; }
  [[nodiscard]] V row_dual(std::size_t i) const { return u_[i]; }
  [[nodiscard]] V col_dual(std::size_t j) const { return v_[j]; }

 private:
  static constexpr V kInf = std::numeric_limits<V>::max() / 4;
  enum : char { kUntouched, kQueued, kSettled };

  // u_i = heaviest edge of row i, v = 0: feasible, and each row's heaviest edges are tight. A maximum
  // matching of these tight edges (Hopcroft-Karp) keeps complementary slackness and leaves few rows
  // for the searches. A greedy pick is not enough: on instances whose counts are mostly equal (random
  // sparse input, all counts 1) every edge is tight, and each row the greedy pick misses made its
  // search sweep much of that tight plateau, O(P * E) in all.
  void tight_matching_start() {
    std::vector<Proc> target;
    std::vector<std::size_t> begin(n_), end(n_);
    std::vector<Proc> sources;
    for (std::size_t i = 0; i < n_; ++i) {
      for (std::size_t k = g_.row_begin(i); k < g_.row_end(i); ++k) u_[i] = std::max<V>(u_[i], g_.edges[k].weight);
      begin[i] = target.size();
      for (std::size_t k = g_.row_begin(i); k < g_.row_end(i); ++k)
        if (V(g_.edges[k].weight) == u_[i]) target.push_back(g_.edges[k].col);
      end[i] = target.size();
      if (u_[i] > 0) sources.push_back(static_cast<Proc>(i));
    }
    const BipartiteAdjacency tight{target, begin, end};
    HopcroftKarp hk(n_, n_);
    hk.augment(tight, sources);
    for (Proc i : sources)
      if (const Proc j = hk.mate_of_left(i, tight); j != kNoProc) match(i, j);
  }

  void match(Proc i, Proc j) {
    row_col_[i] = j;
    col_row_[j] = i;
  }

  void relax(Proc r) {
    for (std::size_t k = g_.row_begin(r); k < g_.row_end(r); ++k) {
      const Proc j = g_.edges[k].col;
      if (state_[j] == kSettled) continue;
      const V nd = dist_row_[r] + u_[r] + v_[j] - V(g_.edges[k].weight);
      if (nd >= dist_col_[j]) continue;
      if (state_[j] == kUntouched) touched_.push_back(j);
      state_[j] = kQueued;
      dist_col_[j] = nd;
      pred_[j] = r;
      heap_.push_back({nd, j});
      std::push_heap(heap_.begin(), heap_.end(), std::greater<>{});
    }
  }

  void search(Proc root) {
    settled_rows_.assign(1, root);
    dist_row_[root] = 0;
    V best_exit = u_[root];
    Proc exit_row = root;
    Proc sink = kNoProc;
    relax(root);
    while (!heap_.empty()) {
      std::pop_heap(heap_.begin(), heap_.end(), std::greater<>{});
      const auto [d, j] = heap_.back();
      heap_.pop_back();
      if (state_[j] == kSettled || d > dist_col_[j]) continue;
      if (d >= best_exit) break;
      state_[j] = kSettled;
      settled_cols_.push_back(j);
      if (col_row_[j] == kNoProc) {
        sink = j;
        break;
      }
      const Proc r = col_row_[j];
      dist_row_[r] = d;
      settled_rows_.push_back(r);
      if (d + u_[r] < best_exit) {
        best_exit = d + u_[r];
        exit_row = r;
      }
      relax(r);
    }
    const V delta = sink != kNoProc ? dist_col_[sink] : best_exit;
    update_duals(delta);
    if (sink != kNoProc) {
      flip_to_column(root, sink);
    } else if (exit_row != root) {
      const Proc j = row_col_[exit_row];
      row_col_[exit_row] = kNoProc;
      flip_to_column(root, j);
    }
    reset_search();
  }

  void update_duals(V delta) {
    for (Proc r : settled_rows_) u_[r] -= delta - dist_row_[r];
    for (Proc j : settled_cols_) v_[j] += delta - dist_col_[j];
  }

  // Matches column j to pred_[j] and walks back: each row on the path takes the column that led to
  // it, until the root is matched.
  void flip_to_column(Proc root, Proc j) {
    while (true) {
      const Proc i = pred_[j];
      const Proc next = row_col_[i];
      match(i, j);
      if (i == root) break;
      j = next;
    }
  }

  void reset_search() {
    for (Proc j : touched_) {
      state_[j] = kUntouched;
      dist_col_[j] = kInf;
    }
    touched_.clear();
    settled_cols_.clear();
    heap_.clear();
  }

  const WeightedGraph& g_;
  std::size_t n_;
  std::vector<V> u_, v_, dist_col_, dist_row_;
  std::vector<Proc> row_col_, col_row_, pred_;
  std::vector<char> state_;
  std::vector<Proc> touched_, settled_cols_, settled_rows_;
  std::vector<std::pair<V, Proc>> heap_;
};

template <class V>
WeightedMatching solve_sparse(const WeightedGraph& g) {
  SparsePrimalDual<V> solver(g);
  solver.solve();
  WeightedMatching out;
  out.col_of_row = solver.col_of_row();
  out.row_dual.resize(g.size);
  out.col_dual.resize(g.size);
  for (std::size_t i = 0; i < g.size; ++i) out.row_dual[i] = static_cast<std::int64_t>(solver.row_dual(i));
  for (std::size_t j = 0; j < g.size; ++j) out.col_dual[j] = static_cast<std::int64_t>(solver.col_dual(j));
  for (std::size_t i = 0; i < g.size; ++i)
    if (out.col_of_row[i] != kNoProc) out.weight += g.weight(static_cast<Proc>(i), out.col_of_row[i]);
  complete_matching(out.col_of_row);
  return out;
}

}  // namespace

bool needs_wide_values(const WeightedGraph& graph);

WeightedMatching max_weight_matching_sparse(const WeightedGraph& graph) {
  return needs_wide_values(graph) ? solve_sparse<__int128>(graph) : solve_sparse<std::int64_t>(graph);
}

}  // namespace redist::perm
