// `redist bounds INSTANCE [--json]`: the lower bounds that apply to the instance's framework.

#include <iostream>

#include "cli_common.hpp"
#include "redist/core/error.hpp"
#include "redist/io/ring_instance_io.hpp"
#include "redist/ring/bounds_output.hpp"

namespace redist::cli {

namespace {

struct BoundsOptions {
  std::string instance;
  bool json = false;
};

int run_bounds(const BoundsOptions& opt) {
  const RingInstance instance = io::read_ring_instance(opt.instance);
  ring::RingBounds bounds;
  try {
    bounds = ring::ring_lower_bounds(instance);
  } catch (const InputError&
               e) {  // System 6 refusing huge magnitudes: name the file (docs/design.md section 3)
    throw InputError(opt.instance, e.field(), e.reason());
  }
  std::cout << (opt.json ? bounds_json_text(bounds, instance.cost_scale)
                         : bounds_summary_text(instance, bounds));
  return kExitOk;
}

}  // namespace

void register_bounds(CLI::App& app, Context& context) {
  auto opt = std::make_shared<BoundsOptions>();
  CLI::App* cmd =
      app.add_subcommand("bounds", "Lower bounds on the redistribution time of a ring instance");
  cmd->add_option("instance", opt->instance, "ring instance JSON")->required();
  cmd->add_flag("--json", opt->json, "machine-readable output");
  cmd->callback([opt, &context] { context.exit_code = run_bounds(*opt); });
}

}  // namespace redist::cli
