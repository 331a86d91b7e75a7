#include "redist/perm/greedy.hpp"

#include <algorithm>

#include "redist/perm/weighted_matching.hpp"

namespace redist::perm {

namespace {

struct Overlap {
  std::int64_t count;
  Proc processor;
  Proc part;
};

std::vector<Overlap> overlaps(const PermInstance& inst) {
  std::vector<Overlap> all;
  all.reserve(inst.nonzeros());
  for (std::size_t i = 0; i < inst.processors(); ++i)
    for (const CountEntry& e : inst.row(static_cast<Proc>(i)))
      all.push_back({e.count, static_cast<Proc>(i), e.part});
  return all;
}

Assignment finish(std::vector<Proc> col_of_row) {
  complete_matching(col_of_row);
  return assignment_from_rows(col_of_row);
}

// Column view of the instance: for each part, its (count, processor) entries.
struct ColumnView {
  std::vector<std::size_t> start;
  std::vector<std::pair<std::int64_t, Proc>> entries;

  explicit ColumnView(const PermInstance& inst) : start(inst.processors() + 1, 0) {
    for (std::size_t i = 0; i < inst.processors(); ++i)
      for (const CountEntry& e : inst.row(static_cast<Proc>(i))) ++start[e.part + 1];
    for (std::size_t j = 0; j < inst.processors(); ++j) start[j + 1] += start[j];
    entries.resize(inst.nonzeros());
    std::vector<std::size_t> fill(start.begin(), start.end() - 1);
    for (std::size_t i = 0; i < inst.processors(); ++i)
      for (const CountEntry& e : inst.row(static_cast<Proc>(i)))
        entries[fill[e.part]++] = {e.count, static_cast<Proc>(i)};
  }
};

}  // namespace

Assignment greedy_sorted_overlaps(const PermInstance& instance) {
  std::vector<Overlap> all = overlaps(instance);
  std::stable_sort(all.begin(), all.end(),
                   [](const Overlap& a, const Overlap& b) { return a.count > b.count; });
  std::vector<Proc> col_of_row(instance.processors(), kNoProc);
  std::vector<char> part_taken(instance.processors(), 0);
  for (const Overlap& o : all) {
    if (col_of_row[o.processor] != kNoProc || part_taken[o.part]) continue;
    col_of_row[o.processor] = o.part;
    part_taken[o.part] = 1;
  }
  return finish(std::move(col_of_row));
}

Assignment greedy_path_growing(const PermInstance& instance) {
  const std::size_t n = instance.processors();
  const ColumnView cols(instance);
  // Vertices 0..n-1 are processors (rows), n..2n-1 parts (columns).
  std::vector<char> removed(2 * n, 0);
  std::vector<Proc> match_a(n, kNoProc), match_b(n, kNoProc);
  std::int64_t weight_a = 0, weight_b = 0;
  auto heaviest_from = [&](std::size_t x) -> std::pair<std::int64_t, std::size_t> {
    std::pair<std::int64_t, std::size_t> best{0, SIZE_MAX};
    if (x < n) {
      for (const CountEntry& e : instance.row(static_cast<Proc>(x)))
        if (!removed[n + e.part] && e.count > best.first) best = {e.count, n + e.part};
    } else {
      for (std::size_t k = cols.start[x - n]; k < cols.start[x - n + 1]; ++k) {
        const auto [c, p] = cols.entries[k];
        if (!removed[p] && c > best.first) best = {c, p};
      }
    }
    return best;
  };
  for (std::size_t start = 0; start < 2 * n; ++start) {
    std::size_t x = start;
    bool into_a = true;
    while (!removed[x]) {
      const auto [w, y] = heaviest_from(x);
      removed[x] = 1;
      if (y == SIZE_MAX) break;
      const Proc row = static_cast<Proc>(x < n ? x : y);
      const Proc col = static_cast<Proc>((x < n ? y : x) - n);
      (into_a ? match_a : match_b)[row] = col;
      (into_a ? weight_a : weight_b) += w;
      into_a = !into_a;
      x = y;
    }
  }
  return finish(weight_a >= weight_b ? std::move(match_a) : std::move(match_b));
}

Assignment greedy_by_part(const PermInstance& instance) {
  const std::size_t n = instance.processors();
  const ColumnView cols(instance);
  std::vector<Proc> col_of_row(n, kNoProc);
  for (std::size_t j = 0; j < n; ++j) {
    std::pair<std::int64_t, Proc> best{0, kNoProc};
    for (std::size_t k = cols.start[j]; k < cols.start[j + 1]; ++k) {
      const auto [c, p] = cols.entries[k];
      if (col_of_row[p] == kNoProc && c > best.first) best = {c, p};
    }
    if (best.second != kNoProc) col_of_row[best.second] = static_cast<Proc>(j);
  }
  return finish(std::move(col_of_row));
}

}  // namespace redist::perm
