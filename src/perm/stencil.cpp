#include "redist/perm/stencil.hpp"

#include <algorithm>
#include <set>

#include "redist/core/error.hpp"
#include "redist/perm/steps.hpp"
#include "redist/perm/volume.hpp"

namespace redist::perm {

StencilIteration stencil_iteration(std::span<const Proc> where, std::size_t processors,
                                   CommModel model) {
  const std::size_t n = where.size();
  std::vector<std::int64_t> sent(processors, 0), received(processors, 0), load(processors, 0);
  for (std::size_t d = 0; d < n; ++d) {
    ++load[where[d]];
    const Proc left = where[(d + n - 1) % n], right = where[(d + 1) % n];
    // Item d goes once to each other processor that hosts one of its neighbours.
    if (left != where[d]) {
      ++sent[where[d]];
      ++received[left];
    }
    if (right != where[d] && right != left) {
      ++sent[where[d]];
      ++received[right];
    }
  }
  StencilIteration it;
  for (std::size_t p = 0; p < processors; ++p) {
    it.comm =
        model == CommModel::volume ? it.comm + sent[p] : std::max({it.comm, sent[p], received[p]});
    it.max_load = std::max(it.max_load, load[p]);
  }
  return it;
}

std::int64_t redistribution_cost(std::span<const Proc> from, std::span<const Proc> to,
                                 std::size_t processors, CommModel model) {
  REDIST_ASSERT(from.size() == to.size());
  std::vector<std::int64_t> sent(processors, 0), received(processors, 0);
  std::int64_t volume = 0, steps = 0;
  for (std::size_t d = 0; d < from.size(); ++d) {
    if (from[d] == to[d]) continue;
    ++volume;
    steps = std::max({steps, ++sent[from[d]], ++received[to[d]]});
  }
  return model == CommModel::volume ? volume : steps;  // steps: König (section 4.2)
}

double stencil_total(const StencilModel& m, std::int64_t redistribution,
                     const StencilIteration& it) {
  const auto k = static_cast<double>(m.iterations);
  return m.tau_comm * static_cast<double>(redistribution) +
         k * (m.tau_comm * static_cast<double>(it.comm) +
              m.tau_calc * static_cast<double>(it.max_load));
}

const StencilPlan& StencilChoice::best() const {
  const StencilPlan* best = &owner_computes;
  for (const StencilPlan* p : {&block, &improved_blocks})
    if (p->total < best->total) best = p;
  return *best;
}

namespace {

// Contiguous blocks [bound[k], bound[k+1]) hosted by host[k].
struct Blocks {
  std::vector<std::int64_t> bound;
  Assignment host;
};

std::vector<Proc> items_of(const Blocks& b) {
  std::vector<Proc> where(static_cast<std::size_t>(b.bound.back()));
  for (std::size_t k = 0; k + 1 < b.bound.size(); ++k)
    std::fill(where.begin() + b.bound[k], where.begin() + b.bound[k + 1], b.host[k]);
  return where;
}

// The exact placement of fixed blocks: VolumeRedistrib or StepRedistrib on their counts.
Assignment place_blocks(std::span<const Proc> initial, const std::vector<std::int64_t>& bound,
                        std::size_t processors, CommModel model) {
  std::vector<Proc> part(initial.size());
  for (std::size_t k = 0; k + 1 < bound.size(); ++k)
    std::fill(part.begin() + bound[k], part.begin() + bound[k + 1], static_cast<Proc>(k));
  const PermInstance inst = PermInstance::from_items(processors, initial, part);
  return model == CommModel::volume ? solve_min_volume(inst).assignment
                                    : solve_min_steps(inst).assignment;
}

StencilPlan make_plan(const char* name, std::vector<Proc> where, std::span<const Proc> initial,
                      std::size_t processors, const StencilModel& m) {
  StencilPlan p;
  p.strategy = name;
  p.redistribution = redistribution_cost(initial, where, processors, m.model);
  p.iteration = stencil_iteration(where, processors, m.model);
  p.total = stencil_total(m, p.redistribution, p.iteration);
  p.processor_of_item = std::move(where);
  return p;
}

// Local search on the inner boundaries for fixed hosts. The objective is kept as aggregates over
// the blocks (items kept, lengths, per-host step terms) so that moving one boundary costs
// O(window).
class BoundarySearch {
 public:
  BoundarySearch(std::span<const Proc> initial, std::size_t processors, const StencilModel& m,
                 Blocks& b)
      : initial_(initial),
        n_(processors),
        m_(m),
        b_(b),
        load_(processors, 0),
        kept_(processors, 0) {
    for (Proc p : initial) ++load_[p];
    for (std::size_t k = 0; k < n_; ++k) {
      for (auto d = b_.bound[k]; d < b_.bound[k + 1]; ++d)
        kept_[k] += initial_[d] == b_.host[k] ? 1 : 0;
      add(k);
    }
  }

