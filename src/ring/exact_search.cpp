#include "ring/exact_search.hpp"

#include <algorithm>
#include <string>
#include <unordered_map>
#include <vector>

#include "redist/core/error.hpp"

namespace redist::ring {

namespace {

// One processor's situation at a tick: items held, and the item it is sending (if any).
struct Port {
  std::int32_t held = 0;
  std::int32_t busy = 0;  // ticks left on the item being sent; 0 = port free
  std::int8_t succ = 0;   // direction of that item: 1 successor link, 0 predecessor link
};
using State = std::vector<Port>;

std::string key_of(const State& s) {
  std::string k;
  k.reserve(s.size() * 6);
  for (const Port& p : s) {
    k.append(reinterpret_cast<const char*>(&p.held), sizeof p.held);
    k.push_back(static_cast<char>(p.busy));
    k.push_back(static_cast<char>(p.succ));
  }
  return k;
}

struct Node {
  State state;
  std::size_t parent;                       // index in the previous layer
  std::vector<std::pair<int, int>> starts;  // (processor, 1 = succ / 0 = pred) started at this tick
};

class Search {
 public:
  Search(const RingInstance& inst, const ExactSearchLimits& limits)
      : inst_(inst), n_(inst.size()), limits_(limits) {}

  ExactSearchResult run(Ticks horizon) {
    horizon_ = horizon;
    State start(n_);
    for (std::size_t i = 0; i < n_; ++i) start[i].held = static_cast<std::int32_t>(inst_.loads[i]);
    layers_.push_back({});
    expand_starts(start, 0, 0);
    for (Ticks t = 0;; ++t) {
      for (std::size_t k = 0; k < layers_.back().size(); ++k)
        if (done(layers_.back()[k].state)) return {ExactSearchResult::Outcome::found, schedule(k)};
      if (cut_short_)
        return {ExactSearchResult::Outcome::gave_up, {}};  // a partial layer proves nothing
      if (t >= horizon) return {ExactSearchResult::Outcome::none_by_horizon, {}};
      if (over_budget()) return {ExactSearchResult::Outcome::gave_up, {}};
      now_ = t + 1;
      advance(now_);
      if (layers_.back().empty() && !cut_short_)
        return {ExactSearchResult::Outcome::none_by_horizon, {}};
    }
  }

 private:
  bool done(const State& s) const {
    for (std::size_t i = 0; i < n_; ++i)
      if (s[i].busy != 0 || s[i].held != inst_.targets[i]) return false;
    return true;
  }

  std::size_t receiver(std::size_t from, bool succ) const {
    return succ ? (from + 1) % n_ : (from + n_ - 1) % n_;
  }
  std::int32_t cost(std::size_t from, bool succ) const {
    return static_cast<std::int32_t>(succ ? inst_.succ_cost[from] : inst_.pred_cost[from]);
  }

  // Every set of new transfers that can start from `base` at this tick, added to the current layer.
  void expand_starts(const State& base, std::size_t parent, int) {
    std::vector<int> choice(n_, 0);  // 0 none, 1 succ, 2 pred
    const int options = inst_.bidirectional() ? 3 : 2;
    while (true) {
      ++expansions_;
      State next = base;
      std::vector<bool> receiving(n_, false);
      for (std::size_t i = 0; i < n_; ++i)
        if (base[i].busy) receiving[receiver(i, base[i].succ)] = true;
      bool ok = true;
      std::vector<std::pair<int, int>> starts;
      for (std::size_t i = 0; i < n_ && ok; ++i) {
        if (choice[i] == 0) continue;
        const bool succ = choice[i] == 1;
        const std::size_t to = receiver(i, succ);
        if (base[i].busy || base[i].held < 1 || to == i || receiving[to]) {
          ok = false;
          break;
        }
        receiving[to] = true;
        next[i].held -= 1;
        next[i].busy = cost(i, succ);
        next[i].succ = succ;
        starts.push_back({static_cast<int>(i), succ ? 1 : 0});
      }
      if (ok) add(std::move(next), parent, std::move(starts));
      std::size_t k = 0;
      while (k < n_ && ++choice[k] == options) choice[k++] = 0;
      if (k == n_) return;
    }
  }

  // A lower bound on the ticks still needed from state s: every processor must still send its
  // surplus (after the items in flight land) one at a time on its cheaper port, and receive its
  // deficit one at a time, after what it is sending or receiving now.
  Ticks remaining_bound(const State& s) const {
    std::vector<std::int64_t> after(n_);
    std::vector<std::int32_t> receiving_for(n_, 0);
    for (std::size_t i = 0; i < n_; ++i) after[i] += s[i].held;
    for (std::size_t i = 0; i < n_; ++i)
      if (s[i].busy) {
        const std::size_t to = receiver(i, s[i].succ);
        after[to] += 1;
        receiving_for[to] = s[i].busy;
      }
    Ticks bound = 0;
    for (std::size_t i = 0; i < n_; ++i) {
      const std::int64_t surplus = after[i] - inst_.targets[i];
      bound = std::max<Ticks>(bound, std::max(s[i].busy, receiving_for[i]));
      const std::int64_t out = inst_.bidirectional()
                                   ? std::min(inst_.succ_cost[i], inst_.pred_cost[i])
                                   : inst_.succ_cost[i];
      const std::int64_t in = inst_.bidirectional() ? std::min(inst_.succ_cost[(i + n_ - 1) % n_],
                                                               inst_.pred_cost[(i + 1) % n_])
                                                    : inst_.succ_cost[(i + n_ - 1) % n_];
      if (surplus > 0) bound = std::max<Ticks>(bound, s[i].busy + surplus * out);
      if (surplus < 0) bound = std::max<Ticks>(bound, receiving_for[i] + (-surplus) * in);
    }
    return bound;
  }

