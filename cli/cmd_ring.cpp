// The ring commands of document 000 (library: ring/, sim/ring_validator, io/):
//   redist plan INSTANCE [-o SCHEDULE] [--json] [--svg FILE] [--back-to-back] [--effort N]
//     [--ordered]                                 (ordered items: ring/ordered_plan.hpp)
//   redist check INSTANCE SCHEDULE [--json]      (exit 0 valid, 1 invalid, 2 bad input)
//   redist bounds INSTANCE [--json]
//   redist exact INSTANCE [-o SCHEDULE] [--json] [--solver cbc|glpk] [--node-limit N]
//     [--from-scratch]                            (only with the exact layer)

#include <iostream>

#include "cli_common.hpp"
#include "redist/io/output_files.hpp"
#include "redist/io/ring_instance_io.hpp"
#include "redist/report/schedule_svg.hpp"
#include "redist/ring/bounds_output.hpp"
#include "redist/ring/option_specs.hpp"
#include "redist/ring/ordered_plan_file.hpp"
#include "redist/ring/ordered_plan_output.hpp"
#include "redist/ring/plan_file.hpp"
#include "redist/ring/plan_output.hpp"
#include "redist/sim/schedule_file_check.hpp"
#include "redist/sim/validation_output.hpp"
#ifdef REDIST_HAVE_MILP
#include "redist/exact/option_specs.hpp"  // `redist exact`: only with the exact layer
#include "redist/exact/ring_optimum_output.hpp"
#endif

namespace redist::cli {

namespace {

struct RingOptions {
  Files files;
  std::string schedule;
  bool strict = false;  // check: a field the schedule does not define is refused, not warned about
  ring::RingPlanOptions planner;
  bool ordered = false;
#ifdef REDIST_HAVE_MILP
  exact::RingOptimumOptions exact;
#endif
};

void run_ordered_plan(const RingOptions& opt) {
  const Files& f = opt.files;
  if (opt.planner.back_to_back)
    throw InputError("", "--back-to-back", "ordered plans are spaced (drop --back-to-back)");
  io::OutputFiles outputs({f.input});
  f.declare(outputs);
  const ring::OrderedPlannedFile planned =
      ring::plan_ordered_file(f.input, {.effort = opt.planner.effort});
  if (!f.output.empty())
    outputs.set_producer(f.output, [&](const io::TextWriter& to) {
      ring::write_ordered_plan_json(planned.plan, to);
    });
  if (!f.svg.empty()) outputs.set_text(f.svg, report::plan_svg(planned.instance, planned.plan));
  outputs.commit();  // every output, or none
  ring::write_ordered_plan_report(
      planned.plan, planned.instance.size(), f.json, f.output, [](std::string_view piece) {
        std::cout.write(piece.data(), static_cast<std::streamsize>(piece.size()));
      });
}

void run_plan(const RingOptions& opt) {
  if (opt.ordered) return run_ordered_plan(opt);
  const Files& f = opt.files;
  io::OutputFiles outputs({f.input});
  f.declare(outputs);
  // Streamed (a 10^7-transfer schedule is never held as text) while the plan is validated, from
  // plan_ring's copy, and renamed into place once it is (docs/limits.md "Output files").
  const ring::RingPlan* shown = nullptr;
  const auto write = [&](const io::TextWriter& to) { ring::write_plan_json(*shown, to); };
  if (!f.output.empty()) outputs.set_producer(f.output, write);
  const auto stage = [&](const RingInstance& instance, const ring::RingPlan& checked) {
    shown = &checked;
    if (!f.svg.empty()) outputs.set_text(f.svg, report::plan_svg(instance, checked));
    outputs.stage();
  };
  const ring::PlannedFile planned = ring::plan_ring_file(f.input, opt.planner, stage);
  shown = &planned.plan;
  outputs.commit();  // every output, or none
  ring::write_plan_report(
      planned.plan, planned.instance.size(), f.json, f.output, [](std::string_view piece) {
        std::cout.write(piece.data(), static_cast<std::streamsize>(piece.size()));
      });
}

int run_check(const RingOptions& opt) {
  const auto [result, transfers, unknown] =
      sim::check_schedule_files(opt.files.input, opt.schedule, opt.strict);
  // Warnings, one line per field the schedule does not define: "Spacing" is not "spacing", and
  // ignoring it times the items back to back.
  for (const io::UnknownField& field : unknown)
    std::cerr << "redist: warning: " << opt.schedule << ": " << io::unknown_field_warning(field)
              << "\n";
  std::cout << (opt.files.json ? sim::validation_json_text(result)
                               : sim::validation_summary_text(result, transfers));
  return result.valid ? kExitOk : kExitCheckFailed;
}

void run_bounds(const Files& f) {
  const RingInstance instance = io::read_ring_instance(f.input);
  const auto bounds = blaming(f.input, [&] { return ring::ring_lower_bounds(instance); });
  std::cout << (f.json ? bounds_json_text(bounds, instance.cost_scale)
                       : bounds_summary_text(instance, bounds));
}

#ifdef REDIST_HAVE_MILP
void run_exact(const RingOptions& opt) {
  const Files& f = opt.files;
  io::OutputFiles outputs({f.input});
  f.declare(outputs);
  const RingInstance instance = io::read_ring_instance(f.input);
  const exact::RingOptimum r = exact_ring_optimum(instance, opt.exact);
  blaming(f.input, [&] { exact::require_not_refused(r); });
  if (!f.output.empty()) outputs.set_text(f.output, exact::ring_optimum_json_text(r));
  outputs.commit();
  std::cout << (f.json
                    ? exact::ring_optimum_json_text(r, f.output.empty())
                    : exact::ring_optimum_text(r, instance.size(), opt.exact.node_limit, f.output));
}

void register_exact(CLI::App& app, const std::shared_ptr<RingOptions>& opt) {
  CLI::App* cmd = add_command(
      app, "exact",
      "Exact optimum of a small ring (n <= 8, <= 400 items, horizon <= 2000 slots) by a MILP",
      opt->files, "ring instance JSON", "write the optimal (or best found) schedule JSON here");
  bind_options(cmd, exact::option_specs(opt->exact));
  cmd->callback([opt] { run_exact(*opt); });
}
#endif

}  // namespace

void register_ring(CLI::App& app, int& exit_code) {
  auto opt = std::make_shared<RingOptions>();  // one command runs: they can share one
  Files& f = opt->files;
  CLI::App* plan = add_command(app, "plan", "Best redistribution schedule for a ring instance", f,
                               "ring instance JSON", "write the schedule JSON here",
                               "write a space-time diagram of the schedule (SVG)");
  bind_options(plan, ring::option_specs(opt->planner));
  bind_options(plan, ring::ordered_option_specs(opt->ordered));
  plan->callback([opt] { run_plan(*opt); });
  CLI::App* check = add_command(app, "check", "Validate a ring schedule exactly (one-port model)",
                                f, "ring instance JSON");
  check->add_option("schedule", opt->schedule, "ring schedule JSON")->required();
  check->add_flag("--strict", opt->strict,
                  "refuse (exit 2) a schedule with fields it does not define, rather than warn");
  check->callback([opt, &exit_code] { exit_code = run_check(*opt); });
  add_command(app, "bounds", "Lower bounds on the redistribution time of a ring instance", f,
              "ring instance JSON")
      ->callback([opt] { run_bounds(opt->files); });
#ifdef REDIST_HAVE_MILP
  register_exact(app, opt);
#endif
}

}  // namespace redist::cli