  /// Passes over all boundaries until none moves (at most `max_passes`).
  void run(int max_passes) {
    for (int pass = 0; pass < max_passes; ++pass) {
      bool moved = false;
      for (std::size_t k = 1; k < n_; ++k) moved = improve(k) || moved;
      if (!moved) return;
    }
  }

 private:
  std::int64_t len(std::size_t k) const { return b_.bound[k + 1] - b_.bound[k]; }
  std::int64_t step_term(std::size_t k, std::int64_t length, std::int64_t kept) const {
    return std::max(length - kept, load_[b_.host[k]] - kept);
  }
  void add(std::size_t k) {
    kept_total_ += kept_[k];
    lens_.insert(len(k));
    terms_.insert(step_term(k, len(k), kept_[k]));
    nonempty_ += len(k) > 0 ? 1 : 0;
  }
  void remove(std::size_t k) {
    kept_total_ -= kept_[k];
    lens_.erase(lens_.find(len(k)));
    terms_.erase(terms_.find(step_term(k, len(k), kept_[k])));
    nonempty_ -= len(k) > 0 ? 1 : 0;
  }

  // Iteration communication from the number of non-empty blocks (exact for >= 3 blocks and for
  // blocks of >= 2 items; the final plans are re-evaluated exactly anyway).
  std::int64_t comm(std::size_t nonempty) const {
    if (nonempty < 2) return 0;
    if (m_.model == CommModel::steps) return 2;
    return nonempty == 2 ? 4 : 2 * static_cast<std::int64_t>(nonempty);
  }

  double cost(std::size_t k, std::int64_t len_l, std::int64_t kept_l, std::int64_t len_r,
              std::int64_t kept_r) const {
    const std::int64_t max_len = std::max({lens_.empty() ? 0 : *lens_.rbegin(), len_l, len_r});
    const std::size_t blocks = nonempty_ + (len_l > 0 ? 1 : 0) + (len_r > 0 ? 1 : 0);
    std::int64_t redist = 0;
    if (m_.model == CommModel::volume) {
      redist = static_cast<std::int64_t>(initial_.size()) - (kept_total_ + kept_l + kept_r);
    } else {
      redist = std::max({terms_.empty() ? 0 : *terms_.rbegin(), step_term(k - 1, len_l, kept_l),
                         step_term(k, len_r, kept_r)});
    }
    return stencil_total(m_, redist, StencilIteration{comm(blocks), max_len});
  }

  // Boundary k separates blocks k-1 and k; try every position between bound[k-1] and bound[k+1].
  bool improve(std::size_t k) {
    remove(k - 1);
    remove(k);
    const std::int64_t a = b_.bound[k - 1], c = b_.bound[k + 1];
    const Proc left = b_.host[k - 1], right = b_.host[k];
    std::int64_t kept_l = 0, kept_r = 0;
    for (auto d = a; d < c; ++d) kept_r += initial_[d] == right ? 1 : 0;
    const std::int64_t now = b_.bound[k];
    std::int64_t best = now;
    double best_cost = 0.0;
    bool first = true;
    for (std::int64_t x = a;; ++x) {
      if (x == now) {  // the current position is evaluated like the others, and wins ties
        const double cx = cost(k, x - a, kept_l, c - x, kept_r);
        if (first || cx <= best_cost) {
          best_cost = cx;
          best = x;
        }
      } else {
        const double cx = cost(k, x - a, kept_l, c - x, kept_r);
        if (first || cx < best_cost * (1 - 1e-12) - 1e-12) {
          best_cost = cx;
          best = x;
        }
      }
      first = false;
      if (x == c) break;
      kept_l += initial_[x] == left ? 1 : 0;
      kept_r -= initial_[x] == right ? 1 : 0;
    }
    const bool moved = best != now;
    b_.bound[k] = best;
    kept_[k - 1] = count_kept(k - 1);
    kept_[k] = count_kept(k);
    add(k - 1);
    add(k);
    return moved;
  }

