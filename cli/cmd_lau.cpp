// The all-port ring of document 002 (library: lau/, sim/allport_*, report/lau_text):
//   redist lau INSTANCE [--mode single|multi] [--algorithm linear|traffic|optimal|window]
//     [--traffic-rule corrected|printed] [--json] [--svg FILE]
//   redist gen lau --n N --max-load M [--whole-average] --seed S [-o FILE]

#include <iostream>

#include "cli_common.hpp"
#include "redist/io/json_text.hpp"
#include "redist/io/output_files.hpp"
#include "redist/lau/allport_io.hpp"
#include "redist/lau/generator.hpp"
#include "redist/report/execution_svg.hpp"
#include "redist/report/lau_text.hpp"

namespace redist::cli {

namespace {

struct LauCliOptions {
  Files files;
  lau::LauOptions planner;
  lau::LauGenOptions gen;
};

void run_lau(const LauCliOptions& opt) {
  const Files& f = opt.files;
  io::OutputFiles outputs({f.input});
  f.declare(outputs);
  const sim::AllportInstance inst = lau::read_allport_instance(f.input);
  const lau::LauPlan plan = plan_lau(inst, opt.planner);
  if (plan.status == lau::LauStatus::window_too_large)
    throw InputError(f.input, "--algorithm",
                     "the window search would evaluate " + std::to_string(plan.window->size()) +
                         " shifts (limit " + std::to_string(opt.planner.max_window) +
                         "); use optimal");
  // Drawn before anything is written: a ring too large to draw leaves no file behind.
  const auto draw = [&] { return report::lau_execution_svg(inst, plan); };
  if (!f.svg.empty()) outputs.set_text(f.svg, blaming(f.svg, draw, "--svg"));
  outputs.commit();
  std::cout << (f.json ? lau::lau_plan_text(inst, plan) : report::lau_text(inst, plan));
}

}  // namespace

void register_lau(CLI::App& app, CLI::App& gen) {
  auto opt = std::make_shared<LauCliOptions>();
  lau::LauOptions& p = opt->planner;
  CLI::App* cmd = add_command(
      app, "lau", "All-port ring schedule (document 002): flows, traffic, T_single, T_multi",
      opt->files, "all-port instance JSON ({\"model\": \"allport\", \"loads\": [...]})", "",
      "draw the step-by-step execution into this SVG file");
  add_choice(cmd, "--mode", p.mode, named({sim::SendMode::single, sim::SendMode::multi}),
             "execution mode the schedule is optimised for");
  using A = lau::LauAlgorithm;
  add_choice(cmd, "--algorithm", p.algorithm, named({A::linear, A::traffic, A::optimal, A::window}),
             "optimal (ours), linear, traffic, or window (the document's search)");
  add_choice(cmd, "--traffic-rule", p.traffic_rule,
             named({lau::TrafficRule::corrected, lau::TrafficRule::printed}),
             "Traffic median index: corrected (docs/errata.md item 7) or printed");
  cmd->callback([opt] { run_lau(*opt); });

  lau::LauGenOptions& g = opt->gen;
  CLI::App* gen_lau = add_generator(
      gen, "lau", "Random all-port instance (loads uniform in [0, max-load])", g.seed, [opt] {
        return io::json_text(lau::allport_instance_to_json(generate_lau_instance(opt->gen)));
      });
  add_number(gen_lau, "--n", g.n, 1, sim::kMaxAllportSize, "number of processors");
  add_number(gen_lau, "--max-load", g.max_load, 0,
             static_cast<std::uint64_t>(sim::kMaxAllportTotal), "largest load");
  gen_lau->add_flag("--whole-average", g.whole_average,
                    "redraw until n divides the total (n <= 10000)");
}

}  // namespace redist::cli
