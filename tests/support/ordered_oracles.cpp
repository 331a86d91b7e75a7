#include "support/ordered_oracles.hpp"

#include <algorithm>
#include <limits>
#include <map>
#include <set>
#include <string>
#include <vector>

namespace redist::testing {

namespace {

std::vector<std::int64_t> prefix(const std::vector<std::int64_t>& v) {
  std::vector<std::int64_t> s(v.size() + 1, 0);
  for (std::size_t k = 0; k < v.size(); ++k) s[k + 1] = s[k] + v[k];
  return s;
}

std::size_t holder(const std::vector<std::int64_t>& s, std::int64_t g) {
  std::size_t k = 0;
  while (s[k + 1] <= g) ++k;
  return k;
}

int rank_of(const std::string& rule) {
  if (rule == "neighbour" || rule == "spacing") return 0;
  if (rule == "one-port") return 1;
  if (rule == "holdings") return 2;
  return 3;
}

struct ItemStep {
  Ticks time;
  int kind;  // 0 arrival, 1 departure
  std::int64_t processor;
};

}  // namespace

RingInstance random_small_ring(Rng& rng, std::size_t min_n, std::size_t max_n,
                               std::int64_t max_load) {
  RingInstance inst;
  const auto n = static_cast<std::size_t>(
      rng.uniform(static_cast<std::int64_t>(min_n), static_cast<std::int64_t>(max_n)));
  inst.kind = rng.uniform(0, 2) == 0 ? RingKind::unidirectional : RingKind::bidirectional;
  inst.loads.resize(n);
  inst.targets.assign(n, 0);
  std::int64_t total = 0;
  for (auto& l : inst.loads) total += l = rng.uniform(0, max_load);
  for (std::int64_t k = 0; k < total; ++k)
    ++inst.targets[static_cast<std::size_t>(rng.uniform(0, static_cast<std::int64_t>(n) - 1))];
  for (std::size_t i = 0; i < n; ++i) inst.succ_cost.push_back(rng.uniform(1, 3));
  if (inst.bidirectional())
    for (std::size_t i = 0; i < n; ++i) inst.pred_cost.push_back(rng.uniform(1, 3));
  return inst;
}

ReferenceVerdict reference_validate_ordered(const RingInstance& original,
                                            const Schedule& original_schedule) {
  ReferenceVerdict counts = reference_validate(original, original_schedule);
  const int scale = std::max(original.cost_scale, original_schedule.time_scale);
  const RingInstance inst = rescaled(original, scale);
  const Schedule sched = rescaled(original_schedule, scale);
  const auto before = prefix(inst.loads), after = prefix(inst.targets);
  const std::int64_t total = before.back();

  std::vector<std::vector<ItemStep>> steps(static_cast<std::size_t>(total));
  for (const Transfer& t : sched.transfers) {
    const auto succ = succ_link_of(inst, t);
    if (!succ || t.items == 0) continue;
    const Ticks cost = *succ ? inst.succ_cost[static_cast<std::size_t>(t.from)]
                             : inst.pred_cost[static_cast<std::size_t>(t.from)];
    if (t.spacing != 0 && t.spacing < cost) continue;
    const Ticks period = t.spacing == 0 ? cost : t.spacing;
    for (std::int64_t m = 0; m < t.items; ++m) {
      const std::int64_t g = *succ ? t.first + t.items - 1 - m : t.first + m;
      const Ticks leaves = t.start + m * period;
      steps[static_cast<std::size_t>(g)].push_back({leaves, 1, t.from});
      steps[static_cast<std::size_t>(g)].push_back({leaves + cost, 0, t.to});
    }
  }
  Ticks when = std::numeric_limits<Ticks>::max();
  int rank = 9;
  std::string rule;
  const auto offer = [&](Ticks t, int r, const char* name) {
    if (t < when || (t == when && r < rank)) when = t, rank = r, rule = name;
  };
  if (!counts.valid) offer(counts.violation_time, rank_of(counts.rule), counts.rule.c_str());
  for (std::int64_t g = 0; g < total; ++g) {
    auto& list = steps[static_cast<std::size_t>(g)];
    std::sort(list.begin(), list.end(), [](const ItemStep& a, const ItemStep& b) {
      return a.time != b.time ? a.time < b.time : a.kind < b.kind;
    });
    std::int64_t at = static_cast<std::int64_t>(holder(before, g));  // -1 while in flight
    for (const ItemStep& s : list) {
      if (s.kind == 1) {
        if (at != s.processor) {
          offer(s.time, 2, "holdings");
          break;
        }
        at = -1;
      } else {
        at = s.processor;
      }
    }
    if (at != static_cast<std::int64_t>(holder(after, g))) offer(counts.makespan, 3, "final-load");
  }
  ReferenceVerdict verdict = counts;
  verdict.valid = rank == 9;
  verdict.violation_time = rank == 9 ? 0 : when;
  verdict.rule = rank == 9 ? std::string() : rule;
  return verdict;
}

namespace {

struct MovingItem {
  std::int64_t g;
  std::size_t source, dest;
};

std::vector<MovingItem> moving_items(const RingInstance& inst) {
  const auto before = prefix(inst.loads), after = prefix(inst.targets);
  std::vector<MovingItem> items;
  for (std::int64_t g = 0; g < before.back(); ++g) {
    const std::size_t s = holder(before, g), d = holder(after, g);
    if (s != d) items.push_back({g, s, d});
  }
  return items;
}

// The neighbour of p in direction right (true) or left, its link cost, and the transfer's link
// field (named on a ring of two).
struct Hop {
  std::size_t to;
  Ticks cost;
  std::optional<Link> link;
};

Hop hop(const RingInstance& inst, std::size_t p, bool right) {
  const std::size_t n = inst.size();
  const std::optional<Link> link =
      n == 2 ? std::optional<Link>(right ? Link::succ : Link::pred) : std::nullopt;
  if (right) return {(p + 1) % n, inst.succ_cost[p], link};
  return {(p + n - 1) % n, inst.pred_cost[p], link};
}

bool port_busy(const std::vector<Transfer>& all, std::size_t skip_from, std::size_t skip_to,
               bool sends, std::int32_t proc, Ticks lo, Ticks hi, const RingInstance& inst) {
  for (std::size_t k = 0; k < all.size(); ++k) {
    if (k >= skip_from && k < skip_to) continue;
    const Transfer& t = all[k];
    if ((sends ? t.from : t.to) != proc) continue;
    const bool succ = *succ_link_of(inst, t);
    const Ticks cost = succ ? inst.succ_cost[static_cast<std::size_t>(t.from)]
                            : inst.pred_cost[static_cast<std::size_t>(t.from)];
    const Ticks end = t.start + (t.items - 1) * (t.spacing == 0 ? cost : t.spacing) + cost;
    if (t.start < hi && lo < end) return true;
  }
  return false;
}

// Merges transfer b into a when b sends the next item of a's block at a's pace on the same link and
// no other transfer uses either port within the merged span.
void coalesce_links(const RingInstance& inst, std::vector<Transfer>& transfers, Rng& rng) {
  std::sort(transfers.begin(), transfers.end(), [](const Transfer& a, const Transfer& b) {
    if (a.from != b.from) return a.from < b.from;
    if (a.to != b.to) return a.to < b.to;
    if (a.link != b.link) return a.link < b.link;
    return a.start < b.start;
  });
  std::vector<Transfer> out;
  for (const Transfer& t : transfers) {
    if (!out.empty() && rng.uniform(0, 2) != 0) {
      Transfer& a = out.back();
      const bool same_link = a.from == t.from && a.to == t.to && a.link == t.link;
      if (!same_link) {
        out.push_back(t);
        continue;
      }
      const bool succ = *succ_link_of(inst, a);
      const Ticks cost = succ ? inst.succ_cost[static_cast<std::size_t>(a.from)]
                              : inst.pred_cost[static_cast<std::size_t>(a.from)];
      const Ticks pace = a.items == 1 ? t.start - a.start : (a.spacing == 0 ? cost : a.spacing);
      const bool next_item = succ ? t.first == a.first - 1 : t.first == a.first + a.items;
      const Ticks last = a.start + (a.items - 1) * pace;
      if (next_item && pace >= cost && t.start == last + pace &&
          !port_busy(transfers, 0, 0, true, a.from, last + cost, t.start, inst) &&
          !port_busy(transfers, 0, 0, false, a.to, last + cost, t.start, inst)) {
        a.items += 1;
        if (succ) a.first -= 1;
        a.spacing = pace == cost ? 0 : pace;
        continue;
      }
    }
    out.push_back(t);
  }
  transfers = std::move(out);
}

}  // namespace

Schedule random_ordered_schedule(const RingInstance& inst, Rng& rng, bool coalesce) {
  const std::size_t n = inst.size();
  std::vector<MovingItem> items = moving_items(inst);
  std::vector<bool> right(items.size(), true);
  std::vector<std::size_t> at(items.size());
  std::vector<Ticks> ready(items.size(), 0);
  for (std::size_t i = 0; i < items.size(); ++i) {
    at[i] = items[i].source;
    if (inst.bidirectional()) right[i] = rng.uniform(0, 1) == 1;
  }
  std::vector<Ticks> send_free(n, 0), receive_free(n, 0);
  Schedule schedule;
  std::size_t left = 0;
  for (std::size_t i = 0; i < items.size(); ++i) left += at[i] != items[i].dest;
  for (Ticks t = 0; left > 0; ++t) {
    for (std::size_t p = 0; p < n; ++p) {
      if (send_free[p] > t || rng.uniform(0, 4) == 0) continue;
      std::vector<std::size_t> here;
      for (std::size_t i = 0; i < items.size(); ++i)
        if (at[i] == p && ready[i] <= t && at[i] != items[i].dest) here.push_back(i);
      if (here.empty()) continue;
      std::size_t i = here[static_cast<std::size_t>(
          rng.uniform(0, static_cast<std::int64_t>(here.size()) - 1))];
      // Mostly the item that goes first in a block (the highest rightwards, the lowest leftwards),
      // so that coalescing finds blocks.
      if (rng.uniform(0, 2) != 0)
        for (const std::size_t k : here)
          if (right[k] == right[i] &&
              (right[i] ? items[k].g > items[i].g : items[k].g < items[i].g))
            i = k;
      const Hop h = hop(inst, p, right[i]);
      if (receive_free[h.to] > t) continue;
      Transfer tr(static_cast<std::int64_t>(p), static_cast<std::int64_t>(h.to), 1, t, h.link);
      tr.first = items[i].g;
      schedule.transfers.push_back(tr);
      send_free[p] = t + h.cost;
      receive_free[h.to] = t + h.cost;
      at[i] = h.to;
      ready[i] = t + h.cost;
      if (at[i] == items[i].dest) --left;
    }
  }
  if (coalesce) coalesce_links(inst, schedule.transfers, rng);
  return schedule;
}

namespace {

// Iterative deepening over item-level schedules (see the header).
class OrderedSearch {
 public:
  OrderedSearch(const RingInstance& inst, long max_states)
      : inst_(inst), n_(inst.size()), items_(moving_items(inst)), max_states_(max_states) {}

