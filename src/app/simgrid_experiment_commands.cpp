#include "app/simgrid_experiment_commands.hpp"

#include <memory>

#include "app/simgrid_option_specs.hpp"
#include "redist/report/ordered_simgrid_report.hpp"
#include "redist/report/simgrid_study_report.hpp"

namespace redist::app {

ExperimentCommand simgrid_experiment_command(std::ostream* progress) {
  auto options = std::make_shared<simgrid::SimgridStudyOptions>();
  options->progress = progress;
  return detail::experiment_command(
      "simgrid",
      "Document 000's SimGrid study (Figures 13-14): when do redistributions pay off? CSV and SVG",
      "4 seeds instead of 30 (well under a minute)", options, option_specs(*options),
      report::simgrid_study_files, simgrid::run_simgrid_study, report::write_simgrid_study,
      report::format_simgrid_study);
}

ExperimentCommand ordered_simgrid_experiment_command() {
  auto options = std::make_shared<simgrid::OrderedStudyOptions>();
  return detail::experiment_command(
      "ordered-simgrid",
      "Ordered items on SimGrid rings (ring6_hetero, ring6_slow_link): the ordered plan against "
      "the linear plan, patterns shift, random, ramp and gather (CSV, SVG)",
      "ring6_slow_link, two patterns", options, option_specs(*options),
      report::ordered_simgrid_files, simgrid::run_ordered_simgrid_study,
      report::write_ordered_simgrid, report::format_ordered_simgrid);
}

}  // namespace redist::app
