// `redist exact INSTANCE [-o SCHEDULE] [--json] [--solver cbc|glpk] [--node-limit N]
// [--from-scratch]`: the exact optimum of a small ring by the time-indexed MILP
// (exact/ring_optimum.hpp), refused above its size limits. Compiled only when the exact layer is
// built (REDIST_HAVE_MILP).

#include <iostream>

#include "cli_common.hpp"
#include "redist/core/error.hpp"
#include "redist/exact/ring_optimum.hpp"
#include "redist/io/ring_instance_io.hpp"
#include "redist/io/schedule_io.hpp"

namespace redist::cli {

namespace {

struct ExactOptions {
  std::string instance;
  std::string output;
  std::string solver;
  bool json = false;
  bool from_scratch = false;
  exact::RingOptimumOptions run;
};

io::Json result_json(const exact::RingOptimum& r, int scale) {
  const Schedule& s = r.schedule;
  io::Json doc = io::schedule_to_json(
      Schedule{{}, s.time_scale, s.makespan, s.lower_bound, s.status, s.flow_shift});
  doc.erase("transfers");
  doc["optimum"] = r.status == exact::RingOptimum::Status::optimal
                       ? io::ticks_to_json(r.upper, scale)
                       : io::Json(nullptr);
  doc["proved"] = r.status == exact::RingOptimum::Status::optimal;
  doc["planner_makespan"] = io::ticks_to_json(r.planner_makespan, scale);
  doc["planner_lower_bound"] = io::ticks_to_json(r.planner_bound, scale);
  doc["solver"] = r.solver_ran ? io::Json(r.solver) : io::Json(nullptr);
  doc["nodes"] = r.nodes;
  doc["slot"] = io::ticks_to_json(r.slot_ticks, scale);
  doc["horizon_slots"] = r.horizon_slots;
  doc["binaries"] = r.binaries;
  return doc;
}

void print_text(const exact::RingOptimum& r, std::size_t n, int scale, const ExactOptions& opt) {
  const auto t = [scale](Ticks v) { return format_ticks(v, scale); };
  std::cout << "processors   " << n << "\n"
            << "planner      makespan " << t(r.planner_makespan) << ", lower bound "
            << t(r.planner_bound) << "\n";
  if (r.status == exact::RingOptimum::Status::optimal) {
    std::cout << "optimum      " << t(r.upper) << " (proved)\n";
  } else {
    std::cout << "optimum      between " << t(r.lower) << " and " << t(r.upper)
              << " (not proved: the node limit " << opt.run.node_limit << " stopped the search)\n";
  }
  if (r.solver_ran) {
    std::cout << "model        " << r.horizon_slots << " slots of " << t(r.slot_ticks) << ", "
              << r.binaries << " start variables, " << r.rows << " rows\n"
              << "solver       " << r.solver << ", " << r.nodes << " nodes\n";
  } else {
    std::cout << "solver       not needed: the planner's schedule meets its proved lower bound\n";
  }
  if (!opt.output.empty()) {
    std::cout << "schedule     written to " << opt.output << "\n";
    return;
  }
  for (const Transfer& tr : r.schedule.transfers)
    std::cout << "  t=" << t(tr.start) << "  P" << tr.from << " -> P" << tr.to << "  " << tr.items
              << " item" << (tr.items == 1 ? "" : "s")
              << (tr.spacing != 0 ? ", one every " + t(tr.spacing) : std::string()) << "\n";
}

int run_exact(ExactOptions& opt) {
  io::OutputFiles outputs({opt.instance});
  if (!opt.output.empty()) outputs.declare(opt.output, "-o");
  if (!opt.solver.empty()) opt.run.solver = *exact::milp_solver_from_name(opt.solver);
  const RingInstance instance = io::read_ring_instance(opt.instance);
  const exact::RingOptimum r = exact_ring_optimum(instance, opt.run);
  if (r.status == exact::RingOptimum::Status::refused)
    throw InputError(opt.instance, "size",
                     "too large for the exact model: " + r.refusal + "; use `redist plan`");
  const int scale = r.schedule.time_scale;
  const io::Json doc = result_json(r, scale);
  const io::RawMember transfers{"transfers", io::transfers_json_text(r.schedule, "  ")};
  if (!opt.output.empty()) outputs.set_text(opt.output, io::json_text(doc, transfers));
  outputs.commit();  // every output, or none (docs/limits.md "Output files")
  if (opt.json) {
    std::cout << (opt.output.empty() ? io::json_text(doc, transfers) : io::json_text(doc));
  } else {
    print_text(r, instance.size(), scale, opt);
  }
  return kExitOk;
}

}  // namespace

void register_exact(CLI::App& app, Context& context) {
  auto opt = std::make_shared<ExactOptions>();
  CLI::App* cmd = app.add_subcommand("exact",
                                     "Exact optimum of a small ring (n <= 8, <= 400 items, horizon "
                                     "<= 2000 slots) by a time-indexed MILP");
  cmd->add_option("instance", opt->instance, "ring instance JSON")->required();
  cmd->add_option("-o,--output", opt->output,
                  "write the optimal (or best found) schedule JSON here")
      ->check(output_path());
  cmd->add_flag("--json", opt->json, "machine-readable output");
  std::vector<std::string> names;
  for (const exact::MilpSolver s : exact::available_milp_solvers()) names.push_back(to_string(s));
  cmd->add_option("--solver", opt->solver,
                  "MILP solver, one of those built in (default " + names.front() + ")")
      ->check(CLI::IsMember(names));
  cmd->add_option(
         "--node-limit", opt->run.node_limit,
         "stop after this many branch-and-bound nodes and report both bounds (default 100000)")
      ->check(whole_number(0, 1'000'000'000));
  cmd->add_flag(
      "--from-scratch", opt->from_scratch,
      "prove the optimum with the solver alone, not starting from the planner's lower bound");
  cmd->callback([opt, &context] {
    opt->run.use_planner_bound = !opt->from_scratch;
    context.exit_code = run_exact(*opt);
  });
}

}  // namespace redist::cli