  std::optional<OrderedOptimum> solve(Ticks max_makespan) {
    State start;
    start.at.resize(items_.size());
    start.dir.assign(items_.size(), -1);
    start.ready.assign(items_.size(), 0);
    for (std::size_t i = 0; i < items_.size(); ++i) start.at[i] = items_[i].source;
    start.send_free.assign(n_, 0);
    start.receive_free.assign(n_, 0);
    for (Ticks limit = 0; limit <= max_makespan; ++limit) {
      limit_ = limit;
      failed_.clear();
      moves_.clear();
      if (search(start, 0)) {
        OrderedOptimum best;
        best.makespan = limit;
        best.schedule.transfers = moves_;
        return best;
      }
      if (states_ > max_states_) return std::nullopt;
    }
    return std::nullopt;
  }

 private:
  struct State {
    std::vector<std::size_t> at;
    std::vector<int> dir;  // -1 not moved yet, 1 right, 0 left
    std::vector<Ticks> ready;
    std::vector<Ticks> send_free, receive_free;
  };

  // Cost of the rest of the way from p to d going right or left.
  Ticks way(std::size_t p, std::size_t d, bool right) const {
    Ticks sum = 0;
    while (p != d) {
      const Hop h = hop(inst_, p, right);
      sum += h.cost;
      p = h.to;
    }
    return sum;
  }

