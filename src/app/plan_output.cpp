#include "app/plan_output.hpp"

#include <sstream>

#include "redist/io/json_text.hpp"
#include "redist/io/schedule_io.hpp"

namespace redist::app {

namespace {

std::string gap_text(Ticks makespan, Ticks bound) {
  if (bound == 0) return makespan == 0 ? "0%" : "n/a";
  const double gap = 100.0 * static_cast<double>(makespan - bound) / static_cast<double>(bound);
  return std::to_string(gap).substr(0, std::to_string(gap).find('.') + 4) + "%";
}

}  // namespace

io::Json plan_summary_to_json(const ring::RingPlan& plan) {
  const Schedule& full = plan.schedule;
  const Schedule header{{},          full.time_scale, full.makespan, full.lower_bound,
                        full.status, full.flow_shift};
  io::Json doc = io::schedule_to_json(header);
  doc.erase("transfers");
  doc["framework"] = plan.framework;
  doc["method"] = plan.method;
  doc["gap"] = gap_text(*full.makespan, plan.bounds.best);
  doc["bounds"] = io::Json::array();
  for (const auto& term : plan.bounds.terms)
    doc["bounds"].push_back(
        {{"name", term.name}, {"value", io::ticks_to_json(term.value, full.time_scale)}});
  return doc;
}

void write_plan_json(const ring::RingPlan& plan, const io::TextWriter& write) {
  io::write_schedule_document(io::json_text(plan_summary_to_json(plan)), plan.schedule, write);
}

std::string plan_summary_text(const ring::RingPlan& plan, std::size_t ring_size,
                              bool list_transfers) {
  const Schedule& s = plan.schedule;
  const int scale = s.time_scale;
  std::ostringstream out;
  out << "framework    " << plan.framework << " (n = " << ring_size << ")\n"
      << "method       " << plan.method << "\n"
      << "flow shift   " << (s.flow_shift ? std::to_string(*s.flow_shift) : "-") << "\n"
      << "makespan     " << format_ticks(*s.makespan, scale) << "\n"
      << "lower bound  " << format_ticks(plan.bounds.best, scale) << "\n"
      << "gap          " << gap_text(*s.makespan, plan.bounds.best) << "\n"
      << "status       " << to_string(*s.status) << "\n"
      << "batches      " << s.transfers.size() << "\n";
  if (list_transfers) out << transfers_text(s);
  return out.str();
}

std::string transfers_text(const Schedule& schedule) {
  const auto t = [scale = schedule.time_scale](Ticks v) { return format_ticks(v, scale); };
  std::ostringstream out;
  for (const Transfer& tr : schedule.transfers)
    out << "  t=" << t(tr.start) << "  P" << tr.from << " -> P" << tr.to << "  " << tr.items
        << " item" << (tr.items == 1 ? "" : "s")
        << (tr.spacing != 0 ? ", one every " + t(tr.spacing) : std::string()) << "\n";
  return out.str();
}

void write_plan_report(const ring::RingPlan& plan, std::size_t ring_size, bool json,
                       const std::string& written, const io::TextWriter& write) {
  if (json && written.empty()) return write_plan_json(plan, write);
  if (json) {
    io::Json summary = plan_summary_to_json(plan);
    summary["transfers_written_to"] = written;
    return write(io::json_text(summary));
  }
  const bool list = written.empty() && plan.schedule.transfers.size() <= kMaxListedTransfers;
  write(plan_summary_text(plan, ring_size, list));
  if (!written.empty()) write("schedule     written to " + written + "\n");
}

}  // namespace redist::app
