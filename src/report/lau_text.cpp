#include "redist/report/lau_text.hpp"

#include <sstream>

#include "redist/io/exact_json.hpp"
#include "redist/report/flow_drawing.hpp"

namespace redist::report {

namespace {

std::string time_text(const sim::AllportTime& t) {
  return t.deadlock ? "deadlock" : std::to_string(t.steps);
}

}  // namespace

std::string targets_text(const sim::AllportInstance& instance) {
  const auto n = static_cast<std::int64_t>(instance.size());
  if (instance.targets != sim::average_targets(instance.loads)) return "explicit targets";
  const std::int64_t q = instance.total() / n, r = instance.total() % n;
  if (r == 0) return "targets = the average, " + std::to_string(q) + " each";
  return "average " + std::to_string(q) + " + " + std::to_string(r) + "/" + std::to_string(n) +
         ": P_0..P_" + std::to_string(r - 1) + " get " + std::to_string(q + 1) + ", the others " +
         std::to_string(q);
}

std::string lau_text(const sim::AllportInstance& instance, const lau::LauPlan& plan) {
  std::ostringstream out;
  out << "all-port ring: n = " << instance.size() << ", total " << instance.total() << ", "
      << targets_text(instance) << "\n";
  out << to_string(plan.algorithm) << " schedule (" << to_string(plan.mode) << "-send mode): shift "
      << plan.shift;
  if (plan.optimal_shifts)
    out << " (every shift in [" << plan.optimal_shifts->lo << ", " << plan.optimal_shifts->hi
        << "] is optimal)";
  if (plan.window && plan.window->defined)
    out << " (searched h in [" << plan.window->d_min << ", " << plan.window->d_max
        << "], shift = Traffic's - h)";
  out << "\n";
  if (instance.size() <= kMaxDrawnNodes) {
    out << draw_flows(instance.loads, plan.flows);
  } else {
    out << "(drawing omitted for n > " << kMaxDrawnNodes << "; --json lists the flows)\n";
  }
  out << "traffic " << io::wide_to_json(plan.traffic).dump() << ", T_single "
      << time_text(plan.t_single) << ", T_multi " << time_text(plan.t_multi) << "\n";
  out << "[v_i] = red node: must send more than it holds, so it waits for load to arrive\n";
  return out.str();
}

}  // namespace redist::report
