// `redist plan INSTANCE [-o SCHEDULE] [--json] [--svg DIAGRAM.svg] [--back-to-back] [--effort N]`:
// the best schedule for a ring (--back-to-back: no spaced transfers, for executors that take
// back-to-back batches only; --effort: more search on heterogeneous bidirectional rings). plan_ring
// validates it.

#include <iostream>

#include "cli_common.hpp"
#include "redist/core/error.hpp"
#include "redist/io/memory_budget.hpp"
#include "redist/io/ring_instance_io.hpp"
#include "redist/report/schedule_svg.hpp"
#include "redist/ring/plan.hpp"
#include "redist/ring/plan_memory.hpp"
#include "redist/ring/plan_output.hpp"

namespace redist::cli {

namespace {

struct PlanOptions {
  std::string instance;
  std::string output;
  std::string svg;
  bool json = false;
  ring::RingPlanOptions planner;
};

std::string svg_of(const RingInstance& instance, const ring::RingPlan& plan) {
  const std::string title = plan.framework + ", n = " + std::to_string(instance.size()) +
                            ", makespan " +
                            format_ticks(*plan.schedule.makespan, plan.schedule.time_scale);
  return report::schedule_svg(instance, plan.schedule, title);
}

int run_plan(const PlanOptions& opt) {
  io::OutputFiles outputs(
      {opt.instance});  // declared first: a path that cannot be written costs nothing
  if (!opt.output.empty()) outputs.declare(opt.output, "-o");
  if (!opt.svg.empty()) outputs.declare(opt.svg, "--svg");
  io::require_memory(io::kReadBytesPerFileByte * io::regular_file_size(opt.instance), opt.instance,
                     "reading this instance");
  const RingInstance instance = io::read_ring_instance(opt.instance);
  io::require_memory(ring::plan_memory_estimate(instance), opt.instance,
                     "planning this ring (n = " + std::to_string(instance.size()) + ")");
  ring::RingPlan plan;
  try {
    plan = ring::plan_ring(instance, opt.planner);
  } catch (const InputError&
               e) {  // System 6 refusing huge magnitudes: name the file (docs/design.md section 3)
    throw InputError(opt.instance, e.field(), e.reason());
  }
  if (!opt.output
           .empty())  // streamed at the commit: a 10^7-transfer schedule is never held as text
    outputs.set_producer(opt.output,
                         [&](const io::TextWriter& write) { ring::write_plan_json(plan, write); });
  if (!opt.svg.empty()) outputs.set_text(opt.svg, svg_of(instance, plan));
  outputs.commit();  // every output, or none (docs/limits.md "Output files")
  if (opt.json && opt.output.empty()) {
    ring::write_plan_json(plan, [](std::string_view piece) {
      std::cout.write(piece.data(), static_cast<std::streamsize>(piece.size()));
    });
  } else if (opt.json) {
    io::Json summary = ring::plan_summary_to_json(plan);
    summary["transfers_written_to"] = opt.output;
    std::cout << io::json_text(summary);
  } else {
    std::cout << ring::plan_summary_text(
        plan, instance.size(), opt.output.empty() && plan.schedule.transfers.size() <= 40);
    if (!opt.output.empty()) std::cout << "schedule     written to " << opt.output << "\n";
  }
  return kExitOk;
}

}  // namespace

void register_plan(CLI::App& app, Context& context) {
  auto opt = std::make_shared<PlanOptions>();
  CLI::App* cmd = app.add_subcommand("plan", "Best redistribution schedule for a ring instance");
  cmd->add_option("instance", opt->instance, "ring instance JSON")->required();
  cmd->add_option("-o,--output", opt->output, "write the schedule JSON here")->check(output_path());
  cmd->add_option("--svg", opt->svg, "write a space-time diagram of the schedule (SVG)")
      ->check(output_path());
  cmd->add_flag("--json", opt->json, "machine-readable output");
  cmd->add_flag(
      "--back-to-back", opt->planner.back_to_back,
      "no spaced transfers: relays forward in back-to-back batches (may be above the optimum)");
  cmd->add_option("--effort", opt->planner.effort,
                  "search effort on heterogeneous bidirectional rings (0 = list-scheduler seeds "
                  "only; each unit "
                  "adds 48 local-search moves; default 1)")
      ->check(whole_number(0, 1000));
  cmd->callback([opt, &context] { context.exit_code = run_plan(*opt); });
}

}  // namespace redist::cli