  // A lower bound on when everything can be done from `s` at time t.
  bool hopeless(const State& s, Ticks t) const {
    std::vector<Ticks> send_work(n_, 0);
    for (std::size_t i = 0; i < items_.size(); ++i) {
      const std::size_t d = items_[i].dest;
      if (s.at[i] == d) {
        if (s.ready[i] > limit_) return true;
        continue;
      }
      Ticks rest = std::numeric_limits<Ticks>::max();
      Ticks first = std::numeric_limits<Ticks>::max();
      for (const bool right : {true, false}) {
        if (!right && !inst_.bidirectional()) continue;
        if (s.dir[i] >= 0 && (s.dir[i] == 1) != right) continue;
        rest = std::min(rest, way(s.at[i], d, right));
        first = std::min(first, hop(inst_, s.at[i], right).cost);
      }
      if (std::max(s.ready[i], t) + rest > limit_) return true;
      send_work[s.at[i]] += first;
    }
    for (std::size_t p = 0; p < n_; ++p)
      if (send_work[p] > 0 && std::max(s.send_free[p], t) + send_work[p] > limit_) return true;
    return false;
  }

  std::string key(const State& s, Ticks t) const {
    std::string k = std::to_string(static_cast<long long>(t)) + ":";
    const auto rel = [t](Ticks v) {
      return std::to_string(static_cast<long long>(std::max(v, t) - t));
    };
    for (std::size_t i = 0; i < items_.size(); ++i)
      k += std::to_string(s.at[i]) + "," + std::to_string(s.dir[i]) + "," + rel(s.ready[i]) + ";";
    for (std::size_t p = 0; p < n_; ++p)
      k += rel(s.send_free[p]) + "," + rel(s.receive_free[p]) + ";";
    return k;
  }