  std::int64_t count_kept(std::size_t k) const {
    std::int64_t kept = 0;
    for (auto d = b_.bound[k]; d < b_.bound[k + 1]; ++d) kept += initial_[d] == b_.host[k] ? 1 : 0;
    return kept;
  }

  std::span<const Proc> initial_;
  std::size_t n_;
  const StencilModel& m_;
  Blocks& b_;
  std::vector<std::int64_t> load_, kept_;
  std::int64_t kept_total_ = 0;
  std::size_t nonempty_ = 0;
  std::multiset<std::int64_t> lens_, terms_;
};

Blocks full_blocks(std::size_t items, std::size_t processors) {
  Blocks b;
  b.bound.resize(processors + 1);
  for (std::size_t k = 0; k <= processors; ++k)
    b.bound[k] =
        static_cast<std::int64_t>((k * items + processors - 1) / processors);  // ceil(kN/P)
  return b;
}

// One block per processor, sized by its current load, in the order of the processors' mean item
// position: for a layout of contiguous blocks this is the layout itself.
Blocks blocks_following(std::span<const Proc> initial, std::size_t processors) {
  std::vector<double> position(processors, 0.0);
  std::vector<std::int64_t> load(processors, 0);
  for (std::size_t d = 0; d < initial.size(); ++d) {
    position[initial[d]] += static_cast<double>(d);
    ++load[initial[d]];
  }
  Blocks b;
  b.host.resize(processors);
  for (std::size_t p = 0; p < processors; ++p) {
    b.host[p] = static_cast<Proc>(p);
    position[p] = load[p] > 0 ? position[p] / static_cast<double>(load[p])
                              : static_cast<double>(initial.size());
  }
  std::stable_sort(b.host.begin(), b.host.end(),
                   [&](Proc x, Proc y) { return position[x] < position[y]; });
  b.bound.assign(processors + 1, 0);
  for (std::size_t k = 0; k < processors; ++k) b.bound[k + 1] = b.bound[k] + load[b.host[k]];
  return b;
}

// Alternates boundary moves and exact relabelling from `blocks` (whose plan is `start`) while the
// total cost decreases; returns the best plan seen.
StencilPlan improve_blocks(std::span<const Proc> initial, std::size_t processors,
                           const StencilModel& m, Blocks blocks, StencilPlan start) {
  StencilPlan best = std::move(start);
  for (int round = 0; round < 8; ++round) {
    BoundarySearch(initial, processors, m, blocks).run(20);
    blocks.host = place_blocks(initial, blocks.bound, processors, m.model);
    StencilPlan next = make_plan("improved-blocks", items_of(blocks), initial, processors, m);
    if (!(next.total < best.total)) break;
    best = std::move(next);
  }
  return best;
}
}  // namespace

StencilChoice plan_stencil(std::span<const Proc> initial, std::size_t processors,
                           const StencilModel& m) {
  REDIST_ASSERT(processors >= 1);
  for (Proc p : initial) REDIST_ASSERT(p < processors);
  StencilChoice choice;
  choice.owner_computes = make_plan(
      "owner-computes", std::vector<Proc>(initial.begin(), initial.end()), initial, processors, m);
  Blocks blocks = full_blocks(initial.size(), processors);
  blocks.host = place_blocks(initial, blocks.bound, processors, m.model);
  choice.block = make_plan("block", items_of(blocks), initial, processors, m);
  // Two starting points: the full blocks, and blocks that follow the initial layout (exact for a
  // layout that is already made of contiguous blocks, where the full blocks can be a poor start).
  StencilPlan from_full = improve_blocks(initial, processors, m, blocks, choice.block);
  Blocks follow = blocks_following(initial, processors);
  StencilPlan start = make_plan("improved-blocks", items_of(follow), initial, processors, m);
  StencilPlan from_initial = improve_blocks(initial, processors, m, follow, start);
  choice.improved_blocks =
      from_initial.total < from_full.total ? std::move(from_initial) : std::move(from_full);
  choice.improved_blocks.strategy = "improved-blocks";
  return choice;
}

}  // namespace redist::perm
