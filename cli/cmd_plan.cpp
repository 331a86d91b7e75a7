// `redist plan INSTANCE [-o SCHEDULE] [--json] [--svg DIAGRAM.svg] [--back-to-back] [--effort N]`: the best
// schedule for a ring (--back-to-back: no spaced transfers, for executors that take back-to-back
// batches only; --effort: more search on heterogeneous bidirectional rings).

#include <iostream>

#include "cli_common.hpp"
#include "redist/core/error.hpp"
#include "redist/io/memory_budget.hpp"
#include "redist/io/ring_instance_io.hpp"
#include "redist/io/schedule_io.hpp"
#include "redist/report/schedule_svg.hpp"
#include "redist/ring/plan.hpp"
#include "redist/ring/plan_memory.hpp"
#include "redist/sim/ring_validator.hpp"

namespace redist::cli {

namespace {

struct PlanOptions {
  std::string instance;
  std::string output;
  std::string svg;
  bool json = false;
  RingPlanOptions planner;
};

std::string gap_text(Ticks makespan, Ticks bound) {
  if (bound == 0) return makespan == 0 ? "0%" : "n/a";
  const double gap = 100.0 * static_cast<double>(makespan - bound) / static_cast<double>(bound);
  return std::to_string(gap).substr(0, std::to_string(gap).find('.') + 4) + "%";
}

int run_plan(const PlanOptions& opt) {
  io::OutputFiles outputs({opt.instance});  // declared first: a path that cannot be written costs nothing
  if (!opt.output.empty()) outputs.declare(opt.output, "-o");
  if (!opt.svg.empty()) outputs.declare(opt.svg, "--svg");
  io::require_memory(io::kReadBytesPerFileByte * io::regular_file_size(opt.instance), opt.instance,
                     "reading this instance");
  const RingInstance instance = io::read_ring_instance(opt.instance);
  io::require_memory(plan_memory_estimate(instance), opt.instance,
                     "planning this ring (n = " + std::to_string(instance.size()) + ")");
  RingPlan plan;
  try {
    plan = plan_ring(instance, opt.planner);
  } catch (const InputError& e) {  // System 6 refusing huge magnitudes: name the file (docs/design.md section 3)
    throw InputError(opt.instance, e.field(), e.reason());
  }
  // Never hand out a schedule the exact validator rejects, nor a makespan it does not confirm.
  const ValidationResult check = validate_ring_schedule(instance, plan.schedule);
  if (!check.valid || check.makespan != *plan.schedule.makespan * pow10_ticks(check.time_scale - plan.schedule.time_scale))
    throw InternalError("planner produced a schedule the validator rejects: " +
                        (check.violation ? check.violation->message : std::string("makespan mismatch")));

  const int scale = plan.schedule.time_scale;
  // The schedule's fields but its transfers, which are streamed (io::write_schedule_document).
  const Schedule& full = plan.schedule;
  const Schedule header{{}, full.time_scale, full.makespan, full.lower_bound, full.status, full.flow_shift};
  io::Json doc = io::schedule_to_json(header);
  doc.erase("transfers");
  doc["framework"] = plan.framework;
  doc["method"] = plan.method;
  doc["gap"] = gap_text(*plan.schedule.makespan, plan.bounds.best);
  doc["bounds"] = io::Json::array();
  for (const auto& term : plan.bounds.terms)
    doc["bounds"].push_back({{"name", term.name}, {"value", io::ticks_to_json(term.value, scale)}});
  const std::string head = json_text(doc);  // everything but the transfers, which are streamed
  if (!opt.output.empty())
    outputs.set_producer(opt.output, [&](const io::TextWriter& write) {
      io::write_schedule_document(head, plan.schedule, write);
    });
  if (!opt.svg.empty())
    outputs.set_text(opt.svg, report::schedule_svg(instance, plan.schedule,
                                               plan.framework + ", n = " + std::to_string(instance.size()) +
                                                   ", makespan " + format_ticks(*plan.schedule.makespan, scale)));
  outputs.commit();  // every output, or none (docs/limits.md "Output files")
  if (opt.json) {
    if (opt.output.empty()) {
      io::write_schedule_document(head, plan.schedule, [](std::string_view piece) {
        std::cout.write(piece.data(), static_cast<std::streamsize>(piece.size()));
      });
    } else {
      doc["transfers_written_to"] = opt.output;
      std::cout << json_text(doc);
    }
    return kExitOk;
  }
  std::cout << "framework    " << plan.framework << " (n = " << instance.size() << ")\n"
            << "method       " << plan.method << "\n"
            << "flow shift   " << (plan.schedule.flow_shift ? std::to_string(*plan.schedule.flow_shift) : "-") << "\n"
            << "makespan     " << format_ticks(*plan.schedule.makespan, scale) << "\n"
            << "lower bound  " << format_ticks(plan.bounds.best, scale) << "\n"
            << "gap          " << gap_text(*plan.schedule.makespan, plan.bounds.best) << "\n"
            << "status       " << to_string(*plan.schedule.status) << "\n"
            << "batches      " << plan.schedule.transfers.size() << "\n";
  if (opt.output.empty() && plan.schedule.transfers.size() <= 40) {
    for (const Transfer& t : plan.schedule.transfers)
      std::cout << "  t=" << format_ticks(t.start, scale) << "  P" << t.from << " -> P" << t.to << "  " << t.items
                << " item" << (t.items == 1 ? "" : "s")
                << (t.spacing != 0 ? ", one every " + format_ticks(t.spacing, scale) : std::string()) << "\n";
  } else if (!opt.output.empty()) {
    std::cout << "schedule     written to " << opt.output << "\n";
  }
  return kExitOk;
}

}  // namespace

void register_plan(CLI::App& app, Context& context) {
  auto opt = std::make_shared<PlanOptions>();
  CLI::App* cmd = app.add_subcommand("plan", "Best redistribution schedule for a ring instance");
  cmd->add_option("instance", opt->instance, "ring instance JSON")->required();
  cmd->add_option("-o,--output", opt->output, "write the schedule JSON here")->check(output_path());
  cmd->add_option("--svg", opt->svg, "write a space-time diagram of the schedule (SVG)")->check(output_path());
  cmd->add_flag("--json", opt->json, "machine-readable output");
  cmd->add_flag("--back-to-back", opt->planner.back_to_back,
                "no spaced transfers: relays forward in back-to-back batches (may be above the optimum)");
  cmd->add_option("--effort", opt->planner.effort,
                  "search effort on heterogeneous bidirectional rings (0 = list-scheduler seeds only; each unit "
                  "adds 48 local-search moves; default 1)")
      ->check(whole_number(0, 1000));
  cmd->callback([opt, &context] { context.exit_code = run_plan(*opt); });
}

}  // namespace redist::cli