  void add(State s, std::size_t parent, std::vector<std::pair<int, int>> starts) {
    if (now_ + remaining_bound(s) > horizon_) return;
    auto [it, fresh] = index_.emplace(key_of(s), layers_.back().size());
    if (!fresh) return;
    ++seen_;
    layers_.back().push_back({std::move(s), parent, std::move(starts)});
  }

  // One tick passes: items in flight progress, finished ones arrive, then new transfers may start.
  void advance(Ticks) {
    layers_.push_back({});  // earlier layers stay: the schedule is read back through them
    index_.clear();
    const auto& prev = layers_[layers_.size() - 2];
    for (std::size_t k = 0; k < prev.size(); ++k) {
      if (over_budget()) {  // checked inside the layer too: one layer can multiply the states by
                            // 3^n
        cut_short_ = true;
        return;
      }
      State s = prev[k].state;
      for (std::size_t i = 0; i < n_; ++i) {
        if (s[i].busy == 0) continue;
        if (--s[i].busy == 0) s[receiver(i, s[i].succ)].held += 1;
      }
      expand_starts(s, k, 0);
    }
  }

  Schedule schedule(std::size_t k) const {
    Schedule out;
    out.time_scale = inst_.cost_scale;
    Ticks makespan = static_cast<Ticks>(layers_.size() - 1);
    std::vector<Transfer> transfers;
    for (std::size_t layer = layers_.size(); layer-- > 0;) {
      const Node& node = layers_[layer][k];
      for (const auto& [from, succ] : node.starts)
        transfers.push_back(
            {from, static_cast<std::int64_t>(receiver(static_cast<std::size_t>(from), succ == 1)),
             1, static_cast<Ticks>(layer),
             n_ == 2 ? std::optional<Link>(succ ? Link::succ : Link::pred) : std::nullopt});
      k = node.parent;
    }
    std::sort(transfers.begin(), transfers.end(),
              [](const Transfer& a, const Transfer& b) { return a.start < b.start; });
    out.transfers = merge_back_to_back(transfers);
    out.makespan = makespan;
    return out;
  }

  // Consecutive single items on one link, each starting when the previous ends, become one batch.
  std::vector<Transfer> merge_back_to_back(const std::vector<Transfer>& items) const {
    std::vector<Transfer> out;
    for (const Transfer& t : items) {
      bool merged = false;
      for (Transfer& b : out) {
        const bool same_link = b.from == t.from && b.to == t.to && b.link == t.link;
        const bool succ = t.link ? *t.link == Link::succ
                                 : static_cast<std::size_t>(t.to) ==
                                       receiver(static_cast<std::size_t>(t.from), true);
        if (same_link &&
            b.start + b.items * cost(static_cast<std::size_t>(t.from), succ) == t.start) {
          ++b.items;
          merged = true;
          break;
        }
      }
      if (!merged) out.push_back(t);
    }
    return out;
  }

  const RingInstance& inst_;
  std::size_t n_;
  ExactSearchLimits limits_;
  std::vector<std::vector<Node>> layers_;
  std::unordered_map<std::string, std::size_t> index_;
  std::size_t seen_ = 0;
  std::size_t expansions_ = 0;  // combinations of starts tried: up to 3^n per state, the real cost
  bool cut_short_ = false;      // the last layer stopped at the budget

  bool over_budget() const {
    return seen_ > limits_.max_states || expansions_ > limits_.max_expansions;
  }
  Ticks now_ = 0;
  Ticks horizon_ = 0;
};

}  // namespace

bool exact_search_applies(const RingInstance& inst, const ExactSearchLimits& limits) {
  if (inst.size() < 2 || inst.size() > limits.max_processors) return false;
  std::int64_t moved = 0;
  for (auto d : inst.imbalances()) moved += std::max<std::int64_t>(d, 0);
  if (moved == 0 || moved > limits.max_items_moved) return false;
  const auto small = [](std::int64_t c) { return c <= 64; };
  return std::all_of(inst.succ_cost.begin(), inst.succ_cost.end(), small) &&
         std::all_of(inst.pred_cost.begin(), inst.pred_cost.end(), small);
}

ExactSearchResult exact_optimal_schedule(const RingInstance& inst, Ticks horizon,
                                         const ExactSearchLimits& limits) {
  if (!exact_search_applies(inst, limits)) return {ExactSearchResult::Outcome::gave_up, {}};
  return Search(inst, limits).run(horizon);
}

}  // namespace redist::ring
