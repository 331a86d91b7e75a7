// How the start-up planners choose message sizes for one flow shift (latency_search.hpp).

#include "latency_search.hpp"

#include <algorithm>
#include <set>

#include "redist/core/random.hpp"
#include "redist/ring/pipeline.hpp"
#include "ring/ring_steps.hpp"

namespace redist::ring::detail {

namespace {

// What each directed link carries and what its sender holds from the start for it.
struct Demands {
  std::vector<std::int64_t> items;  // per directed link
  std::vector<std::int64_t> own;    // items of the sender's load it can send at once
  std::vector<std::int64_t> hops;   // links left in its run of same-direction links, itself incl.
  // Document 004's piece size for the run the link belongs to, decided at the run's first link
  // (its items over its hops) and kept by every relay after it, so that pieces flow unchanged.
  std::vector<std::int64_t> piece;
};

Demands demands_of(const RingInstance& inst, const std::vector<std::int64_t>& flows) {
  const std::size_t n = inst.size();
  Demands d;
  d.items = link_demands(inst, flows);
  d.own.assign(2 * n, 0);
  d.hops.assign(2 * n, 0);
  for (std::size_t i = 0; i < n; ++i) {
    const std::int64_t succ = d.items[link_index(i, true)], pred = d.items[link_index(i, false)];
    // A processor that sends both ways receives nothing: it holds both demands. Otherwise it sends
    // its load first.
    d.own[link_index(i, true)] = pred > 0 ? succ : std::min(succ, inst.loads[i]);
    d.own[link_index(i, false)] = succ > 0 ? pred : std::min(pred, inst.loads[i]);
  }
  // Hops left in each run: from a link without demand (if any: else every run is the whole ring),
  // walk upstream adding one hop per link.
  for (const bool succ : {true, false}) {
    if (n < 2 || (!succ && !inst.bidirectional())) continue;
    std::size_t start = 0;
    while (start < n && d.items[link_index(start, succ)] > 0) ++start;
    if (start == n) {
      for (std::size_t i = 0; i < n; ++i)
        d.hops[link_index(i, succ)] = static_cast<std::int64_t>(n);
      continue;
    }
    for (std::size_t k = 1; k < n; ++k) {
      const std::size_t i = succ ? (start + n - k) % n : (start + k) % n;
      const std::size_t l = link_index(i, succ);
      const std::size_t down = link_index(succ ? next_of(i, n) : prev_of(i, n), succ);
      d.hops[l] = d.items[l] > 0 ? 1 + d.hops[down] : 0;
    }
  }
  d.piece.assign(2 * n, 0);
  for (const bool succ : {true, false}) {
    if (n < 2 || (!succ && !inst.bidirectional())) continue;
    std::size_t start = 0;
    while (start < n && d.items[link_index(start, succ)] > 0) ++start;
    for (std::size_t k = 1; k <= n; ++k) {
      const std::size_t i = succ ? (start + k) % n : (start + n - k) % n;
      const std::size_t l = link_index(i, succ);
      if (d.items[l] == 0) continue;
      const std::size_t up = link_index(succ ? prev_of(i, n) : next_of(i, n), succ);
      d.piece[l] =
          d.items[up] > 0 && d.piece[up] > 0
              ? d.piece[up]
              : best_pipeline_pieces(d.items[l], std::max<std::int64_t>(1, d.hops[l]),
                                     Ticks{inst.latency(i, succ)}, Ticks{inst.cost(i, succ)})
                    .piece_items;
    }
  }
  return d;
}

std::vector<std::int64_t> chunks(std::int64_t items, std::int64_t size) {
  std::vector<std::int64_t> out;
  for (std::int64_t left = items; left > 0; left -= size) out.push_back(std::min(size, left));
  return out;
}

// One plan per construction, before any search.
class Constructions {
 public:
  Constructions(const RingInstance& inst, const Demands& d) : inst_(inst), d_(d) {}

  MessagePlan single() const {
    return build([&](std::size_t l) { return chunks(d_.items[l], d_.items[l]); });
  }

  MessagePlan own_first() const {
    return build([&](std::size_t l) {
      const std::int64_t own = d_.own[l], all = d_.items[l];
      if (own <= 0 || own >= all) return chunks(all, all);
      return std::vector<std::int64_t>{own, all - own};
    });
  }

  // Pieces of each link's pipelining size (document 004's r* for the hops left in its run),
  // scaled by `factor`; with `own` the held items go first, in one message.
  MessagePlan pipelined(double factor, bool own) const {
    return build([&](std::size_t l) {
      const std::int64_t all = d_.items[l];
      const std::int64_t first = own ? std::min(d_.own[l], all) : 0;
      const std::int64_t rest = all - first;
      std::vector<std::int64_t> out;
      if (first > 0) out.push_back(first);
      if (rest == 0) return out;
      const auto size = std::clamp<std::int64_t>(
          static_cast<std::int64_t>(static_cast<double>(d_.piece[l]) * factor + 0.5), 1, rest);
      for (auto q : chunks(rest, size)) out.push_back(q);
      return out;
    });
  }

