#include "app/schedule_file_check.hpp"

#include <functional>

#include "app/program_machinery.hpp"
#include "redist/core/error.hpp"
#include "redist/io/budgeted_read.hpp"
#include "redist/sim/ordered_validator.hpp"

namespace redist::app {

ScheduleFileCheck check_schedule_files(const std::string& instance_file,
                                       const std::string& schedule_file, bool strict) {
  const RingInstance instance = io::read_ring_instance_within_budget(instance_file);
  std::vector<io::UnknownField> unknown;
  const Schedule schedule =
      io::read_schedule_within_budget(schedule_file, instance.size(), {strict, &unknown});
  try {
    // A schedule whose transfers name their items is an ordered one (docs/design.md section 4).
    // `redist check` validates a large schedule's two halves side by side (the program's machinery).
    const ProgramMachinery machinery;
    const sim::JobPair run_both = std::bind_front(&ProgramMachinery::run_both, &machinery);
    return {names_items(schedule) ? sim::validate_ordered_schedule(instance, schedule)
                                  : sim::validate_ring_schedule(instance, schedule, run_both),
            schedule.transfers.size(), std::move(unknown)};
  } catch (const InputError& e) {
    // The schedule's own fields: its transfers' times (the claims of its header are never read).
    const std::string& field = e.field();
    if (field.rfind("transfers", 0) == 0) throw InputError(schedule_file, field, e.reason());
    throw InputError(instance_file, e.field(),
                     e.reason() + " (the time scale of " + schedule_file + ")");
  }
}

}  // namespace redist::app
