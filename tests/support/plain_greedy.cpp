#include "support/plain_greedy.hpp"

#include <algorithm>
#include <limits>
#include <vector>

namespace redist::testing {

namespace {

constexpr Ticks kNever = std::numeric_limits<Ticks>::max() / 4;

struct Processor {
  std::int64_t load = 0;
  std::int64_t sent = 0;
  std::vector<Ticks> arrivals;  // in order: receives are serial
  Ticks send_free = 0;
  Ticks recv_free = 0;
  std::int64_t to_send[2] = {0, 0};  // [0] to the successor, [1] to the predecessor

  Ticks next_item_ready() const {
    if (sent < load) return 0;
    const auto k = static_cast<std::size_t>(sent - load);
    return k < arrivals.size() ? arrivals[k] : kNever;
  }
};

}  // namespace

std::optional<Schedule> plain_greedy_schedule(const RingInstance& inst, std::int64_t shift,
                                              bool succ_preferred) {
  const std::size_t n = inst.size();
  std::vector<std::int64_t> flow(n);
  std::int64_t running = shift;
  for (std::size_t i = 0; i < n; ++i) flow[i] = running += inst.loads[i] - inst.targets[i];
  // flow[i] = shift + S_i: net items over the edge P_i -> P_{i+1}.
  const bool all_pos = std::all_of(flow.begin(), flow.end(), [](auto f) { return f > 0; });
  const bool all_neg = std::all_of(flow.begin(), flow.end(), [](auto f) { return f < 0; });
  if (n > 1 && (all_pos || all_neg)) return std::nullopt;
  std::vector<Processor> procs(n);
  for (std::size_t p = 0; p < n; ++p) {
    procs[p].load = inst.loads[p];
    procs[p].to_send[0] = std::max<std::int64_t>(flow[p], 0);
    procs[p].to_send[1] = std::max<std::int64_t>(-flow[(p + n - 1) % n], 0);
  }
  Schedule s;
  s.time_scale = inst.cost_scale;
  s.flow_shift = shift;
  Ticks makespan = 0;
  const int dirs[2] = {succ_preferred ? 0 : 1, succ_preferred ? 1 : 0};
  while (true) {
    Ticks best = kNever;
    std::size_t best_p = 0;
    int best_d = 0;
    for (std::size_t p = 0; p < n; ++p)
      for (const int d : dirs) {
        if (procs[p].to_send[d] == 0) continue;
        const std::size_t q = d == 0 ? (p + 1) % n : (p + n - 1) % n;
        const Ticks t =
            std::max({procs[p].send_free, procs[q].recv_free, procs[p].next_item_ready()});
        if (t < best) best = t, best_p = p, best_d = d;
      }
    if (best == kNever) break;
    Processor& p = procs[best_p];
    const std::size_t q = best_d == 0 ? (best_p + 1) % n : (best_p + n - 1) % n;
    const Ticks c = best_d == 0 ? inst.succ_cost[best_p] : inst.pred_cost[best_p];
    p.sent += 1;
    p.to_send[best_d] -= 1;
    p.send_free = procs[q].recv_free = best + c;
    procs[q].arrivals.push_back(best + c);
    makespan = std::max(makespan, best + c);
    Transfer t{static_cast<std::int64_t>(best_p), static_cast<std::int64_t>(q), 1, best,
               std::nullopt};
    if (n == 2) t.link = best_d == 0 ? Link::succ : Link::pred;
    s.transfers.push_back(t);
  }
  for (const auto& p : procs)
    if (p.to_send[0] + p.to_send[1] != 0) return std::nullopt;  // cannot happen: flows are acyclic
  s.makespan = makespan;
  return s;
}

std::optional<Schedule> best_plain_greedy(const RingInstance& inst, std::int64_t center,
                                          std::int64_t radius) {
  std::optional<Schedule> best;
  for (std::int64_t x = center - radius; x <= center + radius; ++x)
    for (const bool succ : {true, false}) {
      auto s = plain_greedy_schedule(inst, x, succ);
      if (s && (!best || *s->makespan < *best->makespan)) best = std::move(s);
    }
  return best;
}

}  // namespace redist::testing
