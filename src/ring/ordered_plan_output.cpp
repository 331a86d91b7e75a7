#include "redist/ring/ordered_plan_output.hpp"

#include <charconv>
#include <sstream>

#include "redist/io/json_text.hpp"
#include "redist/io/schedule_io.hpp"
#include "redist/ring/plan_output.hpp"

namespace redist::ring {

namespace {

std::string gap_text(Ticks makespan, Ticks bound) {
  if (bound == 0) return makespan == 0 ? "0%" : "n/a";
  const double gap = 100.0 * static_cast<double>(makespan - bound) / static_cast<double>(bound);
  char buffer[32];
  const auto end = std::to_chars(buffer, buffer + sizeof buffer, gap, std::chars_format::fixed, 3);
  return std::string(buffer, end.ptr) + "%";
}

// One route as the DOM would dump it (keys sorted).
void put_route(std::string& out, const RoutedRange& r) {
  out += "{\"first\":" + std::to_string(r.first) + ",\"from\":" + std::to_string(r.from) +
         ",\"items\":" + std::to_string(r.items) +
         ",\"rightward\":" + (r.rightward ? "true" : "false") + ",\"to\":" + std::to_string(r.to) +
         "}";
}

void write_routes(const std::vector<RoutedRange>& routes, const io::TextWriter& write) {
  if (routes.empty()) return write("[]");
  std::string chunk = "[\n";
  for (std::size_t i = 0; i < routes.size(); ++i) {
    chunk += "    ";
    put_route(chunk, routes[i]);
    chunk += i + 1 < routes.size() ? ",\n" : "\n";
    if (chunk.size() >= io::kScheduleChunkBytes) {
      write(chunk);
      chunk.clear();
    }
  }
  chunk += "  ]";
  write(chunk);
}

}  // namespace

io::Json ordered_plan_summary_to_json(const OrderedPlan& plan) {
  const Schedule& full = plan.schedule;
  const Schedule header{{},          full.time_scale, full.makespan, full.lower_bound,
                        full.status, full.flow_shift};
  io::Json doc = io::schedule_to_json(header);
  doc.erase("transfers");
  const auto time = [&](Ticks t) { return io::ticks_to_json(t, full.time_scale); };
  doc["framework"] = plan.framework;
  doc["method"] = plan.method;
  doc["gap"] = gap_text(*full.makespan, plan.bounds.best);
  doc["bounds"] = io::Json::array();
  for (const auto& term : plan.bounds.terms)
    doc["bounds"].push_back({{"name", term.name}, {"value", time(term.value)}});
  doc["interchangeable_bound"] = time(plan.bounds.interchangeable.best);
  doc["linear_makespan"] = plan.linear_makespan ? time(*plan.linear_makespan) : io::Json(nullptr);
  doc["rerouted_items"] = plan.rerouted_items;
  return doc;
}

void write_ordered_plan_json(const OrderedPlan& plan, const io::TextWriter& write) {
  // The summary's lines, then "routes" and "transfers", streamed.
  std::string head = io::json_text(ordered_plan_summary_to_json(plan));
  const auto trim = [&] {
    while (!head.empty() && (head.back() == '\n' || head.back() == ' ')) head.pop_back();
  };
  trim();
  head.pop_back();  // the closing brace
  trim();
  write(head + ",\n  \"routes\": ");
  write_routes(plan.routes, write);
  write(",\n  \"transfers\": ");
  io::write_transfers_json(plan.schedule, "  ", write);
  write("\n}\n");
}

std::string ordered_plan_summary_text(const OrderedPlan& plan, std::size_t ring_size, bool list) {
  const Schedule& s = plan.schedule;
  const auto t = [&](Ticks v) { return format_ticks(v, s.time_scale); };
  std::ostringstream out;
  out << "framework    " << plan.framework << " (n = " << ring_size << ")\n"
      << "method       " << plan.method << "\n"
      << "flow shift   " << *s.flow_shift << " (" << plan.rerouted_items
      << " items through the closing edge)\n"
      << "makespan     " << t(*s.makespan) << "\n"
      << "linear plan  " << (plan.linear_makespan ? t(*plan.linear_makespan) : std::string("-"))
      << "\n"
      << "lower bound  " << t(plan.bounds.best)
      << " (interchangeable items: " << t(plan.bounds.interchangeable.best) << ")\n"
      << "gap          " << gap_text(*s.makespan, plan.bounds.best) << "\n"
      << "status       " << to_string(*s.status) << "\n"
      << "routes       " << plan.routes.size() << "\n"
      << "batches      " << s.transfers.size() << "\n";
  if (!list) return out.str();
  for (const RoutedRange& r : plan.routes)
    out << "  items " << r.first << ".." << r.first + r.items - 1 << "  P" << r.from << " -> P"
        << r.to << " " << (r.rightward ? "rightwards" : "leftwards") << "\n";
  for (const Transfer& tr : s.transfers)
    out << "  t=" << t(tr.start) << "  P" << tr.from << " -> P" << tr.to << "  items " << tr.first
        << ".." << tr.first + tr.items - 1
        << (tr.spacing != 0 ? ", one every " + t(tr.spacing) : std::string()) << "\n";
  return out.str();
}

void write_ordered_plan_report(const OrderedPlan& plan, std::size_t ring_size, bool json,
                               const std::string& written, const io::TextWriter& write) {
  if (json && written.empty()) return write_ordered_plan_json(plan, write);
  if (json) {
    io::Json summary = ordered_plan_summary_to_json(plan);
    summary["transfers_written_to"] = written;
    return write(io::json_text(summary));
  }
  const bool list = written.empty() && plan.schedule.transfers.size() <= kMaxListedTransfers;
  write(ordered_plan_summary_text(plan, ring_size, list));
  if (!written.empty()) write("schedule     written to " + written + "\n");
}

}  // namespace redist::ring
