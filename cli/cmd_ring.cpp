// The ring commands of document 000 (library: ring/, sim/ring_validator, io/):
//   redist plan INSTANCE [-o SCHEDULE] [--json] [--svg FILE] [--back-to-back] [--effort N]
//   redist check INSTANCE SCHEDULE [--json]      (exit 0 valid, 1 invalid, 2 bad input)
//   redist bounds INSTANCE [--json]
//   redist exact INSTANCE [-o SCHEDULE] [--json] [--solver cbc|glpk] [--node-limit N]
//     [--from-scratch]                            (only with the exact layer)
//   redist gen ring --n N --ring uni|bi --costs hom|het --max-load M [--max-cost C]
//     [--cost-decimals D] [--shape NAME] [--light] --seed S [-o FILE]

#include <iostream>

#include "cli_common.hpp"
#include "redist/io/json_text.hpp"
#include "redist/io/memory_budget.hpp"
#include "redist/io/output_files.hpp"
#include "redist/io/ring_instance_io.hpp"
#include "redist/io/schedule_io.hpp"
#include "redist/report/schedule_svg.hpp"
#include "redist/ring/bounds_output.hpp"
#include "redist/ring/generator.hpp"
#include "redist/ring/plan_memory.hpp"
#include "redist/ring/plan_output.hpp"
#include "redist/sim/validation_output.hpp"
#ifdef REDIST_HAVE_MILP
#include "redist/exact/ring_optimum_output.hpp"  // `redist exact`: only with the exact layer
#endif

