// `redist lau` and `redist perm` (app/commands.hpp).

#include <ostream>

#include "app/commands.hpp"
#include "app/perm_plan_file.hpp"
#include "app/perm_plan_output.hpp"
#include "redist/lau/allport_io.hpp"
#include "redist/report/execution_svg.hpp"
#include "redist/report/lau_text.hpp"

namespace redist::app {

void lau_command(const CommandFiles& f, const lau::LauOptions& options, std::ostream& out) {
  io::OutputFiles outputs({f.input});
  f.declare(outputs);
  const sim::AllportInstance inst = lau::read_allport_instance(f.input);
  const lau::LauPlan plan = lau::plan_lau(inst, options);
  blaming(f.input, [&] { lau::require_planned(plan, options); });
  // Drawn before anything is written: a ring too large to draw leaves no file behind.
  const auto draw = [&] { return report::lau_execution_svg(inst, plan); };
  if (!f.svg.empty()) outputs.set_text(f.svg, blaming(f.svg, draw, "--svg"));
  outputs.commit();
  out << (f.json ? lau::lau_plan_text(inst, plan) : report::lau_text(inst, plan));
}

void perm_command(const CommandFiles& f, perm::PermObjective objective, std::ostream& out) {
  io::OutputFiles outputs({f.input});
  f.declare(outputs);
  const perm::PermResult result = plan_perm_file(f.input, objective);
  if (!f.output.empty()) outputs.set_text(f.output, perm_result_text(result));
  outputs.commit();
  // With -o the file has the schedule: stdout stays short.
  out << (f.json ? perm_result_text(result, f.output.empty())
                 : perm_summary_text(result, f.output));
}

}  // namespace redist::app
