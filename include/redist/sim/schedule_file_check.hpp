#pragma once
// `redist check` as a library call: a ring instance file and a schedule file, read within the
// memory budget (io/budgeted_read.hpp) and validated exactly (ring_validator.hpp, or
// ordered_validator.hpp when its transfers name their items), an input error naming the file at
// fault.

#include <cstddef>
#include <string>
#include <vector>

#include "redist/io/unknown_field.hpp"

#include "redist/sim/ring_validator.hpp"

namespace redist::sim {

struct ScheduleFileCheck {
  ValidationResult result;
  std::size_t transfers = 0;              // in the schedule file
  std::vector<io::UnknownField> unknown;  // fields the schedule does not define, ignored
};

/// InputError: a transfer's time is the schedule file's fault; a cost that no longer fits 64-bit
/// ticks at the schedule's finer time scale is the instance file's field, named with that scale.
/// The makespan and lower bound the schedule claims are never read. `strict`: a field the schedule
/// does not define is bad input rather than a warning (io/unknown_field.hpp).
ScheduleFileCheck check_schedule_files(const std::string& instance_file,
                                       const std::string& schedule_file, bool strict = false);

}  // namespace redist::sim
