// The time-indexed model with start-up costs (exact/latency_model.hpp).

#include "redist/exact/latency_model.hpp"

#include <algorithm>
#include <numeric>

namespace redist::exact {

namespace {

constexpr double kInfinity = 1e30;

// Slot ranges of one link: messages may start at 0 .. starts-1, items at 0 .. items-1.
struct Ranges {
  std::int64_t starts;  // st columns (latency links)
  std::int64_t items;   // y columns
};

Ranges ranges_of(const LatencyModelLink& l, std::int64_t horizon) {
  const std::int64_t items = std::max<std::int64_t>(0, horizon - l.cost_slots + 1);
  const std::int64_t starts =
      l.latency_slots > 0 ? std::max<std::int64_t>(0, horizon - l.latency_slots - l.cost_slots + 1)
                          : 0;
  return {starts, items};
}

std::vector<LatencyModelLink> links_of(const RingInstance& inst, Ticks slot) {
  const std::size_t n = inst.size();
  std::vector<LatencyModelLink> links;
  for (std::size_t i = 0; i < n; ++i)
    for (const bool succ : {true, false}) {
      if (!succ && !inst.bidirectional()) continue;
      LatencyModelLink l;
      l.from = i;
      l.to = succ ? (i + 1) % n : (i + n - 1) % n;
      l.succ = succ;
      l.cost_slots = static_cast<std::int64_t>(inst.cost(i, succ) / slot);
      l.latency_slots = static_cast<std::int64_t>(inst.latency(i, succ) / slot);
      links.push_back(l);
    }
  return links;
}

// Builds the model; the columns of each link's slot variables are laid out in order so that
// "column of x[t]" is first + t.
class Builder {
 public:
  Builder(const RingInstance& inst, LatencyModel& m) : inst_(inst), m_(m) {
    total_ = static_cast<double>(std::max<std::int64_t>(1, inst.total_items()));
    // The fewest items' flows, F_i = S_i - min S (unidirectional rings).
    std::int64_t sum = 0, lowest = 0;
    flows_.resize(inst.size());
    for (std::size_t i = 0; i < inst.size(); ++i) {
      sum += inst.loads[i] - inst.targets[i];
      flows_[i] = sum;
      lowest = std::min(lowest, sum);
    }
    for (auto& f : flows_) f -= lowest;
  }

  void build(std::int64_t lower) {
    const std::int64_t h = m_.horizon;
    m_.makespan_column = m_.problem.add_column(static_cast<double>(std::min(lower, h)),
                                               static_cast<double>(h), 1, true);
    busy_.resize(m_.links.size());
    for (std::size_t k = 0; k < m_.links.size(); ++k) add_link(k);
    for (std::size_t i = 0; i < inst_.size(); ++i) {
      add_ports(i, true);
      add_ports(i, false);
      add_holdings(i);
    }
  }

 private:
  int column(int first, std::int64_t t) const { return first + static_cast<int>(t); }

  // A running sum column per slot: sum[t] = sum[t-1] + (entries of slot t), returned as the first
  // column; `terms(t, row)` adds the slot's entries (with the sign they have in sum[t]).
  template <class Terms>
  int running_sum(const Terms& terms) {
    const int first = static_cast<int>(m_.problem.columns());
    for (std::int64_t t = 0; t < m_.horizon; ++t) m_.problem.add_column(0, kInfinity, 0, false);
    for (std::int64_t t = 0; t < m_.horizon; ++t) {
      const int row = m_.problem.add_row(0, 0);
      m_.problem.set(row, column(first, t), 1);
      if (t > 0) m_.problem.set(row, column(first, t - 1), -1);
      terms(t, row);
    }
    return first;
  }

  // Items link `l` can carry by the horizon (the big M of its rows): the flow it must carry on a
  // unidirectional ring (where some optimal schedule carries exactly the fewest items,
  // docs/latency.md), else what fits in the horizon, at most every item.
  double most_items(const LatencyModelLink& l) const {
    if (!inst_.bidirectional()) return static_cast<double>(flows_[l.from]);
    const std::int64_t fit =
        (m_.horizon - l.latency_slots) / std::max<std::int64_t>(1, l.cost_slots);
    return std::max(0.0, std::min(total_, static_cast<double>(fit)));
  }

