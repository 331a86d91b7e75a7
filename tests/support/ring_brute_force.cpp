#include "support/ring_brute_force.hpp"

#include <algorithm>
#include <limits>
#include <map>
#include <queue>
#include <vector>

namespace redist::testing {

namespace {

using Loads = std::vector<std::int64_t>;

struct Move {
  std::size_t from;
  std::size_t to;
  bool succ;
};

// Every set of simultaneous unit moves allowed in one step from `loads`.
void for_each_step(const RingInstance& inst, const Loads& loads, const auto& visit) {
  const std::size_t n = inst.size();
  const int options = inst.bidirectional() ? 3 : 2;  // none, succ, pred
  std::vector<int> choice(n, 0);
  while (true) {
    std::vector<int> received(n, 0);
    std::vector<Move> moves;
    bool ok = true;
    for (std::size_t i = 0; i < n && ok; ++i) {
      if (choice[i] == 0) continue;
      if (loads[i] < 1 || n == 1) {
        ok = false;
        break;
      }
      const std::size_t to = choice[i] == 1 ? (i + 1) % n : (i + n - 1) % n;
      if (++received[to] > 1) ok = false;
      moves.push_back({i, to, choice[i] == 1});
    }
    if (ok && !moves.empty()) visit(moves);
    std::size_t k = 0;
    while (k < n && ++choice[k] == options) choice[k++] = 0;
    if (k == n) return;
  }
}

}  // namespace

std::optional<Schedule> brute_force_schedule(const RingInstance& inst, int max_steps) {
  const Loads goal = inst.targets;
  std::map<Loads, std::pair<Loads, std::vector<Move>>> parent;
  std::queue<std::pair<Loads, int>> frontier;
  parent[inst.loads] = {};
  frontier.push({inst.loads, 0});
  while (!frontier.empty()) {
    // Named copies, not a structured binding: the lambda below captures them (clang < 16 cannot).
    const Loads loads = frontier.front().first;
    const int depth = frontier.front().second;
    frontier.pop();
    if (loads == goal) {
      Schedule schedule;
      schedule.time_scale = inst.cost_scale;
      std::vector<std::vector<Move>> steps;
      for (Loads at = loads; at != inst.loads; at = parent[at].first) steps.push_back(parent[at].second);
      std::reverse(steps.begin(), steps.end());
      const Ticks c = inst.succ_cost.front();
      for (std::size_t s = 0; s < steps.size(); ++s)
        for (const Move& m : steps[s])
          schedule.transfers.push_back({static_cast<std::int64_t>(m.from), static_cast<std::int64_t>(m.to), 1,
                                        static_cast<Ticks>(s) * c,
                                        inst.size() == 2 ? std::optional<Link>(m.succ ? Link::succ : Link::pred)
                                                         : std::nullopt});
      return schedule;
    }
    if (depth >= max_steps) continue;
    for_each_step(inst, loads, [&](const std::vector<Move>& moves) {
      Loads next = loads;
      for (const Move& m : moves) {
        --next[m.from];
        ++next[m.to];
      }
      if (parent.emplace(next, std::make_pair(loads, moves)).second) frontier.push({next, depth + 1});
    });
  }
  return std::nullopt;
}

std::optional<int> brute_force_steps(const RingInstance& inst, int max_steps) {
  const auto schedule = brute_force_schedule(inst, max_steps);
  if (!schedule) return std::nullopt;
  Ticks end = 0;
  for (const auto& t : schedule->transfers) end = std::max(end, t.start + inst.succ_cost.front());
  return static_cast<int>(end / inst.succ_cost.front());
}

ReferenceVerdict reference_validate(const RingInstance& original, const Schedule& original_schedule) {
  const int scale = std::max(original.cost_scale, original_schedule.time_scale);
  const RingInstance inst = rescaled(original, scale);
  const Schedule sched = rescaled(original_schedule, scale);
  const auto n = static_cast<std::int64_t>(inst.size());

  struct Found {
    Ticks time = std::numeric_limits<Ticks>::max();
    int rank = 9;
    std::string rule;
    void offer(Ticks t, int r, const char* name) {
      if (t < time || (t == time && r < rank)) {
        time = t;
        rank = r;
        rule = name;
      }
    }
  } found;

  struct Interval {
    Ticks start, end;
    std::int64_t from, to, items;
    Ticks cost;
  };
  std::vector<Interval> ok;
  Ticks makespan = 0;
  for (const Transfer& t : sched.transfers) {
    // The link of every transfer is checked, an empty one included (issue 17); only then is an
    // empty transfer left out.
    const bool to_succ = t.to == (t.from + 1) % n && t.from != t.to;
    const bool to_pred = t.to == (t.from + n - 1) % n && t.from != t.to;
    bool succ_link;
    bool valid_link;
    if (t.link) {
      succ_link = *t.link == Link::succ;
      valid_link = succ_link ? to_succ : (inst.bidirectional() && to_pred);
    } else {
      succ_link = to_succ;
      valid_link = to_succ || (inst.bidirectional() && to_pred);
    }
    if (!valid_link) {
      found.offer(t.start, 0, "neighbour");
      continue;
    }
    if (t.items == 0) continue;
    const Ticks cost = succ_link ? inst.succ_cost[t.from] : inst.pred_cost[t.from];
    ok.push_back({t.start, t.start + t.items * cost, t.from, t.to, t.items, cost});
    makespan = std::max(makespan, ok.back().end);
  }
  for (std::size_t a = 0; a < ok.size(); ++a)
    for (std::size_t b = a + 1; b < ok.size(); ++b) {
      const bool overlap = ok[a].start < ok[b].end && ok[b].start < ok[a].end;
      if (overlap && (ok[a].from == ok[b].from || ok[a].to == ok[b].to))
        found.offer(std::max(ok[a].start, ok[b].start), 1, "one-port");
    }
  // Item events per processor: (time, kind) with arrivals (kind 0) before departures (kind 1).
  std::vector<std::vector<std::pair<Ticks, int>>> events(inst.size());
  for (const Interval& iv : ok)
    for (std::int64_t m = 1; m <= iv.items; ++m) {
      events[iv.from].push_back({iv.start + (m - 1) * iv.cost, 1});
      events[iv.to].push_back({iv.start + m * iv.cost, 0});
    }
  for (std::size_t p = 0; p < inst.size(); ++p) {
    std::sort(events[p].begin(), events[p].end());
    std::int64_t held = inst.loads[p];
    bool short_of_items = false;
    for (const auto& [time, kind] : events[p]) {
      held += kind == 0 ? 1 : -1;
      if (held < 0 && !short_of_items) {
        found.offer(time, 2, "holdings");
        short_of_items = true;
      }
    }
    if (held != inst.targets[p]) found.offer(makespan, 3, "final-load");
  }
  ReferenceVerdict verdict;
  verdict.valid = found.rank == 9;
  verdict.makespan = makespan;
  verdict.violation_time = found.time;
  verdict.rule = found.rule;
  return verdict;
}

}  // namespace redist::testing
