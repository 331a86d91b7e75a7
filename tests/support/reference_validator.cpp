#include "support/reference_validator.hpp"

#include <algorithm>
#include <limits>
#include <utility>
#include <vector>

namespace redist::testing {

namespace {

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
};

// A transfer on a real link: item m leaves at start + (m-1) period and arrives `cost` later.
struct Paced {
  std::int64_t from, to, items;
  Ticks start, period, cost;
  Ticks end() const { return start + (items - 1) * period + cost; }
};

// Every pair of transfers sharing a send port or a receive port must have disjoint spans.
void check_ports(const std::vector<Paced>& ok, Found& found) {
  for (std::size_t a = 0; a < ok.size(); ++a)
    for (std::size_t b = a + 1; b < ok.size(); ++b) {
      const bool overlap = ok[a].start < ok[b].end() && ok[b].start < ok[a].end();
      if (overlap && (ok[a].from == ok[b].from || ok[a].to == ok[b].to))
        found.offer(std::max(ok[a].start, ok[b].start), 1, "one-port");
    }
}

// Walks each processor's item events in time order, arrivals before departures at equal times.
// `unpaced` are the net items moved by transfers rejected for their spacing (they still count at
// the end).
void check_items(const RingInstance& inst, const std::vector<Paced>& ok,
                 const std::vector<std::int64_t>& unpaced, Ticks makespan, Found& found) {
  std::vector<std::vector<std::pair<Ticks, int>>> events(
      inst.size());  // (time, 0 = arrival / 1 = departure)
  for (const Paced& t : ok)
    for (std::int64_t m = 1; m <= t.items; ++m) {
      const Ticks leaves = t.start + (m - 1) * t.period;
      events[static_cast<std::size_t>(t.from)].push_back({leaves, 1});
      events[static_cast<std::size_t>(t.to)].push_back({leaves + t.cost, 0});
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
    if (held + unpaced[p] != inst.targets[p]) found.offer(makespan, 3, "final-load");
  }
}

}  // namespace

std::optional<bool> succ_link_of(const RingInstance& inst, const Transfer& t) {
  const auto n = static_cast<std::int64_t>(inst.size());
  const bool to_succ = t.to == (t.from + 1) % n && t.from != t.to;
  const bool to_pred = t.to == (t.from + n - 1) % n && t.from != t.to;
  if (t.link) {
    const bool succ = *t.link == Link::succ;
    if (succ ? to_succ : (inst.bidirectional() && to_pred)) return succ;
    return std::nullopt;
  }
  if (to_succ) return true;
  if (inst.bidirectional() && to_pred) return false;
  return std::nullopt;
}

ReferenceVerdict reference_validate(const RingInstance& original,
                                    const Schedule& original_schedule) {
  const int scale = std::max(original.cost_scale, original_schedule.time_scale);
  const RingInstance inst = rescaled(original, scale);
  const Schedule sched = rescaled(original_schedule, scale);
  Found found;
  std::vector<Paced> ok;
  std::vector<std::int64_t> unpaced(inst.size(), 0);
  Ticks makespan = 0;
  for (const Transfer& t : sched.transfers) {
    // The link of every transfer is checked, an empty one included; only then is an empty transfer
    // left out (the reader refuses 0 items; this reference still judges what the library is given).
    const auto succ = succ_link_of(inst, t);
    if (!succ) {
      found.offer(t.start, 0, "neighbour");
      continue;
    }
    if (t.items == 0) continue;
    const auto from = static_cast<std::size_t>(t.from);
    const Ticks cost = *succ ? inst.succ_cost[from] : inst.pred_cost[from];
    if (t.spacing != 0 && t.spacing < cost) {
      found.offer(t.start, 0, "spacing");
      unpaced[static_cast<std::size_t>(t.from)] -= t.items;
      unpaced[static_cast<std::size_t>(t.to)] += t.items;
      continue;
    }
    ok.push_back({t.from, t.to, t.items, t.start, t.spacing == 0 ? cost : t.spacing, cost});
    makespan = std::max(makespan, ok.back().end());
  }
  check_ports(ok, found);
  check_items(inst, ok, unpaced, makespan, found);
  ReferenceVerdict verdict;
  verdict.valid = found.rank == 9;
  verdict.makespan = makespan;
  verdict.violation_time = found.time;
  verdict.rule = found.rule;
  return verdict;
}

}  // namespace redist::testing
