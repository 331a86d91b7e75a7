// The all-port ring of document 002 (library: lau/, sim/allport_*, report/lau_text):
//   redist lau INSTANCE [--mode single|multi] [--algorithm linear|traffic|optimal|window]
//     [--traffic-rule corrected|printed] [--json] [--svg FILE]

#include <iostream>

#include "app/lau_option_specs.hpp"
#include "cli_common.hpp"
#include "redist/io/output_files.hpp"
#include "redist/lau/allport_io.hpp"
#include "redist/report/execution_svg.hpp"
#include "redist/report/lau_text.hpp"

namespace redist::cli {

namespace {

struct LauCliOptions {
  Files files;
  lau::LauOptions planner;
};

void run_lau(const LauCliOptions& opt) {
  const Files& f = opt.files;
  io::OutputFiles outputs({f.input});
  f.declare(outputs);
  const sim::AllportInstance inst = lau::read_allport_instance(f.input);
  const lau::LauPlan plan = plan_lau(inst, opt.planner);
  blaming(f.input, [&] { lau::require_planned(plan, opt.planner); });
  // Drawn before anything is written: a ring too large to draw leaves no file behind.
  const auto draw = [&] { return report::lau_execution_svg(inst, plan); };
  if (!f.svg.empty()) outputs.set_text(f.svg, blaming(f.svg, draw, "--svg"));
  outputs.commit();
  std::cout << (f.json ? lau::lau_plan_text(inst, plan) : report::lau_text(inst, plan));
}

}  // namespace

void register_lau(CLI::App& app) {
  auto opt = std::make_shared<LauCliOptions>();
  CLI::App* cmd = add_command(
      app, "lau", "All-port ring schedule (document 002): flows, traffic, T_single, T_multi",
      opt->files, "all-port instance JSON ({\"model\": \"allport\", \"loads\": [...]})", "",
      "draw the step-by-step execution into this SVG file");
  bind_options(cmd, app::option_specs(opt->planner));
  cmd->callback([opt] { run_lau(*opt); });
}

}  // namespace redist::cli