  void add_link(std::size_t k) {
    LatencyModelLink& l = m_.links[k];
    const Ranges r = ranges_of(l, m_.horizon);
    const std::int64_t lam = l.latency_slots, c = l.cost_slots;
    const double most = most_items(l);
    l.first_item = static_cast<int>(m_.problem.columns());
    for (std::int64_t s = 0; s < r.items; ++s) m_.problem.add_column(0, 1, 0, true);
    m_.binaries += static_cast<std::size_t>(r.items);
    {  // the link's items: exactly its flow on a unidirectional ring, at most `most` otherwise
      const int row = m_.problem.add_row(inst_.bidirectional() ? 0.0 : most, most);
      for (std::int64_t s = 0; s < r.items; ++s) m_.problem.set(row, column(l.first_item, s), 1);
    }
    // T covers every item's end (a message ends with its last item).
    for (std::int64_t s = 0; s < r.items; ++s) {
      const int row = m_.problem.add_row(0, kInfinity);
      m_.problem.set(row, m_.makespan_column, 1);
      m_.problem.set(row, column(l.first_item, s), -static_cast<double>(s + c));
    }
    const auto y = [&](std::int64_t s, int row, double sign) {
      if (s >= 0 && s < r.items) m_.problem.set(row, column(l.first_item, s), sign);
    };
    if (lam == 0) {
      busy_[k] = -1;  // ports sum its items directly
      return;
    }
    l.first_start = static_cast<int>(m_.problem.columns());
    for (std::int64_t s = 0; s < r.starts; ++s) m_.problem.add_column(0, 1, 0, true);
    m_.binaries += static_cast<std::size_t>(r.starts);
    const auto st = [&](std::int64_t s, int row, double sign) {
      if (s >= 0 && s < r.starts) m_.problem.set(row, column(l.first_start, s), sign);
    };
    // Items follow their start-up and each other; a message holds at least one item.
    for (std::int64_t s = 0; s < r.items; ++s) {
      const int row = m_.problem.add_row(-kInfinity, 0);
      y(s, row, 1);
      st(s - lam, row, -1);
      y(s - c, row, -1);
    }
    for (std::int64_t s = 0; s < r.starts; ++s) {
      const int row = m_.problem.add_row(-kInfinity, 0);
      st(s, row, 1);
      y(s + lam, row, -1);
    }
    // busy[t]: start-ups and items in progress; items[t]: items alone.
    busy_[k] = running_sum([&](std::int64_t t, int row) {
      st(t, row, -1);
      st(t - lam, row, 1);
      y(t, row, -1);
      y(t - c, row, 1);
    });
    const int items = running_sum([&](std::int64_t t, int row) {
      y(t, row, -1);
      y(t - c, row, 1);
    });
    // take[t] <= N st[t]; out[t] = out[t-1] + take[t] - y[t], out <= N busy, out[H-1] = 0.
    l.first_take = static_cast<int>(m_.problem.columns());
    for (std::int64_t s = 0; s < r.starts; ++s) {
      const int take = m_.problem.add_column(0, most, 0, false);
      const int row = m_.problem.add_row(-kInfinity, 0);
      m_.problem.set(row, take, 1);
      st(s, row, -most);
    }
    const auto take = [&](std::int64_t s, int row, double sign) {
      if (s >= 0 && s < r.starts) m_.problem.set(row, column(l.first_take, s), sign);
    };
    const int out = running_sum([&](std::int64_t t, int row) {
      take(t, row, -1);
      y(t, row, 1);
    });
    for (std::int64_t t = 0; t < m_.horizon; ++t) {
      const int row = m_.problem.add_row(-kInfinity, 0);
      m_.problem.set(row, column(out, t), 1);
      m_.problem.set(row, column(busy_[k], t), -most);
    }
    if (m_.horizon > 0) m_.problem.column_upper[static_cast<std::size_t>(out) + m_.horizon - 1] = 0;
    // pend[t] = pend[t-1] + y[t - C] - give[t] over t = 0..H, pend[H] = 0; give[t] <= N (1 - items[t]).
    l.first_give = static_cast<int>(m_.problem.columns());
    for (std::int64_t t = 0; t <= m_.horizon; ++t) m_.problem.add_column(0, most, 0, false);
    const int pend = static_cast<int>(m_.problem.columns());
    for (std::int64_t t = 0; t <= m_.horizon; ++t) m_.problem.add_column(0, most, 0, false);
    m_.problem.column_upper[static_cast<std::size_t>(pend) + m_.horizon] = 0;
    for (std::int64_t t = 0; t <= m_.horizon; ++t) {
      const int row = m_.problem.add_row(0, 0);
      m_.problem.set(row, column(pend, t), 1);
      if (t > 0) m_.problem.set(row, column(pend, t - 1), -1);
      y(t - c, row, -1);
      m_.problem.set(row, column(l.first_give, t), 1);
      if (t < m_.horizon) {
        const int gate = m_.problem.add_row(-kInfinity, most);
        m_.problem.set(gate, column(l.first_give, t), 1);
        m_.problem.set(gate, column(items, t), most);
      }
    }
  }

