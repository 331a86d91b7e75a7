// `redist check INSTANCE SCHEDULE [--json]`: exact validation (exit 0 valid, 1 invalid, 2 bad
// input).

#include <iostream>

#include "cli_common.hpp"
#include "redist/core/error.hpp"
#include "redist/io/memory_budget.hpp"
#include "redist/io/ring_instance_io.hpp"
#include "redist/io/schedule_io.hpp"
#include "redist/sim/validation_output.hpp"

namespace redist::cli {

namespace {

struct CheckOptions {
  std::string instance;
  std::string schedule;
  bool json = false;
};

int run_check(const CheckOptions& opt) {
  io::require_memory(io::kReadBytesPerFileByte * io::regular_file_size(opt.instance), opt.instance,
                     "reading this instance");
  const RingInstance instance = io::read_ring_instance(opt.instance);
  io::require_memory(io::kReadBytesPerFileByte * io::regular_file_size(opt.schedule), opt.schedule,
                     "checking this schedule");
  const Schedule schedule = io::read_schedule(opt.schedule, instance.size());
  sim::ValidationResult result;
  try {
    result = sim::validate_ring_schedule(instance, schedule);
  } catch (const InputError& e) {
    // A transfer's time is the schedule's fault; a cost that no longer fits 64-bit ticks at the
    // schedule's finer time scale is the instance's field, named with the scale that broke it.
    if (e.field().rfind("transfers", 0) == 0) throw InputError(opt.schedule, e.field(), e.reason());
    throw InputError(opt.instance, e.field(),
                     e.reason() + " (the time scale of " + opt.schedule + ")");
  }
  std::cout << (opt.json ? sim::validation_json_text(result)
                         : sim::validation_summary_text(result, schedule.transfers.size()));
  return result.valid ? kExitOk : kExitCheckFailed;
}

}  // namespace

void register_check(CLI::App& app, Context& context) {
  auto opt = std::make_shared<CheckOptions>();
  CLI::App* cmd = app.add_subcommand("check", "Validate a ring schedule exactly (one-port model)");
  cmd->add_option("instance", opt->instance, "ring instance JSON")->required();
  cmd->add_option("schedule", opt->schedule, "ring schedule JSON")->required();
  cmd->add_flag("--json", opt->json, "machine-readable output");
  cmd->callback([opt, &context] { context.exit_code = run_check(*opt); });
}

}  // namespace redist::cli
