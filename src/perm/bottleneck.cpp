#include "redist/perm/bottleneck.hpp"

#include <algorithm>
#include <numeric>

#include "perm/hopcroft_karp.hpp"
#include "redist/core/error.hpp"

namespace redist::perm {

BottleneckGraph step_weight_graph(const PermInstance& instance) {
  BottleneckGraph g;
  g.size = instance.processors();
  g.row_level = instance.loads();
  g.col_level = instance.part_sizes();
  g.edges.reserve(instance.nonzeros());
  for (std::size_t i = 0; i < g.size; ++i)
    for (const CountEntry& e : instance.row(static_cast<Proc>(i)))
      g.edges.push_back({static_cast<Proc>(i), e.part,
                         step_weight(instance, static_cast<Proc>(i), e.part, e.count)});
  return g;
}

namespace {

// The listed edges seen from one side (rows, or columns), grouped per vertex. Each group is kept
// partitioned so that the edges allowed at the last failed threshold (the base) come first, then
// the edges allowed at the threshold being probed. Thresholds only probe above the base, so the
// base prefix never moves and the base matchings' slots stay valid; no sorting is needed.
struct ThresholdSide {
  std::vector<std::size_t> begin, base_end, end;
  std::vector<Proc> target;
  std::vector<std::int64_t> weight;

  ThresholdSide(const BottleneckGraph& g, bool by_row) : begin(g.size + 1, 0) {
    auto owner = [&](const BottleneckEdge& e) { return by_row ? e.row : e.col; };
    for (const BottleneckEdge& e : g.edges) ++begin[owner(e) + 1];
    for (std::size_t u = 0; u < g.size; ++u) begin[u + 1] += begin[u];
    base_end.assign(begin.begin(), begin.end() - 1);
    end = base_end;
    target.resize(g.edges.size());
    weight.resize(g.edges.size());
    std::vector<std::size_t> fill = base_end;
    for (const BottleneckEdge& e : g.edges) {
      const std::size_t k = fill[owner(e)]++;
      target[k] = by_row ? e.col : e.row;
      weight[k] = e.weight;
    }
  }

  // Moves the edges of weight <= t right behind the base prefix: O(edges outside the base).
  void probe(std::int64_t t) {
    for (std::size_t u = 0; u < end.size(); ++u) {
      std::size_t k = base_end[u];
      for (std::size_t x = k; x < begin[u + 1]; ++x)
        if (weight[x] <= t) {
          std::swap(weight[x], weight[k]);
          std::swap(target[x], target[k]);
          ++k;
        }
      end[u] = k;
    }
  }
  void commit() { base_end = end; }

  [[nodiscard]] std::int64_t lightest(std::size_t u) const {
    std::int64_t best = kForbidden;
    for (std::size_t k = begin[u]; k < begin[u + 1]; ++k) best = std::min(best, weight[k]);
    return best;
  }
  [[nodiscard]] BipartiteAdjacency adjacency() const {
    return {target, std::span<const std::size_t>(begin.data(), end.size()), end};
  }
};

class BottleneckSearch {
 public:
  explicit BottleneckSearch(const BottleneckGraph& g)
      : g_(g), rows_(g, true), base_rows_(g.size, g.size), base_cols_(g.size, g.size) {}

  std::optional<BottleneckMatching> run() {
    const std::optional<std::int64_t> low = lower_bound();
    if (!low) return std::nullopt;
    const std::int64_t high = largest_finite();
    // The answer is usually at or just above the lower bound: gallop upwards from it, then bisect
    // between the last failed and the first feasible threshold. Feasibility only changes at weights
    // and levels, so the smallest feasible integer is the answer.
    std::int64_t lo = *low - 1, hi = *low, step = 1;
    while (!probe(hi)) {
      if (hi >= high) return std::nullopt;
      lo = hi;
      hi = high - lo > step ? lo + step : high;
      step = step < (std::int64_t{1} << 61) ? 2 * step : step;
    }
    while (hi - lo > 1) {
      const std::int64_t mid = lo + (hi - lo) / 2;
      if (probe(mid)) {
        hi = mid;
      } else {
        lo = mid;
      }
    }
    return finish(hi);
  }

