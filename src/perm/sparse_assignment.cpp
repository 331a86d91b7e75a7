// Sparse solver of weighted_matching.hpp: primal-dual maximum-weight matching that only ever looks
// at the listed edges. Duals u (rows) and v (columns) stay >= 0 with u_i + v_j >= w_ij; matched
// edges are tight; a free column has v = 0. A row may also end unmatched, which the optimality
// conditions allow once its dual is 0: think of a private zero-weight "exit" column per row
// (reduced cost u_i), taken exactly when u_i = 0. Unlisted pairs weigh 0, so rows left free are
// paired with free columns at no cost at the end.
//
// Phases (the Hungarian method with Hopcroft-Karp on the tight edges): a maximum matching of the
// tight edges, then one Dijkstra from all free rows at once on reduced costs u_i + v_j - w_ij that
// stops at the nearest free column or exit and shifts the duals by that distance, which makes a
// shortest augmenting path tight for the next phase. A per-row search would instead sweep the whole
// tight plateau once per free row (random sparse input has mostly equal counts, so nearly every
// edge is tight): O(P * E), about P^2.5 measured. Every phase augments at least once, and with
// integer weights every row still free has lost at least 1 of its dual, so there are at most min(P,
// max weight) phases, in practice a handful.

#include <algorithm>
#include <functional>
#include <limits>

