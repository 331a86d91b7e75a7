// The all-port ring of document 002 (library: lau/, sim/allport_*, report/lau_text):
//   redist lau INSTANCE [--mode single|multi] [--algorithm linear|traffic|optimal|window]
//     [--traffic-rule corrected|printed] [--json] [--svg FILE]

#include <iostream>

#include "app/commands.hpp"
#include "app/lau_option_specs.hpp"
#include "cli_common.hpp"

namespace redist::cli {

void register_lau(CLI::App& app) {
  struct LauCliOptions {
    app::CommandFiles files;
    lau::LauOptions planner;
  };
  auto opt = std::make_shared<LauCliOptions>();
  CLI::App* cmd = add_command(
      app, "lau", "All-port ring schedule (document 002): flows, traffic, T_single, T_multi",
      opt->files, "all-port instance JSON ({\"model\": \"allport\", \"loads\": [...]})", "",
      "draw the step-by-step execution into this SVG file");
  bind_options(cmd, app::option_specs(opt->planner));
  cmd->callback([opt] { app::lau_command(opt->files, opt->planner, std::cout); });
}

}  // namespace redist::cli
