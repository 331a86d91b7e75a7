#include "app/ring_optimum_output.hpp"

#include <sstream>

#include "app/plan_output.hpp"
#include "redist/core/decimal.hpp"
#include "redist/io/json_text.hpp"
#include "redist/io/schedule_io.hpp"

namespace redist::app {

namespace {

io::Json result_json(const exact::RingOptimum& r) {
  const Schedule& s = r.schedule;
  const int scale = s.time_scale;
  io::Json doc = io::schedule_to_json(
      Schedule{{}, s.time_scale, s.makespan, s.lower_bound, s.status, s.flow_shift});
  doc.erase("transfers");
  const bool proved = r.status == exact::RingOptimum::Status::optimal;
  doc["optimum"] = proved ? io::ticks_to_json(r.upper, scale) : io::Json(nullptr);
  doc["proved"] = proved;
  doc["planner_makespan"] = io::ticks_to_json(r.planner_makespan, scale);
  doc["planner_lower_bound"] = io::ticks_to_json(r.planner_bound, scale);
  doc["solver"] = r.solver_ran ? io::Json(r.solver) : io::Json(nullptr);
  doc["nodes"] = r.nodes;
  doc["slot"] = io::ticks_to_json(r.slot_ticks, scale);
  doc["horizon_slots"] = r.horizon_slots;
  doc["binaries"] = r.binaries;
  return doc;
}

}  // namespace

std::string ring_optimum_json_text(const exact::RingOptimum& result, bool with_transfers) {
  const io::Json doc = result_json(result);
  if (!with_transfers) return io::json_text(doc);
  return io::json_text(doc, {"transfers", io::transfers_json_text(result.schedule, "  ")});
}

std::string ring_optimum_text(const exact::RingOptimum& r, std::size_t ring_size,
                              std::int64_t node_limit, const std::string& written) {
  const auto t = [scale = r.schedule.time_scale](Ticks v) { return format_ticks(v, scale); };
  std::ostringstream out;
  out << "processors   " << ring_size << "\n"
      << "planner      makespan " << t(r.planner_makespan) << ", lower bound " << t(r.planner_bound)
      << "\n";
  if (r.status == exact::RingOptimum::Status::optimal) {
    out << "optimum      " << t(r.upper) << " (proved)\n";
  } else {
    out << "optimum      between " << t(r.lower) << " and " << t(r.upper)
        << " (not proved: the node limit " << node_limit << " stopped the search)\n";
  }
  if (r.solver_ran) {
    out << "model        " << r.horizon_slots << " slots of " << t(r.slot_ticks) << ", "
        << r.binaries << " start variables, " << r.rows << " rows\n"
        << "solver       " << r.solver << ", " << r.nodes << " nodes\n";
  } else {
    out << "solver       not needed: the planner's schedule meets its proved lower bound\n";
  }
  out << (written.empty() ? transfers_text(r.schedule)
                          : "schedule     written to " + written + "\n");
  return out.str();
}

}  // namespace redist::app
