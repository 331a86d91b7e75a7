#include "app/bounds_output.hpp"

#include <iomanip>
#include <sstream>

#include "redist/io/json_text.hpp"

namespace redist::app {

std::string bounds_json_text(const ring::RingBounds& bounds, int time_scale) {
  io::Json out;
  out["lower_bound"] = io::ticks_to_json(bounds.best, time_scale);
  out["bounds"] = io::Json::array();
  for (const auto& term : bounds.terms)
    out["bounds"].push_back({{"name", term.name},
                             {"value", io::ticks_to_json(term.value, time_scale)},
                             {"source", term.source}});
  return io::json_text(out);
}

std::string bounds_summary_text(const RingInstance& instance, const ring::RingBounds& bounds) {
  const int scale = instance.cost_scale;
  std::ostringstream out;
  out << "lower bound: " << format_ticks(bounds.best, scale) << "  (" << to_string(instance.kind)
      << ", " << (instance.homogeneous() ? "homogeneous" : "heterogeneous")
      << ", n = " << instance.size() << ")\n";
  for (const auto& term : bounds.terms)
    out << "  " << std::left << std::setw(16) << term.name << std::setw(14)
        << format_ticks(term.value, scale) << term.source << "\n";
  return out.str();
}

}  // namespace redist::app
