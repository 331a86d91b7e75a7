#include "app/validation_output.hpp"

#include "redist/io/json_text.hpp"

namespace redist::app {

std::string validation_json_text(const sim::ValidationResult& result) {
  const int scale = result.time_scale;
  io::Json out;
  out["valid"] = result.valid;
  if (result.valid) {
    out["makespan"] = io::ticks_to_json(result.makespan, scale);
  } else {
    const sim::Violation& v = *result.violation;
    out["violation"] = {{"time", io::ticks_to_json(v.time, scale)},
                        {"processor", v.processor},
                        {"rule", v.rule},
                        {"message", v.message}};
  }
  return io::json_text(out);
}

std::string validation_summary_text(const sim::ValidationResult& result, std::size_t transfers) {
  const int scale = result.time_scale;
  if (result.valid)
    return "valid: makespan " + format_ticks(result.makespan, scale) + " (" +
           std::to_string(transfers) + " transfers)\n";
  const sim::Violation& v = *result.violation;
  return "invalid: " + v.rule + " violation at t=" + format_ticks(v.time, scale) + " on P" +
         std::to_string(v.processor) + ": " + v.message + "\n";
}

}  // namespace redist::app