  // At every slot, at most one message (start-up or item) in progress over the port's links.
  void add_ports(std::size_t i, bool sending) {
    for (std::int64_t t = 0; t < m_.horizon; ++t) {
      const int row = m_.problem.add_row(-kInfinity, 1);
      for (std::size_t k = 0; k < m_.links.size(); ++k) {
        const LatencyModelLink& l = m_.links[k];
        if ((sending ? l.from : l.to) != i) continue;
        if (busy_[k] >= 0) {
          m_.problem.set(row, column(busy_[k], t), 1);
          continue;
        }
        const Ranges r = ranges_of(l, m_.horizon);
        for (std::int64_t s = std::max<std::int64_t>(0, t - l.cost_slots + 1);
             s <= t && s < r.items; ++s)
          m_.problem.set(row, column(l.first_item, s), 1);
      }
    }
    // The port's total busy time (tightens the relaxation only).
    const int row = m_.problem.add_row(0, kInfinity);
    m_.problem.set(row, m_.makespan_column, 1);
    for (const LatencyModelLink& l : m_.links) {
      if ((sending ? l.from : l.to) != i) continue;
      const Ranges r = ranges_of(l, m_.horizon);
      for (std::int64_t s = 0; s < r.items; ++s)
        m_.problem.set(row, column(l.first_item, s), -static_cast<double>(l.cost_slots));
      for (std::int64_t s = 0; s < r.starts; ++s)
        m_.problem.set(row, column(l.first_start, s), -static_cast<double>(l.latency_slots));
    }
  }

  // h[t] = h[t-1] + arrivals(t) - departures(t) >= 0 for t = 0..H, h[-1] = load, h[H] = target.
  void add_holdings(std::size_t i) {
    int previous = -1;
    for (std::int64_t t = 0; t <= m_.horizon; ++t) {
      const bool last = t == m_.horizon;
      const double target = static_cast<double>(inst_.targets[i]);
      const int stock = m_.problem.add_column(last ? target : 0, last ? target : total_, 0, false);
      const double load = t == 0 ? static_cast<double>(inst_.loads[i]) : 0.0;
      const int row = m_.problem.add_row(load, load);
      m_.problem.set(row, stock, 1);
      if (previous >= 0) m_.problem.set(row, previous, -1);
      for (const LatencyModelLink& l : m_.links) {
        const Ranges r = ranges_of(l, m_.horizon);
        if (l.from == i) {  // departures
          if (l.latency_slots > 0 && t < r.starts) m_.problem.set(row, column(l.first_take, t), 1);
          if (l.latency_slots == 0 && t < r.items) m_.problem.set(row, column(l.first_item, t), 1);
        }
        if (l.to == i) {  // arrivals
          if (l.latency_slots > 0) m_.problem.set(row, column(l.first_give, t), -1);
          const std::int64_t s = t - l.cost_slots;
          if (l.latency_slots == 0 && s >= 0 && s < r.items)
            m_.problem.set(row, column(l.first_item, s), -1);
        }
      }
      previous = stock;
    }
  }

