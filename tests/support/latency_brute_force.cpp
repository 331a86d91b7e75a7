#include "support/latency_brute_force.hpp"

#include <algorithm>
#include <map>
#include <vector>

namespace redist::testing {

namespace {

// A message in flight, started by processor `from` (each processor sends at most one at a time).
struct Flight {
  std::int8_t succ = -1;  // -1: the send port is free; 1: to the successor link, 0: predecessor
  std::int8_t items = 0;
  std::int16_t left = 0;  // ticks until it arrives
};

struct State {
  std::vector<std::int8_t> held;
  std::vector<Flight> flights;  // one per sender
  bool operator<(const State& o) const {
    if (held != o.held) return held < o.held;
    for (std::size_t i = 0; i < flights.size(); ++i) {
      const Flight &a = flights[i], &b = o.flights[i];
      if (a.succ != b.succ) return a.succ < b.succ;
      if (a.items != b.items) return a.items < b.items;
      if (a.left != b.left) return a.left < b.left;
    }
    return false;
  }
};

struct Start {
  std::size_t from;
  bool succ;
  std::int64_t items;
};

struct Origin {
  State previous;
  std::vector<Start> starts;  // started at the previous tick
};

std::size_t receiver(const RingInstance& inst, std::size_t from, bool succ) {
  const std::size_t n = inst.size();
  return succ ? (from + 1) % n : (from + n - 1) % n;
}

// Every set of messages that may start now from `s` (free ports, items held), `visit`ed with the
// state after the starts (items taken, flights set) and the starts. The empty set is included
// only when something is in flight (otherwise waiting changes nothing).
template <class Visit>
void for_each_start_set(const RingInstance& inst, const State& s, const Visit& visit) {
  const std::size_t n = inst.size();
  std::vector<bool> receiving(n, false);
  bool busy = false;
  for (std::size_t i = 0; i < n; ++i)
    if (s.flights[i].succ >= 0) {
      receiving[receiver(inst, i, s.flights[i].succ == 1)] = true;
      busy = true;
    }
  State next = s;
  std::vector<Start> starts;
  const auto choose = [&](const auto& self, std::size_t i) -> void {
    if (i == n) {
      if (!starts.empty() || busy) visit(next, starts);
      return;
    }
    self(self, i + 1);  // P_i starts nothing
    if (s.flights[i].succ >= 0 || s.held[i] == 0 || n == 1) return;
    for (int dir = 1; dir >= (inst.bidirectional() ? 0 : 1); --dir) {
      const bool succ = dir == 1;
      const std::size_t to = receiver(inst, i, succ);
      if (receiving[to]) continue;
      const std::int64_t cost = inst.cost(i, succ), latency = inst.latency(i, succ);
      for (std::int64_t q = 1; q <= s.held[i]; ++q) {
        receiving[to] = true;
        next.held[i] = static_cast<std::int8_t>(s.held[i] - q);
        next.flights[i] = {static_cast<std::int8_t>(dir), static_cast<std::int8_t>(q),
                           static_cast<std::int16_t>(latency + q * cost)};
        starts.push_back({i, succ, q});
        self(self, i + 1);
        starts.pop_back();
        next.flights[i] = s.flights[i];
        next.held[i] = s.held[i];
        receiving[to] = false;
      }
    }
  };
  choose(choose, 0);
}

// One tick passes: flights advance, those that end hand their items over.
State advance(const RingInstance& inst, State s) {
  for (std::size_t i = 0; i < s.flights.size(); ++i) {
    Flight& f = s.flights[i];
    if (f.succ < 0) continue;
    if (--f.left == 0) {
      s.held[receiver(inst, i, f.succ == 1)] += f.items;
      f = Flight{};
    }
  }
  return s;
}

bool done(const RingInstance& inst, const State& s) {
  for (std::size_t i = 0; i < s.held.size(); ++i)
    if (s.flights[i].succ >= 0 || s.held[i] != inst.targets[i]) return false;
  return true;
}

}  // namespace

std::optional<LatencyOptimum> latency_brute_force(const RingInstance& inst, std::int64_t max_ticks,
                                                  std::size_t max_states) {
  const std::size_t n = inst.size();
  State initial;
  for (const auto l : inst.loads) initial.held.push_back(static_cast<std::int8_t>(l));
  initial.flights.assign(n, Flight{});
  // levels[t]: the states at tick t (before the starts of tick t), each with how it was reached.
  std::vector<std::map<State, Origin>> levels(1);
  levels[0][initial] = {};
  for (std::int64_t t = 0; t <= max_ticks; ++t) {
    for (const auto& [state, origin] : levels[static_cast<std::size_t>(t)]) {
      if (!done(inst, state)) continue;
      LatencyOptimum best;
      best.makespan = t;
      best.schedule.time_scale = inst.cost_scale;
      State at = state;
      for (std::int64_t back = t; back > 0; --back) {
        const Origin& o = levels[static_cast<std::size_t>(back)].at(at);
        for (const Start& st : o.starts) {
          Transfer tr(
              static_cast<std::int64_t>(st.from),
              static_cast<std::int64_t>(receiver(inst, st.from, st.succ)), st.items, back - 1,
              n == 2 ? std::optional<Link>(st.succ ? Link::succ : Link::pred) : std::nullopt);
          set_message_size(tr, st.items);
          best.schedule.transfers.push_back(tr);
        }
        at = o.previous;
      }
      std::reverse(best.schedule.transfers.begin(), best.schedule.transfers.end());
      best.schedule.makespan = t;
      return best;
    }
    if (t == max_ticks) break;
    levels.emplace_back();
    auto& next = levels.back();
    for (const auto& [state, origin] : levels[static_cast<std::size_t>(t)]) {
      for_each_start_set(inst, state, [&](const State& started, const std::vector<Start>& starts) {
        next.try_emplace(advance(inst, started), Origin{state, starts});
      });
      if (next.size() > max_states) return std::nullopt;
    }
  }
  return std::nullopt;
}

}  // namespace redist::testing
