// Dense solver of weighted_matching.hpp: Jonker-Volgenant (1987) shortest augmenting paths on the
// full P x P cost matrix cost(i, j) = -weight(i, j). Its three initialisation passes (column
// reduction, reduction transfer, augmenting row reduction) assign most rows cheaply; the remaining
// free rows are each joined by one Dijkstra-like search over dense arrays. Invariant throughout:
// with column prices v, every assigned row's column minimises cost(i, j) - v_j over its row, so the
// reduced costs stay >= 0 and the final prices are an optimal dual.

#include <algorithm>
#include <limits>

#include "redist/core/error.hpp"
#include "redist/perm/weighted_matching.hpp"

namespace redist::perm {

namespace {

template <class V>
class DenseLap {
 public:
  DenseLap(std::size_t n, std::vector<V> cost) : n_(n), cost_(std::move(cost)) {}

  void solve() {
    row_col_.assign(n_, kNoProc);
    col_row_.assign(n_, kNoProc);
    v_.assign(n_, V{0});
    if (n_ == 0) return;
    std::vector<Proc> free_rows = column_reduction();
    for (int pass = 0; pass < 2 && !free_rows.empty(); ++pass)
      free_rows = augmenting_row_reduction(free_rows);
    d_.resize(n_);
    pred_.resize(n_);
    cols_.resize(n_);
    for (Proc r : free_rows) augment(r);
  }

  [[nodiscard]] const std::vector<Proc>& col_of_row() const { return row_col_; }
  [[nodiscard]] V col_price(std::size_t j) const { return v_[j]; }
  [[nodiscard]] V row_price(std::size_t i) const { return c(i, row_col_[i]) - v_[row_col_[i]]; }

 private:
  static constexpr V kInf = std::numeric_limits<V>::max() / 4;

  [[nodiscard]] V c(std::size_t i, std::size_t j) const { return cost_[i * n_ + j]; }
  [[nodiscard]] const V* row(std::size_t i) const { return cost_.data() + i * n_; }

  // Column reduction: v_j = min_i cost(i, j); each column goes to its minimising row unless that
  // row already has one. Then reduction transfer moves the slack of rows assigned once into the row
  // dual, so that their second-best column can compete in the next pass.
  std::vector<Proc> column_reduction() {
    std::vector<Proc> argmin(n_, 0);
    for (std::size_t j = 0; j < n_; ++j) v_[j] = c(0, j);
    for (std::size_t i = 1; i < n_; ++i) {
      const V* r = row(i);
      for (std::size_t j = 0; j < n_; ++j)
        if (r[j] < v_[j]) {
          v_[j] = r[j];
          argmin[j] = static_cast<Proc>(i);
        }
    }
    std::vector<int> matches(n_, 0);
    for (std::size_t jj = n_; jj-- > 0;) {
      const Proc i = argmin[jj];
      if (++matches[i] == 1) assign(i, jj);
    }
    std::vector<Proc> free_rows;
    for (std::size_t i = 0; i < n_; ++i) {
      if (matches[i] == 0) {
        free_rows.push_back(static_cast<Proc>(i));
      } else if (matches[i] == 1 && n_ > 1) {
        const std::size_t j1 = row_col_[i];
        V best = kInf;
        const V* r = row(i);
        for (std::size_t j = 0; j < n_; ++j)
          if (j != j1) best = std::min(best, r[j] - v_[j]);
        v_[j1] -= best;
      }
    }
    return free_rows;
  }

  // Augmenting row reduction: a free row takes its cheapest column and lowers that column's price
  // until its second-cheapest column ties; the row it displaces is freed and retried at once (when
  // the price moved) or in the next pass. A step budget keeps the pass linear; rows left over are
  // handled by augment().
  std::vector<Proc> augmenting_row_reduction(const std::vector<Proc>& free_rows) {
    std::vector<Proc> queue(free_rows.rbegin(), free_rows.rend());
    std::vector<Proc> next;
    std::size_t budget = 8 * n_ + 16;
    while (!queue.empty()) {
      const Proc i = queue.back();
      queue.pop_back();
      if (budget == 0) {
        next.push_back(i);
        continue;
      }
      --budget;
      auto [j1, j2, umin, usub] = two_cheapest(i);
      Proc displaced = col_row_[j1];
      if (umin < usub) {
        v_[j1] -= usub - umin;
      } else if (displaced != kNoProc) {
        j1 = j2;
        displaced = col_row_[j2];
      }
      if (displaced != kNoProc) row_col_[displaced] = kNoProc;
      assign(i, j1);
      if (displaced == kNoProc) continue;
      if (umin < usub) {
        queue.push_back(displaced);
      } else {
        next.push_back(displaced);
      }
    }
    return next;
  }

  struct TwoCheapest {
    std::size_t j1, j2;
    V umin, usub;
  };
  TwoCheapest two_cheapest(std::size_t i) const {
    const V* r = row(i);
    TwoCheapest t{0, 0, r[0] - v_[0], kInf};
    for (std::size_t j = 1; j < n_; ++j) {
      const V h = r[j] - v_[j];
      if (h >= t.usub) continue;
      if (h >= t.umin) {
        t.usub = h;
        t.j2 = j;
      } else {
        t.usub = t.umin;
        t.j2 = t.j1;
        t.umin = h;
        t.j1 = j;
      }
    }
    if (n_ == 1) t.usub = t.umin + 1;  // a lone column never ties with a missing second one
    return t;
  }

