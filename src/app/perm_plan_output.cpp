#include "app/perm_plan_output.hpp"

#include <charconv>
#include <iomanip>
#include <sstream>

#include "redist/io/json_text.hpp"

namespace redist::app {

namespace {

io::Json costs_json(const perm::PermSolution& s) {
  return {{"volume", s.volume}, {"steps", s.steps}};
}

void append_int(std::string& out, std::int64_t v) {
  char buf[24];
  const auto r = std::to_chars(buf, buf + sizeof buf, v);
  out.append(buf, r.ptr);
}

// One group per line, each exactly what nlohmann dumps for {"pairs": [...], "repeat": r}.
std::string schedule_text(const perm::StepSchedule& schedule) {
  if (schedule.groups.empty()) return "[]";
  std::string out = "[";
  for (std::size_t g = 0; g < schedule.groups.size(); ++g) {
    out += g == 0 ? "\n    {\"pairs\":[" : ",\n    {\"pairs\":[";
    bool first = true;
    for (const perm::TransferPair& p : schedule.groups[g].pairs) {
      out += first ? "[" : ",[";
      first = false;
      append_int(out, p.src);
      out += ',';
      append_int(out, p.dst);
      out += ']';
    }
    out += "],\"repeat\":";
    append_int(out, schedule.groups[g].repeat);
    out += '}';
  }
  out += "\n  ]";
  return out;
}

// Column widths that fit 2^60 items (19 digits): a space always separates the numbers.
constexpr int kVolumeWidth = 20;
constexpr int kStepsWidth = 20;

void print_row(std::ostream& out, const std::string& name, const perm::PermSolution& s,
               const char* note) {
  out << "  " << std::left << std::setw(16) << name << std::right << std::setw(kVolumeWidth)
      << s.volume << std::setw(kStepsWidth) << s.steps << "  " << note << "\n";
}

io::Json perm_summary_to_json(const perm::PermResult& r) {
  io::Json doc = io::Json::object();
  doc["objective"] = to_string(r.objective);
  doc["processors"] = r.processors;
  doc["items"] = r.items;
  doc["assignment"] = r.chosen.assignment;
  doc["volume"] = r.chosen.volume;
  doc["steps"] = r.chosen.steps;
  doc["optimal_volume"] = r.min_volume.volume;
  doc["optimal_steps"] = r.min_steps.steps;
  doc["canonical"] = costs_json(r.canonical);
  doc["min_volume"] = costs_json(r.min_volume);
  doc["min_steps"] = costs_json(r.min_steps);
  doc["heuristics"] = io::Json::object();
  for (const auto& [name, solution] : r.heuristics) doc["heuristics"][name] = costs_json(solution);
  return doc;
}

}  // namespace

std::string perm_result_text(const perm::PermResult& result, bool with_schedule) {
  const io::Json summary = perm_summary_to_json(result);
  if (!with_schedule) return io::json_text(summary);
  return io::json_text(summary, {"schedule", schedule_text(result.schedule)});
}

std::string perm_summary_text(const perm::PermResult& r, const std::string& written) {
  std::ostringstream out;
  out << "perm: P = " << r.processors << " processors, N = " << r.items << " items\n";
  out << "  " << std::left << std::setw(16) << "assignment" << std::right << std::setw(kVolumeWidth)
      << "volume" << std::setw(kStepsWidth) << "steps"
      << "\n";
  print_row(out, "canonical", r.canonical, "(part j -> processor j)");
  for (const auto& [name, s] : r.heuristics) print_row(out, name, s, "(greedy heuristic)");
  print_row(out, "min-volume", r.min_volume, "(optimal volume; fewest steps among those)");
  print_row(out, "min-steps", r.min_steps, "(optimal steps; fewest items among those)");
  out << "objective " << to_string(r.objective) << ": volume " << r.chosen.volume << " (optimal "
      << r.min_volume.volume << "), steps " << r.chosen.steps << " (optimal " << r.min_steps.steps
      << ")\n";
  out << "schedule: " << r.schedule.steps() << " one-port steps in " << r.schedule.groups.size()
      << " groups, checked (distinct senders and receivers in every step, every pair's demand "
         "met)\n";
  if (!written.empty()) out << "written: " << written << "\n";
  return out.str();
}

}  // namespace redist::app
