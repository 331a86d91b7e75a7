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
      for (Loads at = loads; at != inst.loads; at = parent[at].first)
        steps.push_back(parent[at].second);
      std::reverse(steps.begin(), steps.end());
      const Ticks c = inst.succ_cost.front();
      for (std::size_t s = 0; s < steps.size(); ++s)
        for (const Move& m : steps[s])
          schedule.transfers.push_back(
              {static_cast<std::int64_t>(m.from), static_cast<std::int64_t>(m.to), 1,
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
      if (parent.emplace(next, std::make_pair(loads, moves)).second)
        frontier.push({next, depth + 1});
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

}  // namespace redist::testing