  void assign(std::size_t i, std::size_t j) {
    row_col_[i] = static_cast<Proc>(j);
    col_row_[j] = static_cast<Proc>(i);
  }

  // Shortest augmenting path from `root` (Dijkstra on reduced costs with dense arrays). cols_ is
  // kept partitioned into [0, ready) settled columns, [ready, scan) columns at the current minimum
  // still to be scanned, and [scan, n) the others.
  void augment(Proc root) {
    const V* r0 = row(root);
    for (std::size_t j = 0; j < n_; ++j) {
      d_[j] = r0[j] - v_[j];
      pred_[j] = root;
      cols_[j] = static_cast<Proc>(j);
    }
    std::size_t ready = 0, scan = 0;
    V mind = 0;
    std::size_t sink = n_;
    while (sink == n_) {
      if (ready == scan) {
        mind = collect_minimum(ready, scan);
        sink = free_column_in(ready, scan);
        if (sink != n_) break;
      }
      sink = scan_column(ready, scan, mind);
    }
    for (std::size_t k = 0; k < ready; ++k) v_[cols_[k]] += d_[cols_[k]] - mind;
    flip_path(root, sink);
  }

  V collect_minimum(std::size_t ready, std::size_t& scan) {
    V mind = kInf;
    for (std::size_t k = ready; k < n_; ++k) {
      const Proc j = cols_[k];
      if (d_[j] > mind) continue;
      if (d_[j] < mind) {
        mind = d_[j];
        scan = ready;
      }
      std::swap(cols_[k], cols_[scan++]);
    }
    return mind;
  }

  std::size_t free_column_in(std::size_t from, std::size_t to) const {
    for (std::size_t k = from; k < to; ++k)
      if (col_row_[cols_[k]] == kNoProc) return cols_[k];
    return n_;
  }

  // Settles one column of the current minimum and relaxes the row assigned to it; returns a free
  // column reached at the minimum distance, or n_.
  std::size_t scan_column(std::size_t& ready, std::size_t& scan, V mind) {
    const Proc j1 = cols_[ready++];
    const Proc i = col_row_[j1];
    const V* r = row(i);
    const V h = r[j1] - v_[j1] - mind;
    for (std::size_t k = scan; k < n_; ++k) {
      const Proc j = cols_[k];
      const V nd = r[j] - v_[j] - h;
      if (nd >= d_[j]) continue;
      d_[j] = nd;
      pred_[j] = i;
      if (nd != mind) continue;
      if (col_row_[j] == kNoProc) return j;
      std::swap(cols_[k], cols_[scan++]);
    }
    return n_;
  }

  void flip_path(Proc root, std::size_t sink) {
    std::size_t j = sink;
    while (true) {
      const Proc i = pred_[j];
      const Proc next = row_col_[i];
      assign(i, j);
      if (i == root) break;
      j = next;
    }
  }

  std::size_t n_;
  std::vector<V> cost_;
  std::vector<Proc> row_col_, col_row_;
  std::vector<V> v_;
  std::vector<V> d_;
  std::vector<Proc> pred_, cols_;
};

template <class V>
WeightedMatching solve_dense(const WeightedGraph& g) {
  const std::size_t n = g.size;
  std::vector<V> cost(n * n, V{0});
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t k = g.row_begin(i); k < g.row_end(i); ++k)
      cost[i * n + g.edges[k].col] = -V(g.edges[k].weight);
  DenseLap<V> lap(n, std::move(cost));
  lap.solve();
  WeightedMatching out;
  out.col_of_row = lap.col_of_row();
  // Min-cost duals (a, b) become max-weight duals (-a, -b), shifted by a constant so that all are
  // >= 0: possible because u_i + v_j >= 0 holds for every pair of the complete graph.
  std::vector<V> u(n), v(n);
  for (std::size_t i = 0; i < n; ++i) u[i] = -lap.row_price(i);
  for (std::size_t j = 0; j < n; ++j) v[j] = -lap.col_price(j);
  const V shift = n == 0 ? V{0} : -*std::min_element(u.begin(), u.end());
  out.row_dual.resize(n);
  out.col_dual.resize(n);
  for (std::size_t i = 0; i < n; ++i) out.row_dual[i] = static_cast<std::int64_t>(u[i] + shift);
  for (std::size_t j = 0; j < n; ++j) out.col_dual[j] = static_cast<std::int64_t>(v[j] - shift);
  for (std::size_t i = 0; i < n; ++i)
    out.weight += g.weight(static_cast<Proc>(i), out.col_of_row[i]);
  return out;
}

}  // namespace

bool needs_wide_values(const WeightedGraph& graph);

WeightedMatching max_weight_matching_dense(const WeightedGraph& graph) {
  REDIST_ASSERT(graph.size <= kDenseLimit);
  return needs_wide_values(graph) ? solve_dense<__int128>(graph) : solve_dense<std::int64_t>(graph);
}

}  // namespace redist::perm