  bool done(const State& s) const {
    for (std::size_t i = 0; i < items_.size(); ++i)
      if (s.at[i] != items_[i].dest || s.ready[i] > limit_) return false;
    return true;
  }

  bool search(const State& s, Ticks t) {
    if (done(s)) return true;
    if (t >= limit_ || hopeless(s, t)) return false;
    if (++states_ > max_states_) return false;
    const std::string k = key(s, t);
    if (failed_.count(k)) return false;
    State next = s;
    std::vector<bool> receiving(n_, false);
    if (choose(0, s, next, t, receiving, false)) return true;
    failed_.insert(k);
    return false;
  }

  // Processors p.. choose a move at time t (or none); then time advances.
  bool choose(std::size_t p, const State& s, State& next, Ticks t, std::vector<bool>& receiving,
              bool moved) {
    if (p == n_) {
      (void)moved;
      return search(next, t + 1);
    }
    if (s.send_free[p] <= t) {
      std::set<std::pair<std::size_t, int>> tried;  // (destination, direction): equal items
      for (std::size_t i = 0; i < items_.size(); ++i) {
        if (s.at[i] != p || s.ready[i] > t || p == items_[i].dest) continue;
        for (const bool right : {true, false}) {
          if (!right && !inst_.bidirectional()) continue;
          if (s.dir[i] >= 0 && (s.dir[i] == 1) != right) continue;
          if (!tried
                   .insert(
                       {items_[i].dest * 4 + static_cast<std::size_t>(s.dir[i] + 1), right ? 1 : 0})
                   .second)
            continue;
          const Hop h = hop(inst_, p, right);
          if (s.receive_free[h.to] > t || receiving[h.to]) continue;
          const State saved = next;
          next.at[i] = h.to;
          next.dir[i] = right ? 1 : 0;
          next.ready[i] = t + h.cost;
          next.send_free[p] = t + h.cost;
          next.receive_free[h.to] = t + h.cost;
          receiving[h.to] = true;
          Transfer tr(static_cast<std::int64_t>(p), static_cast<std::int64_t>(h.to), 1, t, h.link);
          tr.first = items_[i].g;
          moves_.push_back(tr);
          if (choose(p + 1, s, next, t, receiving, true)) return true;
          moves_.pop_back();
          receiving[h.to] = false;
          next = saved;
        }
      }
    }
    return choose(p + 1, s, next, t, receiving, moved);
  }

  const RingInstance& inst_;
  std::size_t n_;
  std::vector<MovingItem> items_;
  long max_states_;
  long states_ = 0;
  Ticks limit_ = 0;
  std::set<std::string> failed_;
  std::vector<Transfer> moves_;
};

}  // namespace

std::optional<OrderedOptimum> brute_force_ordered(const RingInstance& instance, Ticks max_makespan,
                                                  long max_states) {
  return OrderedSearch(instance, max_states).solve(max_makespan);
}

}  // namespace redist::testing