#include "perm/hopcroft_karp.hpp"
#include "redist/core/error.hpp"
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
    dist_row_.assign(n_, kInf);
    // u_i = heaviest edge of row i, v = 0: feasible, and each row's heaviest edges are tight.
    for (std::size_t i = 0; i < n_; ++i)
      for (std::size_t k = g_.row_begin(i); k < g_.row_end(i); ++k)
        u_[i] = std::max<V>(u_[i], g_.edges[k].weight);
    while (match_tight_edges()) shift_duals();
  }

  [[nodiscard]] const std::vector<Proc>& col_of_row() const { return row_col_; }
  [[nodiscard]] V row_dual(std::size_t i) const { return u_[i]; }
  [[nodiscard]] V col_dual(std::size_t j) const { return v_[j]; }

 private:
  static constexpr V kInf = std::numeric_limits<V>::max() / 4;

  [[nodiscard]] bool is_free_row(std::size_t i) const {
    return row_col_[i] == kNoProc && u_[i] > 0;
  }

  // Grows the matching to a maximum one of the tight edges, the current matching as the seed (its
  // edges are tight). Right vertices n + i are the exits: row i's is tight once u_i = 0, and a row
  // matched to its exit is left free. Returns whether a row with a positive dual is still free.
  bool match_tight_edges() {
    std::vector<Proc> target;
    std::vector<std::size_t> begin(n_), end(n_), seed(n_, HopcroftKarp::kNoSlot);
    std::vector<Proc> sources;
    for (std::size_t i = 0; i < n_; ++i) {
      begin[i] = target.size();
      for (std::size_t k = g_.row_begin(i); k < g_.row_end(i); ++k) {
        const Proc j = g_.edges[k].col;
        if (u_[i] + v_[j] != V(g_.edges[k].weight)) continue;
        if (row_col_[i] == j) seed[i] = target.size();
        target.push_back(j);
      }
      if (u_[i] == 0) {
        if (row_col_[i] == kNoProc) seed[i] = target.size();
        target.push_back(static_cast<Proc>(n_ + i));
      }
      end[i] = target.size();
      if (is_free_row(i)) sources.push_back(static_cast<Proc>(i));
    }
    if (sources.empty()) return false;
    const BipartiteAdjacency tight{target, begin, end};
    HopcroftKarp hk(n_, 2 * n_);
    for (std::size_t i = 0; i < n_; ++i)
      if (seed[i] != HopcroftKarp::kNoSlot) hk.match(static_cast<Proc>(i), seed[i], tight);
    hk.augment(tight, sources);
    col_row_.assign(n_, kNoProc);
    for (std::size_t i = 0; i < n_; ++i) {  // augmenting paths also move matched rows
      const Proc j = hk.mate_of_left(static_cast<Proc>(i), tight);
      row_col_[i] = j < n_ ? j : kNoProc;
      if (j < n_) col_row_[j] = static_cast<Proc>(i);
    }
    return std::any_of(sources.begin(), sources.end(),
                       [&](Proc i) { return row_col_[i] == kNoProc; });
  }

  void settle_row(Proc r, V d) {
    dist_row_[r] = d;
    settled_rows_.push_back(r);
    exit_ = std::min(exit_, d + u_[r]);  // r's exit: free it once its dual reaches 0
    for (std::size_t k = g_.row_begin(r); k < g_.row_end(r); ++k) {
      const Proc j = g_.edges[k].col;
      const V nd = d + u_[r] + v_[j] - V(g_.edges[k].weight);
      if (nd >= dist_col_[j]) continue;
      if (dist_col_[j] == kInf) touched_.push_back(j);
      dist_col_[j] = nd;
      heap_.push_back({nd, j});
      std::push_heap(heap_.begin(), heap_.end(), std::greater<>{});
    }
  }

  // Multi-source Dijkstra from the free rows up to the nearest free column or exit (distance delta
  // > 0, the tight matching being maximum); every vertex settled before it moves its dual by
  // delta - distance. That keeps all reduced costs >= 0, keeps matched edges tight (both ends move
  // alike), keeps u >= 0 (each settled row's exit bounds delta) and makes the path to delta tight.
  void shift_duals() {
    exit_ = kInf;
    for (std::size_t i = 0; i < n_; ++i)
      if (is_free_row(i)) settle_row(static_cast<Proc>(i), V{0});
    V delta = exit_;
    while (!heap_.empty()) {
      std::pop_heap(heap_.begin(), heap_.end(), std::greater<>{});
      const auto [d, j] = heap_.back();
      heap_.pop_back();
      if (d > dist_col_[j] || is_settled_col_[j]) continue;
      if (d >= exit_ || col_row_[j] == kNoProc) {
        delta = std::min(d, exit_);
        break;
      }
      is_settled_col_[j] = 1;
      settled_cols_.push_back(j);
      settle_row(col_row_[j], d);
      delta = exit_;
    }
    REDIST_ASSERT(delta > 0 && delta < kInf);
    for (Proc r : settled_rows_) u_[r] -= delta - dist_row_[r];
    for (Proc j : settled_cols_) v_[j] += delta - dist_col_[j];
    for (Proc r : settled_rows_) dist_row_[r] = kInf;
    for (Proc j : touched_) dist_col_[j] = kInf;
    for (Proc j : settled_cols_) is_settled_col_[j] = 0;
    settled_rows_.clear();
    settled_cols_.clear();
    touched_.clear();
    heap_.clear();
  }

  const WeightedGraph& g_;
  std::size_t n_;
  std::vector<V> u_, v_, dist_col_, dist_row_;
  std::vector<Proc> row_col_, col_row_;
  std::vector<char> is_settled_col_ = std::vector<char>(n_, 0);
  std::vector<Proc> touched_, settled_cols_, settled_rows_;
  std::vector<std::pair<V, Proc>> heap_;
  V exit_ = kInf;
};

template <class V>
WeightedMatching solve_sparse(const WeightedGraph& g) {
  SparsePrimalDual<V> solver(g);
  solver.solve();
  WeightedMatching out;
  out.col_of_row = solver.col_of_row();
  out.row_dual.resize(g.size);
  out.col_dual.resize(g.size);
  for (std::size_t i = 0; i < g.size; ++i)
    out.row_dual[i] = static_cast<std::int64_t>(solver.row_dual(i));
  for (std::size_t j = 0; j < g.size; ++j)
    out.col_dual[j] = static_cast<std::int64_t>(solver.col_dual(j));
  for (std::size_t i = 0; i < g.size; ++i)
    if (out.col_of_row[i] != kNoProc)
      out.weight += g.weight(static_cast<Proc>(i), out.col_of_row[i]);
  complete_matching(out.col_of_row);
  return out;
}

}  // namespace

bool needs_wide_values(const WeightedGraph& graph);

WeightedMatching max_weight_matching_sparse(const WeightedGraph& graph) {
  return needs_wide_values(graph) ? solve_sparse<__int128>(graph)
                                  : solve_sparse<std::int64_t>(graph);
}

}  // namespace redist::perm
