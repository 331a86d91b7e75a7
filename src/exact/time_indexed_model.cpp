#include "redist/exact/time_indexed_model.hpp"

#include <algorithm>
#include <numeric>

namespace redist::exact {

int MilpProblem::add_column(double lower, double upper, double cost, bool is_integer) {
  column_lower.push_back(lower);
  column_upper.push_back(upper);
  objective.push_back(cost);
  integer.push_back(is_integer);
  return static_cast<int>(objective.size() - 1);
}

int MilpProblem::add_row(double lower, double upper) {
  row_lower.push_back(lower);
  row_upper.push_back(upper);
  return static_cast<int>(row_lower.size() - 1);
}

Ticks slot_length(const RingInstance& instance) {
  std::int64_t g = 0;
  for (const std::int64_t c : instance.succ_cost) g = std::gcd(g, c);
  for (const std::int64_t c : instance.pred_cost) g = std::gcd(g, c);
  return g > 0 ? g : 1;
}

namespace {

constexpr double kInfinity = 1e30;  // both solvers read anything this large as "no bound"

std::vector<ModelLink> directed_links(const RingInstance& instance, std::int64_t slot) {
  const std::size_t n = instance.size();
  std::vector<ModelLink> links;
  for (std::size_t i = 0; i < n; ++i) {
    links.push_back({i, (i + 1) % n, true, instance.succ_cost[i] / slot, 0, 0});
    if (instance.bidirectional())
      links.push_back({i, (i + n - 1) % n, false, instance.pred_cost[i] / slot, 0, 0});
  }
  return links;
}

// The y columns: link l may start an item at slots 0 .. H - c_l (it must end by the horizon).
void add_start_columns(TimeIndexedModel& m) {
  for (ModelLink& link : m.links) {
    link.first_column = static_cast<int>(m.problem.columns());
    link.starts = std::max<std::int64_t>(0, m.horizon - link.slots + 1);
    for (std::int64_t s = 0; s < link.starts; ++s) m.problem.add_column(0, 1, 0, true);
    m.binaries += static_cast<std::size_t>(link.starts);
  }
}

// One port (P_i's sends, or its receives): at every slot, at most one item in progress over all of
// its links. `sending` picks the links out of P_i, else the links into it.
void add_port_rows(TimeIndexedModel& m, std::size_t i, bool sending) {
  for (std::int64_t t = 0; t < m.horizon; ++t) {
    const int row = m.problem.add_row(-kInfinity, 1);
    for (const ModelLink& link : m.links) {
      if ((sending ? link.from : link.to) != i) continue;
      for (std::int64_t s = std::max<std::int64_t>(0, t - link.slots + 1);
           s <= t && s < link.starts; ++s)
        m.problem.set(row, link.first_column + static_cast<int>(s), 1);
    }
  }
}

// Stock of P_i slot by slot: h[t] - h[t-1] - arrivals(t) + sends(t) = 0, h[-1] = loads[i]; then the
// final balance. An arrival at slot t is an item started at t - c: usable from t on, never before.
void add_holding_rows(TimeIndexedModel& m, const RingInstance& instance, std::size_t i) {
  const double total = static_cast<double>(instance.total_items());
  int previous = -1;
  for (std::int64_t t = 0; t < m.horizon; ++t) {
    const int stock = m.problem.add_column(0, total, 0, false);
    const double load = t == 0 ? static_cast<double>(instance.loads[i]) : 0.0;
    const int row = m.problem.add_row(load, load);
    m.problem.set(row, stock, 1);
    if (previous >= 0) m.problem.set(row, previous, -1);
    for (const ModelLink& link : m.links) {
      if (link.from == i && t < link.starts)
        m.problem.set(row, link.first_column + static_cast<int>(t), 1);
      const std::int64_t s = t - link.slots;
      if (link.to == i && s >= 0 && s < link.starts)
        m.problem.set(row, link.first_column + static_cast<int>(s), -1);
    }
    previous = stock;
  }
  const double net = static_cast<double>(instance.targets[i] - instance.loads[i]);
  const int balance = m.problem.add_row(net, net);
  for (const ModelLink& link : m.links)
    for (std::int64_t s = 0; s < link.starts; ++s) {
      if (link.to == i) m.problem.set(balance, link.first_column + static_cast<int>(s), 1);
      if (link.from == i) m.problem.set(balance, link.first_column + static_cast<int>(s), -1);
    }
}

// T covers every item's end, and each port's total busy time (the latter only tightens the LP).
void add_makespan_rows(TimeIndexedModel& m, std::size_t n) {
  for (const ModelLink& link : m.links)
    for (std::int64_t s = 0; s < link.starts; ++s) {
      const int row = m.problem.add_row(0, kInfinity);
      m.problem.set(row, m.makespan_column, 1);
      m.problem.set(row, link.first_column + static_cast<int>(s),
                    -static_cast<double>(s + link.slots));
    }
  for (std::size_t i = 0; i < n; ++i)
    for (const bool sending : {true, false}) {
      const int row = m.problem.add_row(0, kInfinity);
      m.problem.set(row, m.makespan_column, 1);
      for (const ModelLink& link : m.links)
        if ((sending ? link.from : link.to) == i)
          for (std::int64_t s = 0; s < link.starts; ++s)
            m.problem.set(row, link.first_column + static_cast<int>(s),
                          -static_cast<double>(link.slots));
    }
}

}  // namespace

TimeIndexedModel build_time_indexed_model(const RingInstance& instance, Ticks horizon_ticks,
                                          Ticks lower_ticks) {
  TimeIndexedModel m;
  m.slot_ticks = slot_length(instance);
  m.horizon =
      static_cast<std::int64_t>(horizon_ticks / m.slot_ticks);  // the optimum is a multiple of g
  const auto lower = static_cast<std::int64_t>((lower_ticks + m.slot_ticks - 1) / m.slot_ticks);
  m.links = directed_links(instance, static_cast<std::int64_t>(m.slot_ticks));
  add_start_columns(m);
  m.makespan_column = m.problem.add_column(static_cast<double>(std::min(lower, m.horizon)),
                                           static_cast<double>(m.horizon), 1, true);
  for (std::size_t i = 0; i < instance.size(); ++i) {
    add_port_rows(m, i, true);
    add_port_rows(m, i, false);
    add_holding_rows(m, instance, i);
  }
  add_makespan_rows(m, instance.size());
  return m;
}

Schedule schedule_from_solution(const RingInstance& instance, const TimeIndexedModel& model,
                                const std::vector<double>& solution) {
  struct Item {
    std::size_t link;
    Ticks start;
  };
  std::vector<Item> items;
  for (std::size_t l = 0; l < model.links.size(); ++l)
    for (std::int64_t s = 0; s < model.links[l].starts; ++s)
      if (solution[static_cast<std::size_t>(model.links[l].first_column + s)] > 0.5)
        items.push_back({l, static_cast<Ticks>(s) * model.slot_ticks});
  std::sort(items.begin(), items.end(),
            [](const Item& a, const Item& b) { return a.start < b.start; });
  Schedule out;
  out.time_scale = instance.cost_scale;
  std::vector<std::size_t> transfer_link;  // which model link each transfer uses
  Ticks makespan = 0;
  for (const Item& item : items) {
    const ModelLink& link = model.links[item.link];
    const Ticks cost = static_cast<Ticks>(link.slots) * model.slot_ticks;
    makespan = std::max(makespan, item.start + cost);
    bool merged = false;  // the previous item on this link ends as this one starts: one transfer
    for (std::size_t k = 0; k < out.transfers.size() && !merged; ++k) {
      Transfer& t = out.transfers[k];
      if (transfer_link[k] == item.link && t.start + t.items * cost == item.start) {
        ++t.items;
        merged = true;
      }
    }
    if (merged) continue;
    Transfer t{static_cast<std::int64_t>(link.from),
               static_cast<std::int64_t>(link.to),
               1,
               item.start,
               std::nullopt,
               0};
    if (instance.size() == 2 && instance.bidirectional())
      t.link = link.succ ? Link::succ : Link::pred;
    out.transfers.push_back(t);
    transfer_link.push_back(item.link);
  }
  out.makespan = makespan;
  return out;
}

}  // namespace redist::exact
