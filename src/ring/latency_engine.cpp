// The message list scheduler of the start-up planners (latency_engine.hpp).

#include "latency_engine.hpp"

#include <algorithm>
#include <functional>
#include <queue>

#include "redist/core/error.hpp"

namespace redist::ring::detail {

namespace {

std::size_t receiver_of(std::size_t link, std::size_t n) {
  const std::size_t from = link / 2;
  return link % 2 == 0 ? (from + 1 == n ? 0 : from + 1) : (from == 0 ? n - 1 : from - 1);
}

// The simulation; `record` receives every message started (or nothing when only the makespan is
// wanted).
template <class Record>
Ticks simulate(const RingInstance& inst, const MessagePlan& plan, const Record& record) {
  const std::size_t n = inst.size();
  if (n < 2) return 0;
  std::vector<std::int64_t> held(inst.loads.begin(), inst.loads.end());
  std::vector<Ticks> send_free(n, 0), receive_free(n, 0);
  std::vector<std::size_t> next(2 * n, 0);  // next message of each link
  std::size_t pending = 0;
  for (const auto& s : plan.sizes) pending += s.size();
  // Events: a message ends (its receiver gains its items, both ports free up), or a link's
  // not_before passes. (time, link, items); items < 0 marks a not_before wake-up.
  using Event = std::tuple<Ticks, std::size_t, std::int64_t>;
  std::priority_queue<Event, std::vector<Event>, std::greater<>> events;
  for (std::size_t l = 0; l < 2 * n; ++l)
    if (!plan.sizes[l].empty() && plan.not_before[l] > 0) events.push({plan.not_before[l], l, -1});
  std::vector<std::uint8_t> dirty(n, 1);
  std::vector<std::size_t> dirty_list;
  for (std::size_t i = 0; i < n; ++i) dirty_list.push_back(i);
  Ticks now = 0, makespan = 0;
  const auto try_start = [&](std::size_t p) {
    if (send_free[p] > now) return;
    const bool succ_first = plan.succ_first[p] != 0;
    for (const bool succ : {succ_first, !succ_first}) {
      if (!inst.bidirectional() && !succ) continue;
      const std::size_t l = link_index(p, succ);
      if (next[l] >= plan.sizes[l].size() || plan.not_before[l] > now) continue;
      const std::size_t to = receiver_of(l, n);
      const std::int64_t q = plan.sizes[l][next[l]];
      if (receive_free[to] > now || held[p] < q) continue;
      const Ticks end = now + inst.latency(p, succ) + Ticks{q} * inst.cost(p, succ);
      held[p] -= q;
      send_free[p] = end;
      receive_free[to] = end;
      ++next[l];
      --pending;
      record(TimedMessage{l, q, now});
      events.push({end, l, q});
      makespan = std::max(makespan, end);
      return;
    }
  };
  const auto mark = [&](std::size_t p) {
    if (!dirty[p]) {
      dirty[p] = 1;
      dirty_list.push_back(p);
    }
  };
  for (;;) {
    std::sort(dirty_list.begin(), dirty_list.end());
    for (const std::size_t p : dirty_list) {
      dirty[p] = 0;
      try_start(p);
    }
    dirty_list.clear();
    if (events.empty()) break;
    now = std::get<0>(events.top());
    while (!events.empty() && std::get<0>(events.top()) == now) {
      const auto [time, l, items] = events.top();
      events.pop();
      const std::size_t from = l / 2, to = receiver_of(l, n);
      mark(from);
      if (items < 0) continue;
      held[to] += items;
      mark(to);
      // The receiver's port is free: its neighbours may now send to it.
      mark(to + 1 == n ? 0 : to + 1);
      mark(to == 0 ? n - 1 : to - 1);
    }
  }
  return pending == 0 ? makespan : kNoMakespan;
}

}  // namespace

MessageTiming time_messages(const RingInstance& inst, const MessagePlan& plan) {
  MessageTiming timing;
  const Ticks makespan =
      simulate(inst, plan, [&](const TimedMessage& m) { timing.messages.push_back(m); });
  timing.complete = makespan != kNoMakespan;
  timing.makespan = timing.complete ? makespan : 0;
  return timing;
}

Ticks messages_makespan(const RingInstance& inst, const MessagePlan& plan) {
  return simulate(inst, plan, [](const TimedMessage&) {});
}

Schedule messages_to_schedule(const RingInstance& inst, const MessageTiming& timing,
                              bool back_to_back) {
  const std::size_t n = inst.size();
  std::vector<std::vector<TimedMessage>> by_link(2 * n);
  for (const TimedMessage& m : timing.messages) by_link[m.link].push_back(m);
  Schedule s;
  s.time_scale = inst.cost_scale;
  s.makespan = timing.makespan;
  const auto end_of = [&](const TimedMessage& m) {
    const std::size_t from = m.link / 2;
    const bool succ = m.link % 2 == 0;
    return m.start + inst.latency(from, succ) + Ticks{m.items} * inst.cost(from, succ);
  };
  // Whether link k has a message overlapping [a, b): a transfer holds both its ports over its
  // pauses too, so messages are merged across a pause only when no other link uses those ports.
  const auto busy = [&](std::size_t k, Ticks a, Ticks b) {
    if (a >= b) return false;
    const auto& other = by_link[k];
    auto it = std::lower_bound(other.begin(), other.end(), a,
                               [&](const TimedMessage& m, Ticks t) { return end_of(m) <= t; });
    return it != other.end() && it->start < b;
  };
  for (std::size_t l = 0; l < 2 * n; ++l) {
    const auto& msgs = by_link[l];
    if (msgs.empty()) continue;
    const std::size_t from = l / 2, to = receiver_of(l, n);
    const bool succ = l % 2 == 0;
    const Ticks latency = inst.latency(from, succ), cost = inst.cost(from, succ);
    // The other link out of `from` and the other link into `to`.
    const std::size_t sibling = link_index(from, !succ);
    const std::size_t rival = succ ? link_index(to + 1 == n ? 0 : to + 1, false)
                                   : link_index(to == 0 ? n - 1 : to - 1, true);
    const auto free_between = [&](const TimedMessage& before, const TimedMessage& after) {
      const Ticks a = end_of(before), b = after.start;
      return !busy(sibling, a, b) && !busy(rival, a, b);
    };
    for (std::size_t a = 0; a < msgs.size();) {
      // The run a..b-1: one size, evenly spaced starts; a last message of fewer items may close it.
      const std::int64_t size = msgs[a].items;
      std::size_t b = a + 1;
      const Ticks gap = b < msgs.size() ? msgs[b].start - msgs[a].start : 0;
      const bool paused = gap != latency + Ticks{size} * cost;
      while (b < msgs.size() && msgs[b - 1].items == size && msgs[b].items <= size &&
             msgs[b].start - msgs[b - 1].start == gap && !(back_to_back && paused) &&
             (!paused || free_between(msgs[b - 1], msgs[b]))) {
        ++b;
        if (msgs[b - 1].items < size) break;  // a shorter message is the transfer's last
      }
      std::int64_t items = 0;
      for (std::size_t k = a; k < b; ++k) items += msgs[k].items;
      Transfer t(static_cast<std::int64_t>(from), static_cast<std::int64_t>(to), items,
                 msgs[a].start,
                 n == 2 ? std::optional<Link>(succ ? Link::succ : Link::pred) : std::nullopt);
      if (b - a > 1) {
        if (size > 1) set_message_size(t, size);
        if (gap != latency + Ticks{size} * cost) t.spacing = gap;
      } else if (size > 1) {
        set_message_size(t, size);
      }
      s.transfers.push_back(t);
      a = b;
    }
  }
  return s;
}

}  // namespace redist::ring::detail