 private:
  bool heavy_row(std::size_t i, std::int64_t t) const { return g_.row_level[i] > t; }
  bool heavy_col(std::size_t j, std::int64_t t) const { return g_.col_level[j] > t; }

  // Every row and every column needs one allowed pair: its lightest option bounds the answer. Rows
  // are bounded exactly; columns more cheaply (their block option against the lightest row level),
  // which is still a lower bound and spares building the column view.
  std::optional<std::int64_t> lower_bound() const {
    std::vector<Proc> by_level(g_.size);
    std::iota(by_level.begin(), by_level.end(), Proc{0});
    std::sort(by_level.begin(), by_level.end(),
              [&](Proc a, Proc b) { return g_.col_level[a] < g_.col_level[b]; });
    std::vector<std::size_t> stamp(g_.size, SIZE_MAX);
    std::int64_t bound = std::numeric_limits<std::int64_t>::min();
    for (std::size_t u = 0; u < g_.size; ++u) {
      std::int64_t best = rows_.lightest(u);
      for (std::size_t k = rows_.begin[u]; k < rows_.begin[u + 1]; ++k) stamp[rows_.target[k]] = u;
      if (g_.row_level[u] != kForbidden)
        for (Proc w : by_level) {
          if (stamp[w] == u) continue;
          if (g_.col_level[w] != kForbidden)
            best = std::min(best, std::max(g_.row_level[u], g_.col_level[w]));
          break;
        }
      if (best == kForbidden) return std::nullopt;
      bound = std::max(bound, best);
    }
    return std::max(bound, column_bound());
  }

  std::int64_t column_bound() const {
    const std::int64_t lightest_row = *std::min_element(g_.row_level.begin(), g_.row_level.end());
    std::vector<std::int64_t> best(g_.size, kForbidden);
    std::vector<std::size_t> degree(g_.size, 0);
    for (const BottleneckEdge& e : g_.edges) {
      best[e.col] = std::min(best[e.col], e.weight);
      ++degree[e.col];
    }
    std::int64_t bound = std::numeric_limits<std::int64_t>::min();
    for (std::size_t c = 0; c < g_.size; ++c) {
      if (degree[c] < g_.size && g_.col_level[c] != kForbidden && lightest_row != kForbidden)
        best[c] = std::min(best[c], std::max(g_.col_level[c], lightest_row));
      if (best[c] != kForbidden) bound = std::max(bound, best[c]);
    }
    return bound;
  }

  std::int64_t largest_finite() const {
    std::int64_t m = std::numeric_limits<std::int64_t>::min();
    for (const BottleneckEdge& e : g_.edges) m = std::max(m, e.weight);
    for (const auto* levels : {&g_.row_level, &g_.col_level})
      for (std::int64_t v : *levels)
        if (v != kForbidden) m = std::max(m, v);
    return m;
  }

  // Feasibility at threshold t, warm-started from the matchings of the last failed threshold. On
  // success the merged matching is kept in best_; on failure the grown matchings become the base
  // (only for the sides probed at t, so every base stays at or below its threshold). The column
  // matching is only needed when the row matching misses a heavy column.
  bool probe(std::int64_t t) {
    ++tests_;
    rows_.probe(t);
    HopcroftKarp by_rows = base_rows_;
    if (!cover_heavy(by_rows, rows_, g_.row_level, t)) {
      base_rows_ = std::move(by_rows);
      rows_.commit();
      return false;
    }
    std::optional<HopcroftKarp> by_cols;
    if (!covers_heavy_cols(by_rows, t)) {
      ThresholdSide& c = cols();
      c.probe(t);
      by_cols = base_cols_;
      if (!cover_heavy(*by_cols, c, g_.col_level, t)) {
        base_rows_ = std::move(by_rows);
        rows_.commit();
        base_cols_ = std::move(*by_cols);
        c.commit();
        return false;
      }
    }
    best_ = merge(by_rows, by_cols ? &*by_cols : nullptr, t);
    best_value_ = t;
    return true;
  }

  ThresholdSide& cols() {
    if (!cols_) cols_.emplace(g_, false);
    return *cols_;
  }

