// `redist lau INSTANCE [--mode single|multi] [--algorithm linear|traffic|optimal|window] [--json]
//  [--svg FILE]`, `redist gen lau --n N --max-load M --seed S`, `redist experiment lau [--quick]
//  [--out DIR]`: the all-port ring of document 002 (library: lau/, sim/allport_*, lau/allport_io).

#include <iostream>

#include "cli_common.hpp"
#include "redist/core/error.hpp"
#include "redist/lau/allport_io.hpp"
#include "redist/lau/generator.hpp"
#include "redist/report/execution_svg.hpp"
#include "redist/report/flow_drawing.hpp"
#include "redist/report/lau_experiment_report.hpp"
#include "redist/sim/allport_executor.hpp"

namespace redist::cli {

namespace {

constexpr std::size_t kMaxDrawnNodes = 200;

struct LauCliOptions {
  std::string instance;
  std::string mode = "single";
  std::string algorithm = "optimal";
  std::string traffic_rule = "corrected";
  std::string svg;
  bool json = false;
};

std::string time_text(const sim::AllportTime& t) {
  return t.deadlock ? "deadlock" : std::to_string(t.steps);
}

std::string targets_text(const sim::AllportInstance& inst) {
  const auto n = static_cast<std::int64_t>(inst.size());
  if (inst.targets != sim::average_targets(inst.loads)) return "explicit targets";
  const std::int64_t q = inst.total() / n, r = inst.total() % n;
  if (r == 0) return "targets = the average, " + std::to_string(q) + " each";
  return "average " + std::to_string(q) + " + " + std::to_string(r) + "/" + std::to_string(n) +
         ": P_0..P_" + std::to_string(r - 1) + " get " + std::to_string(q + 1) + ", the others " +
         std::to_string(q);
}

void print_plan(const sim::AllportInstance& inst, const lau::LauPlan& plan) {
  std::cout << "all-port ring: n = " << inst.size() << ", total " << inst.total() << ", "
            << targets_text(inst) << "\n";
  std::cout << to_string(plan.algorithm) << " schedule (" << to_string(plan.mode)
            << "-send mode): shift " << plan.shift;
  if (plan.optimal_shifts)
    std::cout << " (every shift in [" << plan.optimal_shifts->lo << ", " << plan.optimal_shifts->hi
              << "] is optimal)";
  if (plan.window && plan.window->defined)
    std::cout << " (searched h in [" << plan.window->d_min << ", " << plan.window->d_max
              << "], shift = Traffic's - h)";
  std::cout << "\n";
  if (inst.size() <= kMaxDrawnNodes) {
    std::cout << report::draw_flows(inst.loads, plan.flows);
  } else {
    std::cout << "(drawing omitted for n > " << kMaxDrawnNodes << "; --json lists the flows)\n";
  }
  std::cout << "traffic " << io::wide_to_json(plan.traffic).dump() << ", T_single "
            << time_text(plan.t_single) << ", T_multi " << time_text(plan.t_multi) << "\n";
  std::cout << "[v_i] = red node: must send more than it holds, so it waits for load to arrive\n";
}

// The step-by-step picture, checked before anything is written (exit 2 leaves no file behind).
std::string svg_of(const LauCliOptions& opt, const sim::AllportInstance& inst,
                   const lau::LauPlan& plan) {
  if (inst.size() > report::kMaxSvgNodes)
    throw InputError(opt.svg, "--svg",
                     "drawing supports n <= " + std::to_string(report::kMaxSvgNodes) +
                         " (n = " + std::to_string(inst.size()) + ")");
  const auto run = sim::execute_allport(inst, plan.flows, plan.mode, {report::kMaxSvgSteps, true});
  if (run.status == sim::ExecStatus::step_limit)
    throw InputError(opt.svg, "--svg",
                     "drawing supports at most " + std::to_string(report::kMaxSvgSteps) + " steps");
  return report::execution_svg(inst, plan.flows, plan.mode, run);
}

int run_lau(const LauCliOptions& opt) {
  io::OutputFiles outputs({opt.instance});
  if (!opt.svg.empty()) outputs.declare(opt.svg, "--svg");
  const sim::AllportInstance inst = lau::read_allport_instance(opt.instance);
  lau::LauOptions options;
  options.algorithm = *lau::parse_lau_algorithm(opt.algorithm);
  options.mode = opt.mode == "multi" ? sim::SendMode::multi : sim::SendMode::single;
  options.traffic_rule =
      opt.traffic_rule == "printed" ? lau::TrafficRule::printed : lau::TrafficRule::corrected;
  const lau::LauPlan plan = plan_lau(inst, options);
  if (plan.status == lau::LauStatus::window_too_large)
    throw InputError(opt.instance, "--algorithm",
                     "the window search would evaluate " + std::to_string(plan.window->size()) +
                         " shifts (limit " + std::to_string(options.max_window) + "); use optimal");
  const std::string picture = opt.svg.empty() ? "" : svg_of(opt, inst, plan);
  if (!picture.empty()) outputs.set_text(opt.svg, picture);
  outputs.commit();
  if (opt.json) {
    std::cout << lau::lau_plan_text(inst, plan);
  } else {
    print_plan(inst, plan);
  }
  return kExitOk;
}

struct GenLauOptions {
  lau::LauGenOptions gen;
  std::string output;
};

struct ExperimentLauOptions {
  report::LauExperimentOptions run;
  std::string out = "results/lau";
};

int run_experiment(ExperimentLauOptions& opt) {
  check_output_folder(opt.out, "--out");
  opt.run.progress = &std::cerr;
  const report::LauExperimentReport report = run_lau_experiment(opt.run);
  const auto files = report::write_lau_experiment(report, opt.out);
  std::cout << report::format_lau_tables(report) << "\nwrote:\n";
  for (const auto& f : files) std::cout << "  " << f << "\n";
  return kExitOk;
}

}  // namespace

void register_lau(CLI::App& app, Context& context) {
  auto opt = std::make_shared<LauCliOptions>();
  CLI::App* cmd = app.add_subcommand(
      "lau", "All-port ring schedule (document 002): flows, traffic, T_single, T_multi");
  cmd->add_option("instance", opt->instance,
                  "all-port instance JSON ({\"model\": \"allport\", \"loads\": [...]})")
      ->required();
  cmd->add_option("--mode", opt->mode, "execution mode the schedule is optimised for")
      ->check(CLI::IsMember({"single", "multi"}));
  cmd->add_option("--algorithm", opt->algorithm,
                  "optimal (ours), linear, traffic, or window (the document's search)")
      ->check(CLI::IsMember({"linear", "traffic", "optimal", "window"}));
  cmd->add_option("--traffic-rule", opt->traffic_rule,
                  "Traffic median index: corrected (docs/errata.md item 7) or printed")
      ->check(CLI::IsMember({"corrected", "printed"}));
  cmd->add_flag("--json", opt->json, "machine-readable output");
  cmd->add_option("--svg", opt->svg, "draw the step-by-step execution into this SVG file")
      ->check(output_path());
  cmd->callback([opt, &context] { context.exit_code = run_lau(*opt); });
}

void register_gen_lau(CLI::App& gen, Context& context) {
  auto opt = std::make_shared<GenLauOptions>();
  CLI::App* cmd =
      gen.add_subcommand("lau", "Random all-port instance (loads uniform in [0, max-load])");
  cmd->add_option("--n", opt->gen.n, "number of processors")
      ->check(whole_number(1, sim::kMaxAllportSize));
  cmd->add_option("--max-load", opt->gen.max_load, "largest load")
      ->check(whole_number(0, static_cast<std::uint64_t>(sim::kMaxAllportTotal)));
  cmd->add_flag("--whole-average", opt->gen.whole_average,
                "redraw until n divides the total (n <= 10000)");
  cmd->add_option("--seed", opt->gen.seed, "random seed (0 .. 2^64-1)")
      ->check(whole_number(0, UINT64_MAX));
  cmd->add_option("-o,--output", opt->output, "output file (default: standard output)")
      ->check(output_path());
  cmd->callback([opt, &context] {
    write_generated(opt->output, [&] {
      return io::json_text(lau::allport_instance_to_json(generate_lau_instance(opt->gen)));
    });
    context.exit_code = kExitOk;
  });
}

void register_experiment_lau(CLI::App& experiment, Context& context) {
  auto opt = std::make_shared<ExperimentLauOptions>();
  CLI::App* cmd = experiment.add_subcommand(
      "lau", "Document 002's Tables 1-4 (all-port ring), CSV and SVG plots");
  cmd->add_flag("--quick", opt->run.quick, "small samples (seconds instead of minutes)");
  cmd->add_option("--out", opt->out, "output directory (default results/lau)")
      ->check(output_path());
  cmd->add_option("--seed", opt->run.seed, "random seed (0 .. 2^64-1)")
      ->check(whole_number(0, UINT64_MAX));
  cmd->add_option("--instances", opt->run.instances, "instances per ring size for Tables 1-3")
      ->check(whole_number(1, 10'000'000));
  cmd->callback([opt, &context] { context.exit_code = run_experiment(*opt); });
}

}  // namespace redist::cli