  const RingInstance& inst_;
  LatencyModel& m_;
  double total_ = 1;
  std::vector<std::int64_t> flows_;
  std::vector<int> busy_;  // per link: first busy[t] column, or -1 for an item-model link
};

}  // namespace

Ticks latency_slot_length(const RingInstance& inst) {
  std::int64_t g = 0;
  for (std::size_t i = 0; i < inst.size(); ++i)
    for (const bool succ : {true, false}) {
      if (!succ && !inst.bidirectional()) continue;
      g = std::gcd(g, inst.cost(i, succ));
      g = std::gcd(g, inst.latency(i, succ));
    }
  return g > 0 ? g : 1;
}

Ticks latency_model_binaries(const RingInstance& inst, Ticks horizon_ticks) {
  const Ticks slot = latency_slot_length(inst);
  const auto horizon = static_cast<std::int64_t>(horizon_ticks / slot);
  Ticks count = 0;
  for (const LatencyModelLink& l : links_of(inst, slot)) {
    const Ranges r = ranges_of(l, horizon);
    count += r.items + r.starts;
  }
  return count;
}

LatencyModel build_latency_model(const RingInstance& inst, Ticks horizon_ticks, Ticks lower_ticks) {
  LatencyModel m;
  m.slot_ticks = latency_slot_length(inst);
  m.horizon = static_cast<std::int64_t>(horizon_ticks / m.slot_ticks);
  const auto lower = static_cast<std::int64_t>((lower_ticks + m.slot_ticks - 1) / m.slot_ticks);
  m.links = links_of(inst, m.slot_ticks);
  Builder(inst, m).build(lower);
  return m;
}

Schedule schedule_from_latency_solution(const RingInstance& inst, const LatencyModel& model,
                                        const std::vector<double>& solution) {
  const auto on = [&](int first, std::int64_t s) {
    return solution[static_cast<std::size_t>(first + s)] > 0.5;
  };
  Schedule out;
  out.time_scale = inst.cost_scale;
  Ticks makespan = 0;
  for (const LatencyModelLink& l : model.links) {
    const Ranges r = ranges_of(l, model.horizon);
    const Ticks slot = model.slot_ticks;
    const auto add = [&](std::int64_t start, std::int64_t items, bool one_message) {
      Transfer t(static_cast<std::int64_t>(l.from), static_cast<std::int64_t>(l.to), items,
                 static_cast<Ticks>(start) * slot);
      if (inst.size() == 2 && inst.bidirectional()) t.link = l.succ ? Link::succ : Link::pred;
      if (one_message && items > 1) set_message_size(t, items);
      out.transfers.push_back(t);
      makespan = std::max(makespan, t.start + inst.latency(l.from, l.succ) +
                                        Ticks{items} * inst.cost(l.from, l.succ));
    };
    if (l.latency_slots == 0) {
      // Items back to back on the link form one transfer of one item per message.
      for (std::int64_t s = 0; s < r.items;) {
        if (!on(l.first_item, s)) {
          ++s;
          continue;
        }
        std::int64_t items = 0, at = s;
        while (at < r.items && on(l.first_item, at)) {
          ++items;
          at += l.cost_slots;
        }
        add(s, items, false);
        s = at;
      }
      continue;
    }
    for (std::int64_t s = 0; s < r.starts; ++s) {
      if (!on(l.first_start, s)) continue;
      std::int64_t items = 0;
      for (std::int64_t at = s + l.latency_slots; at < r.items && on(l.first_item, at);
           at += l.cost_slots)
        ++items;
      add(s, items, true);
    }
  }
  out.makespan = makespan;
  return out;
}

}  // namespace redist::exact