  bool covers_heavy_cols(const HopcroftKarp& by_rows, std::int64_t t) const {
    for (std::size_t j = 0; j < g_.size; ++j)
      if (heavy_col(j, t) && by_rows.mate_of_right(static_cast<Proc>(j)) == kNoProc) return false;
    return true;
  }

  // Matches every heavy vertex of one side if possible. Edges of vertices that became light are
  // dropped first, so that every matched vertex is heavy and plain augmentation is maximum.
  static bool cover_heavy(HopcroftKarp& hk, const ThresholdSide& side,
                          const std::vector<std::int64_t>& level, std::int64_t t) {
    const BipartiteAdjacency adj = side.adjacency();
    std::vector<Proc> heavy;
    for (std::size_t u = 0; u < level.size(); ++u) {
      if (level[u] > t) {
        heavy.push_back(static_cast<Proc>(u));
      } else {
        hk.unmatch_left(static_cast<Proc>(u), adj);
      }
    }
    return hk.augment(adj, heavy) == heavy.size();
  }

  // Mendelsohn-Dulmage merge: start from the row-covering matching; from each heavy column it
  // misses, follow column-matching and row-matching edges alternately and swap them along the path.
  // The path ends at a row the row matching missed (now covered) or at a column without a
  // column-matching edge (light, may be left out), so every heavy vertex ends up covered. Leftovers
  // are light on both sides and are paired arbitrarily.
  std::vector<Proc> merge(const HopcroftKarp& by_rows, const HopcroftKarp* by_cols,
                          std::int64_t t) const {
    const std::size_t n = g_.size;
    const BipartiteAdjacency radj = rows_.adjacency();
    std::vector<Proc> col_of_row(n, kNoProc), row_of_col(n, kNoProc);
    for (std::size_t i = 0; i < n; ++i) {
      const Proc j = by_rows.mate_of_left(static_cast<Proc>(i), radj);
      if (j == kNoProc) continue;
      col_of_row[i] = j;
      row_of_col[j] = static_cast<Proc>(i);
    }
    for (std::size_t c = 0; c < n; ++c) {
      if (!heavy_col(c, t) || row_of_col[c] != kNoProc) continue;
      Proc col = static_cast<Proc>(c);
      while (true) {
        const Proc r = by_cols->mate_of_left(col, cols_->adjacency());
        if (r == kNoProc) break;  // col is light: it stays uncovered
        const Proc next = col_of_row[r];
        col_of_row[r] = col;
        row_of_col[col] = r;
        if (next == kNoProc) break;
        row_of_col[next] = kNoProc;
        col = next;
      }
    }
    for (std::size_t i = 0; i < n; ++i) REDIST_ASSERT(col_of_row[i] != kNoProc || !heavy_row(i, t));
    for (std::size_t j = 0; j < n; ++j) REDIST_ASSERT(row_of_col[j] != kNoProc || !heavy_col(j, t));
    std::size_t next_col = 0;
    for (std::size_t i = 0; i < n; ++i) {
      if (col_of_row[i] != kNoProc) continue;
      while (row_of_col[next_col] != kNoProc) ++next_col;
      col_of_row[i] = static_cast<Proc>(next_col);
      row_of_col[next_col] = static_cast<Proc>(i);
    }
    return col_of_row;
  }

  BottleneckMatching finish(std::int64_t value) {
    REDIST_ASSERT(best_value_ == value);
    return BottleneckMatching{value, std::move(best_), tests_};
  }

  const BottleneckGraph& g_;
  ThresholdSide rows_;
  std::optional<ThresholdSide> cols_;  // built on first need
  HopcroftKarp base_rows_, base_cols_;
  std::vector<Proc> best_;
  std::int64_t best_value_ = kForbidden;
  std::size_t tests_ = 0;
};

}  // namespace

std::optional<BottleneckMatching> bottleneck_perfect_matching(const BottleneckGraph& graph) {
  REDIST_ASSERT(graph.row_level.size() == graph.size && graph.col_level.size() == graph.size);
  if (graph.size == 0) return BottleneckMatching{0, {}, 0};
  return BottleneckSearch(graph).run();
}

}  // namespace redist::perm