namespace redist::cli {

namespace {

struct RingOptions {
  Files files;
  std::string schedule;
  ring::RingPlanOptions planner;
  ring::RingGenOptions gen;
#ifdef REDIST_HAVE_MILP
  exact::RingOptimumOptions exact;
#endif
};

// Refused before reading when the file's DOM would not fit in memory (docs/limits.md).
void require_memory_to_read(const std::string& file, const std::string& what) {
  io::require_memory(io::kReadBytesPerFileByte * io::regular_file_size(file), file, what);
}

void run_plan(const RingOptions& opt) {
  const Files& f = opt.files;
  io::OutputFiles outputs({f.input});
  f.declare(outputs);
  require_memory_to_read(f.input, "reading this instance");
  const RingInstance instance = io::read_ring_instance(f.input);
  io::require_memory(ring::plan_memory_estimate(instance), f.input,
                     "planning this ring (n = " + std::to_string(instance.size()) + ")");
  // System 6 refuses huge magnitudes: the error names the file (docs/design.md section 3).
  const ring::RingPlan plan = blaming(f.input, [&] { return plan_ring(instance, opt.planner); });
  // Streamed at the commit: a 10^7-transfer schedule is never held as text.
  const auto write_plan = [&](const io::TextWriter& write) { ring::write_plan_json(plan, write); };
  if (!f.output.empty()) outputs.set_producer(f.output, write_plan);
  if (!f.svg.empty()) outputs.set_text(f.svg, report::plan_svg(instance, plan));
  outputs.commit();  // every output, or none (docs/limits.md "Output files")
  ring::write_plan_report(plan, instance.size(), f.json, f.output, [](std::string_view piece) {
    std::cout.write(piece.data(), static_cast<std::streamsize>(piece.size()));
  });
}

int run_check(const RingOptions& opt) {
  const std::string& file = opt.files.input;
  require_memory_to_read(file, "reading this instance");
  const RingInstance instance = io::read_ring_instance(file);
  require_memory_to_read(opt.schedule, "checking this schedule");
  const Schedule schedule = io::read_schedule(opt.schedule, instance.size());
  sim::ValidationResult result;
  try {
    result = sim::validate_ring_schedule(instance, schedule);
  } catch (const InputError& e) {
    // A transfer's time is the schedule's fault; a cost that no longer fits 64-bit ticks at the
    // schedule's finer time scale is the instance's field, named with the scale that broke it.
    if (e.field().rfind("transfers", 0) == 0) throw InputError(opt.schedule, e.field(), e.reason());
    throw InputError(file, e.field(), e.reason() + " (the time scale of " + opt.schedule + ")");
  }
  std::cout << (opt.files.json ? sim::validation_json_text(result)
                               : sim::validation_summary_text(result, schedule.transfers.size()));
  return result.valid ? kExitOk : kExitCheckFailed;
}

void run_bounds(const Files& f) {
  const RingInstance instance = io::read_ring_instance(f.input);
  const auto bounds = blaming(f.input, [&] { return ring::ring_lower_bounds(instance); });
  std::cout << (f.json ? bounds_json_text(bounds, instance.cost_scale)
                       : bounds_summary_text(instance, bounds));
}

void register_gen_ring(CLI::App& gen, const std::shared_ptr<RingOptions>& opt) {
  ring::RingGenOptions& g = opt->gen;
  CLI::App* cmd = add_generator(
      gen, "ring", "Random ring instance (loads and targets in [1, max-load])", g.seed, [opt] {
        return io::json_text(io::ring_instance_to_json(ring::generate_ring_instance(opt->gen)));
      });
  add_number(cmd, "--n", g.n, 1, 100'000'000, "number of processors");
  add_choice(cmd, "--ring", g.kind,
             {{"uni", RingKind::unidirectional}, {"bi", RingKind::bidirectional}}, "uni or bi");
  add_choice(cmd, "--costs", g.heterogeneous, {{"hom", false}, {"het", true}},
             "hom (all 1) or het (integers in [1, max-cost])");
  add_number(cmd, "--max-load", g.max_load, 1, std::uint64_t{1} << 40, "largest load and target");
  add_number(cmd, "--max-cost", g.max_cost, 1, 1'000'000'000, "largest heterogeneous link cost");
  add_number(cmd, "--cost-decimals", g.cost_decimals, 0, 6,
             "heterogeneous costs in [10^-D, max-cost] in steps of 10^-D (default 0)");
  using S = ring::RingShape;
  add_choice(cmd, "--shape", g.shape,
             named({S::uniform, S::gather, S::scatter, S::heavy, S::blocks, S::forward}),
             "where the imbalance lies: uniform, gather (all send to one sink), scatter (one "
             "source sends to all), heavy (uniform + one large excess), blocks (alternating runs), "
             "forward (far-apart source/sink pairs, balanced relays between)");
  cmd->add_flag("--light", g.light, "light redistribution (every processor sends its own load)");
}

#ifdef REDIST_HAVE_MILP
void run_exact(const RingOptions& opt) {
  const Files& f = opt.files;
  io::OutputFiles outputs({f.input});
  f.declare(outputs);
  const RingInstance instance = io::read_ring_instance(f.input);
  const exact::RingOptimum r = exact_ring_optimum(instance, opt.exact);
  if (r.status == exact::RingOptimum::Status::refused)
    throw InputError(f.input, "size",
                     "too large for the exact model: " + r.refusal + "; use `redist plan`");
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
  const auto solvers = exact::available_milp_solvers();
  add_choice(
      cmd, "--solver", opt->exact.solver, named(solvers),
      "MILP solver, one of those built in (default " + std::string(to_string(solvers[0])) + ")");
  add_number(cmd, "--node-limit", opt->exact.node_limit, 0, 1'000'000'000,
             "stop after this many branch-and-bound nodes and report both bounds (default "
             "100000)");
  cmd->add_flag("--from-scratch{false}", opt->exact.use_planner_bound,
                "prove the optimum with the solver alone, not from the planner's lower bound");
  cmd->callback([opt] { run_exact(*opt); });
}
#endif

}  // namespace

void register_ring(CLI::App& app, CLI::App& gen, int& exit_code) {
  auto opt = std::make_shared<RingOptions>();  // one command runs: they can share one
  Files& f = opt->files;
  CLI::App* plan = add_command(app, "plan", "Best redistribution schedule for a ring instance", f,
                               "ring instance JSON", "write the schedule JSON here",
                               "write a space-time diagram of the schedule (SVG)");
  plan->add_flag("--back-to-back", opt->planner.back_to_back,
                 "no spaced transfers: relays forward in back-to-back batches (may be above the "
                 "optimum)");
  add_number(plan, "--effort", opt->planner.effort, 0, 1000,
             "search effort on heterogeneous bidirectional rings (0 = list-scheduler seeds "
             "only; each unit adds 48 local-search moves; default 1)");
  plan->callback([opt] { run_plan(*opt); });
  CLI::App* check = add_command(app, "check", "Validate a ring schedule exactly (one-port model)",
                                f, "ring instance JSON");
  check->add_option("schedule", opt->schedule, "ring schedule JSON")->required();
  check->callback([opt, &exit_code] { exit_code = run_check(*opt); });
  add_command(app, "bounds", "Lower bounds on the redistribution time of a ring instance", f,
              "ring instance JSON")
      ->callback([opt] { run_bounds(opt->files); });
#ifdef REDIST_HAVE_MILP
  register_exact(app, opt);
#endif
  register_gen_ring(gen, opt);
}

}  // namespace redist::cli
