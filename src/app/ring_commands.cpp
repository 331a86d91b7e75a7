// `redist plan`, `check`, `bounds` and `exact` (app/commands.hpp).

#include <ostream>
#include <string_view>

#include "app/bounds_output.hpp"
#include "app/commands.hpp"
#include "app/ordered_plan_file.hpp"
#include "app/ordered_plan_output.hpp"
#include "app/plan_file.hpp"
#include "app/plan_output.hpp"
#include "app/schedule_file_check.hpp"
#include "app/validation_output.hpp"
#include "redist/io/ring_instance_io.hpp"
#include "redist/report/schedule_svg.hpp"
#ifdef REDIST_HAVE_MILP
#include "app/ring_optimum_output.hpp"
#endif

namespace redist::app {

namespace {

// What the plan reports write, piece by piece, onto `out`.
auto printing(std::ostream& out) {
  return [&out](std::string_view piece) {
    out.write(piece.data(), static_cast<std::streamsize>(piece.size()));
  };
}

void ordered_plan_command(const CommandFiles& f, const ring::RingPlanOptions& options,
                          std::ostream& out) {
  if (options.back_to_back)
    throw InputError("", "--back-to-back", "ordered plans are spaced (drop --back-to-back)");
  io::OutputFiles outputs({f.input});
  f.declare(outputs);
  const OrderedPlannedFile planned = plan_ordered_file(f.input, {.effort = options.effort});
  if (!f.output.empty())
    outputs.set_producer(
        f.output, [&](const io::TextWriter& to) { write_ordered_plan_json(planned.plan, to); });
  if (!f.svg.empty()) outputs.set_text(f.svg, report::plan_svg(planned.instance, planned.plan));
  outputs.commit();  // every output, or none
  write_ordered_plan_report(planned.plan, planned.instance.size(), f.json, f.output, printing(out));
}

}  // namespace

void CommandFiles::declare(io::OutputFiles& outputs) const {
  if (!output.empty()) outputs.declare(output, "-o");
  if (!svg.empty()) outputs.declare(svg, "--svg");
}

void plan_command(const CommandFiles& f, const ring::RingPlanOptions& options, bool ordered,
                  std::ostream& out) {
  if (ordered) return ordered_plan_command(f, options, out);
  io::OutputFiles outputs({f.input});
  f.declare(outputs);
  // Streamed (a 10^7-transfer schedule is never held as text) while the plan is validated, from
  // plan_ring's copy, and renamed into place once it is (docs/limits.md "Output files").
  const ring::RingPlan* shown = nullptr;
  const auto write = [&](const io::TextWriter& to) { write_plan_json(*shown, to); };
  if (!f.output.empty()) outputs.set_producer(f.output, write);
  const auto stage = [&](const RingInstance& instance, const ring::RingPlan& checked) {
    shown = &checked;
    if (!f.svg.empty()) outputs.set_text(f.svg, report::plan_svg(instance, checked));
    outputs.stage();
  };
  const PlannedFile planned = plan_ring_file(f.input, options, stage);
  shown = &planned.plan;
  outputs.commit();  // every output, or none
  write_plan_report(planned.plan, planned.instance.size(), f.json, f.output, printing(out));
}

bool check_command(const CommandFiles& f, const std::string& schedule, bool strict,
                   std::ostream& out, std::ostream& warnings) {
  const auto [result, transfers, unknown] = check_schedule_files(f.input, schedule, strict);
  // Warnings, one line per field the schedule does not define: "Spacing" is not "spacing", and
  // ignoring it times the items back to back.
  for (const io::UnknownField& field : unknown)
    warnings << "redist: warning: " << schedule << ": " << io::unknown_field_warning(field) << "\n";
  out << (f.json ? validation_json_text(result) : validation_summary_text(result, transfers));
  return result.valid;
}

void bounds_command(const CommandFiles& f, std::ostream& out) {
  const RingInstance instance = io::read_ring_instance(f.input);
  const auto bounds = blaming(f.input, [&] { return ring::ring_lower_bounds(instance); });
  out << (f.json ? bounds_json_text(bounds, instance.cost_scale)
                 : bounds_summary_text(instance, bounds));
}

#ifdef REDIST_HAVE_MILP
void exact_command(const CommandFiles& f, const exact::RingOptimumOptions& options,
                   std::ostream& out) {
  io::OutputFiles outputs({f.input});
  f.declare(outputs);
  const RingInstance instance = io::read_ring_instance(f.input);
  const exact::RingOptimum r = exact::exact_ring_optimum(instance, options);
  blaming(f.input, [&] { exact::require_not_refused(r); });
  if (!f.output.empty()) outputs.set_text(f.output, ring_optimum_json_text(r));
  outputs.commit();
  out << (f.json ? ring_optimum_json_text(r, f.output.empty())
                 : ring_optimum_text(r, instance.size(), options.node_limit, f.output));
}
#endif

}  // namespace redist::app
