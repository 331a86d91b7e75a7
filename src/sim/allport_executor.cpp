#include "redist/sim/allport_executor.hpp"

#include <algorithm>

#include "redist/core/error.hpp"

namespace redist::sim {

const char* to_string(ExecStatus status) {
  switch (status) {
    case ExecStatus::completed:
      return "completed";
    case ExecStatus::deadlock:
      return "deadlock";
    case ExecStatus::step_limit:
      return "step_limit";
  }
  return "?";
}

namespace {

struct EdgeState {
  std::size_t sender = 0;
  std::size_t receiver = 0;
  std::int64_t owed = 0;
};

std::vector<EdgeState> edge_states(const std::vector<std::int64_t>& flows) {
  const std::size_t n = flows.size();
  std::vector<EdgeState> edges(n);
  for (std::size_t e = 0; e < n; ++e) {
    const std::size_t succ = e + 1 == n ? 0 : e + 1;
    const bool forward = flows[e] >= 0;
    edges[e] = {forward ? e : succ, forward ? succ : e, forward ? flows[e] : -flows[e]};
  }
  return edges;
}

// Order in which a node serves its outgoing edges: its successor edge (edge i) before its
// predecessor edge (edge i-1), i.e. for every node, edges in the order i, i-1.
std::vector<std::size_t> service_order(const std::vector<EdgeState>& edges) {
  std::vector<std::size_t> order(edges.size());
  for (std::size_t e = 0; e < edges.size(); ++e) order[e] = e;
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
    const bool a_forward = edges[a].sender == a, b_forward = edges[b].sender == b;
    return a_forward && !b_forward;
  });
  return order;
}

// One step: sends decided on the holdings at the start of the step, deliveries at its end.
std::vector<AllportMessage> run_step(std::vector<EdgeState>& edges,
                                     const std::vector<std::size_t>& order,
                                     std::vector<std::int64_t>& holdings, SendMode mode) {
  std::vector<std::int64_t> available = holdings;
  std::vector<AllportMessage> sent;
  for (std::size_t e : order) {
    EdgeState& edge = edges[e];
    if (edge.owed == 0) continue;
    std::int64_t amount = 0;
    if (mode == SendMode::single) {
      amount = available[edge.sender] >= edge.owed ? edge.owed : 0;
    } else {
      amount = std::min(available[edge.sender], edge.owed);
    }
    if (amount <= 0) continue;
    available[edge.sender] -= amount;
    edge.owed -= amount;
    sent.push_back({e, edge.sender, edge.receiver, amount});
  }
  for (const auto& m : sent) {
    holdings[m.from] -= m.amount;
    holdings[m.to] += m.amount;
  }
  return sent;
}

}  // namespace

AllportExecution execute_allport(const AllportInstance& instance,
                                 const std::vector<std::int64_t>& flows, SendMode mode,
                                 const ExecOptions& options) {
  REDIST_ASSERT(flows.size() == instance.size() && !flows.empty());
  for (auto f : flows) REDIST_ASSERT(f <= (std::int64_t{1} << 62) && f >= -(std::int64_t{1} << 62));
  std::vector<EdgeState> edges = edge_states(flows);
  const std::vector<std::size_t> order = service_order(edges);
  AllportExecution run;
  run.final_loads = instance.loads;
  std::int64_t open = 0;
  for (const auto& e : edges) open += e.owed > 0 ? 1 : 0;
  while (open > 0) {
    if (run.steps >= options.max_steps) {
      run.status = ExecStatus::step_limit;
      return run;
    }
    auto sent = run_step(edges, order, run.final_loads, mode);
    if (sent.empty()) {
      run.status = ExecStatus::deadlock;
      return run;
    }
    ++run.steps;
    run.messages += static_cast<std::int64_t>(sent.size());
    for (const auto& m : sent) open -= edges[m.edge].owed == 0 ? 1 : 0;
    if (options.record_trace) run.trace.push_back({std::move(sent), run.final_loads});
  }
  run.status = ExecStatus::completed;
  run.reached_targets = run.final_loads == instance.targets;
  return run;
}

}  // namespace redist::sim
