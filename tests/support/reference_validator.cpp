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

// A transfer on a real link: message j (1-based) of q_j items leaves at start + (j-1) period and
// arrives latency + q_j cost later; every message holds `size` items but the last, which holds the
// rest.
struct Paced {
  std::int64_t from, to, items, size;
  Ticks start, period, cost, latency;
  std::int64_t messages() const { return (items + size - 1) / size; }
  std::int64_t items_of(std::int64_t j) const {
    return j < messages() ? size : items - (messages() - 1) * size;
  }
  Ticks leaves(std::int64_t j) const { return start + (j - 1) * period; }
  Ticks arrives(std::int64_t j) const { return leaves(j) + latency + items_of(j) * cost; }
  Ticks end() const { return arrives(messages()); }
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

// Walks each processor's message events in time order, arrivals before departures at equal times:
// a message takes all its items when it leaves and hands them over when it arrives.
// `unpaced` are the net items moved by transfers rejected for their spacing (they still count at
// the end).
void check_items(const RingInstance& inst, const std::vector<Paced>& ok,
                 const std::vector<std::int64_t>& unpaced, Ticks makespan, Found& found) {
  struct Event {
    Ticks time;
    int kind;  // 0 = arrival, 1 = departure
    std::int64_t items;
    bool operator<(const Event& o) const { return time != o.time ? time < o.time : kind < o.kind; }
  };
  std::vector<std::vector<Event>> events(inst.size());
  for (const Paced& t : ok)
    for (std::int64_t j = 1; j <= t.messages(); ++j) {
      events[static_cast<std::size_t>(t.from)].push_back({t.leaves(j), 1, t.items_of(j)});
      events[static_cast<std::size_t>(t.to)].push_back({t.arrives(j), 0, t.items_of(j)});
    }
  for (std::size_t p = 0; p < inst.size(); ++p) {
    std::stable_sort(events[p].begin(), events[p].end());
    std::int64_t held = inst.loads[p];
    bool short_of_items = false;
    for (const auto& [time, kind, items] : events[p]) {
      held += kind == 0 ? items : -items;
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
    const auto& latencies = *succ ? inst.succ_latency : inst.pred_latency;
    const Ticks latency = latencies.empty() ? 0 : latencies[from];
    const std::int64_t size = message_size(t);
    const Ticks message = latency + size * cost;  // a full message's time on the link
    if (t.spacing != 0 && t.spacing < message) {
      found.offer(t.start, 0, "spacing");
      unpaced[static_cast<std::size_t>(t.from)] -= t.items;
      unpaced[static_cast<std::size_t>(t.to)] += t.items;
      continue;
    }
    ok.push_back({t.from, t.to, t.items, size, t.start, t.spacing == 0 ? message : t.spacing, cost,
                  latency});
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
