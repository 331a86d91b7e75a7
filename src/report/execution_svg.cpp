#include "redist/report/execution_svg.hpp"

#include "redist/core/error.hpp"
#include "redist/report/svg.hpp"

namespace redist::report {

namespace {

namespace svg = report::svg;

constexpr double kCell = 70;   // horizontal distance between nodes
constexpr double kRow = 60;    // vertical distance between steps
constexpr double kLeft = 100;  // room for the step labels and the wrap-around arrows
constexpr double kTop = 60;    // room for the title and node names
constexpr double kRadius = 16;

double node_x(std::size_t i) { return kLeft + kCell * static_cast<double>(i); }
double row_y(std::size_t t) { return kTop + kRow * static_cast<double>(t); }

// What each node still owes after `done` steps, from the flows and the recorded messages.
std::vector<std::int64_t> owed_by_node(const std::vector<std::int64_t>& owed_by_edge,
                                       const std::vector<std::int64_t>& flows) {
  const std::size_t n = flows.size();
  std::vector<std::int64_t> owed(n, 0);
  for (std::size_t e = 0; e < n; ++e) owed[flows[e] >= 0 ? e : (e + 1) % n] += owed_by_edge[e];
  return owed;
}

std::string node_row(std::size_t t, const std::vector<std::int64_t>& holdings,
                     const std::vector<std::int64_t>& owed) {
  std::string out = svg::text(8, row_y(t) + 4, "t = " + std::to_string(t));
  for (std::size_t i = 0; i < holdings.size(); ++i) {
    const bool red = owed[i] > holdings[i];
    out += "<circle cx=\"" + svg::num(node_x(i)) + "\" cy=\"" + svg::num(row_y(t)) + "\" r=\"" +
           svg::num(kRadius) + "\" fill=\"" + (red ? "#f4a6a6" : "#c7ead3") + "\" stroke=\"" +
           (red ? "#b00000" : "#2d6a4f") + "\" stroke-width=\"" + (red ? "2.5" : "1") + "\"/>\n";
    out +=
        svg::text(node_x(i), row_y(t) + 4, std::to_string(holdings[i]), "text-anchor=\"middle\"");
  }
  return out;
}

// A message drawn in the row of its step: between neighbours, or off the right end and into the
// left end for the wrap-around edge P_{n-1} <-> P_0.
std::string message_arrow(std::size_t t, const sim::AllportMessage& m, std::size_t n) {
  const double y = row_y(t) - 6;
  const std::string label = std::to_string(m.amount);
  const bool wraps = n > 1 && m.edge == n - 1;
  if (n == 1) return svg::text(node_x(0) + kRadius + 4, y, "self " + label);
  if (!wraps) {
    const bool right = m.to == (m.from + 1) % n;
    const double x1 = node_x(m.from) + (right ? kRadius : -kRadius),
                 x2 = node_x(m.to) + (right ? -kRadius : kRadius);
    return svg::arrow(x1, y, x2, y) +
           svg::text((x1 + x2) / 2, y - 5, label, "text-anchor=\"middle\"");
  }
  const double edge_right = node_x(n - 1) + kRadius, edge_left = node_x(0) - kRadius;
  const bool forward = m.from == n - 1;  // P_{n-1} -> P_0
  std::string out = forward ? svg::arrow(edge_right, y, edge_right + 26, y) +
                                  svg::arrow(edge_left - 26, y, edge_left, y)
                            : svg::arrow(edge_left, y, edge_left - 26, y) +
                                  svg::arrow(edge_right + 26, y, edge_right, y);
  out += svg::text(edge_right + 14, y - 5, label, "text-anchor=\"middle\"");
  return out + svg::text(edge_left - 14, y - 5, label, "text-anchor=\"middle\"");
}

}  // namespace

std::string execution_svg(const sim::AllportInstance& instance,
                          const std::vector<std::int64_t>& flows, sim::SendMode mode,
                          const sim::AllportExecution& run) {
  const std::size_t n = instance.size();
  REDIST_ASSERT(n >= 1 && n <= kMaxSvgNodes && flows.size() == n);
  REDIST_ASSERT(static_cast<std::int64_t>(run.trace.size()) == run.steps &&
                run.steps <= kMaxSvgSteps);
  const double width = node_x(n - 1) + kRadius + 60, height = row_y(run.trace.size()) + 50;
  std::string out = svg::header(width, height);
  const std::string verdict =
      run.status == sim::ExecStatus::completed
          ? "T = " + std::to_string(run.steps)
          : std::string(to_string(run.status)) + " after " + std::to_string(run.steps) + " steps";
  std::string title = to_string(mode);
  title.append("-send execution, ").append(verdict).append(" (red: owes more than it holds)");
  out += svg::text(8, 18, title, "font-weight=\"bold\"");
  for (std::size_t i = 0; i < n; ++i)
    out += svg::text(node_x(i), kTop - 24, std::string("P").append(std::to_string(i)),
                     "text-anchor=\"middle\"");
  std::vector<std::int64_t> owed(n), holdings = instance.loads;
  for (std::size_t e = 0; e < n; ++e) owed[e] = flows[e] < 0 ? -flows[e] : flows[e];
  for (std::size_t t = 0; t < run.trace.size(); ++t) {
    out += node_row(t, holdings, owed_by_node(owed, flows));
    for (const auto& m : run.trace[t].messages) {
      out += message_arrow(t, m, n);
      owed[m.edge] -= m.amount;
    }
    holdings = run.trace[t].holdings;
  }
  out += node_row(run.trace.size(), holdings, owed_by_node(owed, flows));
  return out + "</svg>\n";
}

std::string lau_execution_svg(const sim::AllportInstance& instance, const lau::LauPlan& plan) {
  if (instance.size() > kMaxSvgNodes)
    throw InputError("", "svg",
                     "drawing supports n <= " + std::to_string(kMaxSvgNodes) +
                         " (n = " + std::to_string(instance.size()) + ")");
  const auto run = sim::execute_allport(instance, plan.flows, plan.mode, {kMaxSvgSteps, true});
  if (run.status == sim::ExecStatus::step_limit)
    throw InputError("", "svg",
                     "drawing supports at most " + std::to_string(kMaxSvgSteps) + " steps");
  return execution_svg(instance, plan.flows, plan.mode, run);
}

}  // namespace redist::report