  MessagePlan uniform(std::int64_t size) const {
    return build([&](std::size_t l) { return chunks(d_.items[l], size); });
  }

 private:
  template <class Sizes>
  MessagePlan build(const Sizes& sizes) const {
    MessagePlan p = MessagePlan::empty(inst_.size());
    for (std::size_t l = 0; l < p.sizes.size(); ++l)
      if (d_.items[l] > 0) p.sizes[l] = sizes(l);
    // A processor sending both ways starts with the link whose run is longer (its items have
    // further to go), the larger demand on a tie.
    for (std::size_t i = 0; i < inst_.size(); ++i) {
      const std::size_t s = link_index(i, true), q = link_index(i, false);
      p.succ_first[i] =
          d_.hops[s] != d_.hops[q] ? d_.hops[s] > d_.hops[q] : d_.items[s] >= d_.items[q];
    }
    return p;
  }

  const RingInstance& inst_;
  const Demands& d_;
};

// First-improvement hill climbing over message plans: merge two consecutive messages, split one,
// move one item between neighbours, swap a processor's port order.
class LocalSearch {
 public:
  LocalSearch(const RingInstance& inst, std::int64_t budget, Ticks bound)
      : inst_(inst), budget_(budget), bound_(bound) {}

  // Iterated local search: from a local optimum, cut one or two random links into random messages
  // (a kick), descend again, keep what is shorter; until the budget is spent or the bound met.
  void iterate(SearchedPlan& best, Rng& rng) {
    improve(best);
    std::vector<std::size_t> busy;
    for (std::size_t l = 0; l < best.plan.sizes.size(); ++l)
      if (!best.plan.sizes[l].empty()) busy.push_back(l);
    while (budget_ > 0 && best.makespan > bound_ && !busy.empty()) {
      SearchedPlan trial = best;
      const int kicks = static_cast<int>(rng.uniform(1, 2));
      for (int k = 0; k < kicks; ++k) {
        const std::size_t l = busy[static_cast<std::size_t>(
            rng.uniform(0, static_cast<std::int64_t>(busy.size()) - 1))];
        trial.plan.sizes[l] = random_messages(trial.plan.sizes[l], rng);
      }
      --budget_;
      trial.makespan = messages_makespan(inst_, trial.plan);
      if (trial.makespan == kNoMakespan) continue;
      improve(trial);
      if (trial.makespan < best.makespan) best = std::move(trial);
    }
  }

  void improve(SearchedPlan& best) {
    bool moved = true;
    while (moved && budget_ > 0 && best.makespan > bound_) {
      moved = false;
      for (std::size_t l = 0; l < best.plan.sizes.size() && !moved; ++l)
        moved = improve_link(best, l);
      for (std::size_t i = 0; i < inst_.size() && !moved && inst_.bidirectional(); ++i) {
        MessagePlan p = best.plan;
        p.succ_first[i] = !p.succ_first[i];
        moved = accept(best, std::move(p));
      }
    }
  }

 private:
  bool accept(SearchedPlan& best, MessagePlan candidate) {
    if (budget_ <= 0) return false;
    --budget_;
    const Ticks t = messages_makespan(inst_, candidate);
    if (t == kNoMakespan || t >= best.makespan) return false;
    best.plan = std::move(candidate);
    best.makespan = t;
    return true;
  }

  bool improve_link(SearchedPlan& best, std::size_t l) {
    const std::vector<std::int64_t> sizes = best.plan.sizes[l];
    const auto with = [&](std::vector<std::int64_t> s) {
      MessagePlan p = best.plan;
      p.sizes[l] = std::move(s);
      return accept(best, std::move(p));
    };
    for (std::size_t j = 0; j + 1 < sizes.size(); ++j) {
      std::vector<std::int64_t> s = sizes;  // merge j, j+1
      s[j] += s[j + 1];
      s.erase(s.begin() + static_cast<std::ptrdiff_t>(j) + 1);
      if (with(std::move(s))) return true;
    }
    for (std::size_t j = 0; j + 1 < sizes.size(); ++j)
      for (const int dir : {1, -1}) {  // one item from j to j+1, or back
        std::vector<std::int64_t> s = sizes;
        std::int64_t& from = dir == 1 ? s[j] : s[j + 1];
        std::int64_t& to = dir == 1 ? s[j + 1] : s[j];
        if (from <= 1) continue;
        --from;
        ++to;
        if (with(std::move(s))) return true;
      }
    for (std::size_t j = 0; j < sizes.size(); ++j) {
      if (sizes[j] < 2) continue;
      std::set<std::int64_t> cuts{1, sizes[j] / 2, sizes[j] - 1};
      for (const std::int64_t cut : cuts) {
        std::vector<std::int64_t> s = sizes;
        s[j] = cut;
        s.insert(s.begin() + static_cast<std::ptrdiff_t>(j) + 1, sizes[j] - cut);
        if (with(std::move(s))) return true;
      }
    }
    return false;
  }

