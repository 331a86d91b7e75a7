// The ring commands of document 000 (library: ring/, sim/ring_validator, io/):
//   redist plan INSTANCE [-o SCHEDULE] [--json] [--svg FILE] [--back-to-back] [--effort N]
//     [--ordered]                                 (ordered items: ring/ordered_plan.hpp)
//   redist check INSTANCE SCHEDULE [--json]      (exit 0 valid, 1 invalid, 2 bad input)
//   redist bounds INSTANCE [--json]
//   redist exact INSTANCE [-o SCHEDULE] [--json] [--solver cbc|glpk] [--node-limit N]
//     [--from-scratch]                            (only with the exact layer)

#include <iostream>

#include "app/commands.hpp"
#include "app/program_machinery.hpp"
#include "app/ring_option_specs.hpp"
#include "cli_common.hpp"
#ifdef REDIST_HAVE_MILP
#include "app/exact_option_specs.hpp"  // `redist exact`: only with the exact layer
#endif

namespace redist::cli {

namespace {

struct RingOptions {
  app::CommandFiles files;
  std::string schedule;
  bool strict = false;  // check: a field the schedule does not define is refused, not warned about
  ring::RingPlanOptions planner;
  app::ProgramMachinery machinery;  // planner.machinery: threads, prefault, pages handed back
  bool ordered = false;
#ifdef REDIST_HAVE_MILP
  exact::RingOptimumOptions exact;
#endif
};

#ifdef REDIST_HAVE_MILP
void register_exact(CLI::App& app, const std::shared_ptr<RingOptions>& opt) {
  CLI::App* cmd = add_command(
      app, "exact",
      "Exact optimum of a small ring (n <= 8, <= 400 items, horizon <= 2000 slots) by a MILP",
      opt->files, "ring instance JSON", "write the optimal (or best found) schedule JSON here");
  bind_options(cmd, app::option_specs(opt->exact));
  cmd->callback([opt] { app::exact_command(opt->files, opt->exact, std::cout); });
}
#endif

}  // namespace

void register_ring(CLI::App& app, int& exit_code) {
  auto opt = std::make_shared<RingOptions>();  // one command runs: they can share one
  opt->planner.machinery = &opt->machinery;
  app::CommandFiles& f = opt->files;
  CLI::App* plan = add_command(app, "plan", "Best redistribution schedule for a ring instance", f,
                               "ring instance JSON", "write the schedule JSON here",
                               "write a space-time diagram of the schedule (SVG)");
  bind_options(plan, app::option_specs(opt->planner));
  bind_options(plan, app::ordered_option_specs(opt->ordered));
  plan->callback([opt] { app::plan_command(opt->files, opt->planner, opt->ordered, std::cout); });
  CLI::App* check = add_command(app, "check", "Validate a ring schedule exactly (one-port model)",
                                f, "ring instance JSON");
  check->add_option("schedule", opt->schedule, "ring schedule JSON")->required();
  check->add_flag("--strict", opt->strict,
                  "refuse (exit 2) a schedule with fields it does not define, rather than warn");
  check->callback([opt, &exit_code] {
    const bool valid =
        app::check_command(opt->files, opt->schedule, opt->strict, std::cout, std::cerr);
    exit_code = valid ? kExitOk : kExitCheckFailed;
  });
  add_command(app, "bounds", "Lower bounds on the redistribution time of a ring instance", f,
              "ring instance JSON")
      ->callback([opt] { app::bounds_command(opt->files, std::cout); });
#ifdef REDIST_HAVE_MILP
  register_exact(app, opt);
#endif
}

}  // namespace redist::cli