  // The same items cut into 1..6 messages at random points.
  static std::vector<std::int64_t> random_messages(const std::vector<std::int64_t>& sizes,
                                                   Rng& rng) {
    std::int64_t items = 0;
    for (const auto q : sizes) items += q;
    const std::int64_t k = rng.uniform(1, std::min<std::int64_t>(items, 6));
    std::set<std::int64_t> cuts;
    while (static_cast<std::int64_t>(cuts.size()) < k - 1) cuts.insert(rng.uniform(1, items - 1));
    std::vector<std::int64_t> out;
    std::int64_t last = 0;
    for (const auto c : cuts) {
      out.push_back(c - last);
      last = c;
    }
    out.push_back(items - last);
    return out;
  }

  const RingInstance& inst_;
  std::int64_t budget_;
  Ticks bound_;
};

}  // namespace

std::vector<std::int64_t> link_demands(const RingInstance& inst,
                                       const std::vector<std::int64_t>& flows) {
  const std::size_t n = inst.size();
  std::vector<std::int64_t> d(2 * n, 0);
  if (n < 2) return d;
  for (std::size_t i = 0; i < n; ++i) {
    d[link_index(i, true)] = std::max<std::int64_t>(flows[i], 0);
    if (inst.bidirectional())
      d[link_index(i, false)] = std::max<std::int64_t>(-flows[prev_of(i, n)], 0);
  }
  return d;
}

namespace {

// One message per destination: each link's items cut into the shares its downstream processors
// keep, the farthest's first (document 004's scatter: P_0 sends p - 1 messages of m, relays
// forward each on arrival, (p - 1)(L + m b) in all).
MessagePlan per_destination(const RingInstance& inst, const std::vector<std::int64_t>& flows) {
  const std::size_t n = inst.size();
  MessagePlan plan = MessagePlan::empty(n);
  // Items over the edge between e and e + 1, in the succ or the pred direction.
  const auto over = [&](std::size_t e, bool succ) {
    return std::max<std::int64_t>(succ ? flows[e] : -flows[e], 0);
  };
  for (std::size_t i = 0; i < n && n >= 2; ++i)
    for (const bool succ : {true, false}) {
      if (!succ && !inst.bidirectional()) continue;
      std::size_t edge = succ ? i : prev_of(i, n);
      std::int64_t left = over(edge, succ);
      std::vector<std::int64_t> shares;
      for (std::size_t hop = 0; left > 0 && hop < n; ++hop) {
        const std::size_t j = succ ? next_of(edge, n) : edge;  // the receiver over `edge`
        const std::size_t onward = succ ? j : prev_of(j, n);
        const std::int64_t keep =
            std::min(left, std::max<std::int64_t>(0, over(edge, succ) - over(onward, succ)));
        if (keep > 0) shares.push_back(keep);
        left -= keep;
        edge = onward;
      }
      if (left > 0) shares.push_back(left);
      std::reverse(shares.begin(), shares.end());
      plan.sizes[link_index(i, succ)] = std::move(shares);
    }
  return plan;
}

}  // namespace

SearchedPlan best_message_plan(const RingInstance& inst, const std::vector<std::int64_t>& flows,
                               std::int64_t evaluations, Ticks bound) {
  const Demands d = demands_of(inst, flows);
  const Constructions make(inst, d);
  std::vector<std::pair<MessagePlan, const char*>> candidates;
  candidates.emplace_back(make.single(), "one message per link");
  candidates.emplace_back(make.own_first(), "held items first, then the rest");
  candidates.emplace_back(per_destination(inst, flows), "one message per destination");
  for (const double factor : {0.5, 1.0, 2.0}) {
    candidates.emplace_back(make.pipelined(factor, false), "pipelined pieces (document 004)");
    candidates.emplace_back(make.pipelined(factor, true),
                            "held items first, then pipelined pieces (document 004)");
  }
  std::vector<SearchedPlan> timed;
  for (auto& [plan, method] : candidates) {
    const Ticks t = messages_makespan(inst, plan);
    if (t != kNoMakespan) timed.push_back({std::move(plan), t, method});
  }
  std::sort(timed.begin(), timed.end(),
            [](const SearchedPlan& a, const SearchedPlan& b) { return a.makespan < b.makespan; });
  SearchedPlan best = timed.empty() ? SearchedPlan{} : timed.front();
  if (evaluations <= 0 || timed.empty()) return best;
  // Local search from the three best constructions, sharing the budget.
  const std::size_t starts = std::min<std::size_t>(3, timed.size());
  Rng rng(0x1a7e'2c05);  // the search is deterministic
  for (std::size_t k = 0; k < starts && best.makespan > bound; ++k) {
    SearchedPlan start = timed[k];
    LocalSearch(inst, evaluations / static_cast<std::int64_t>(starts), bound).iterate(start, rng);
    if (start.makespan < best.makespan) {
      best = std::move(start);
      best.method += ", improved by local search";
    }
  }
  return best;
}

}  // namespace redist::ring::detail
