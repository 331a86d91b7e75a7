#pragma once
// Ring schedules as JSON (docs/design.md section 4):
//   {"makespan": 4, "lower_bound": 4, "status": "optimal", "flow_shift": -2,
//    "transfers": [{"from": 0, "to": 1, "items": 3, "start": 0}, ...]}
// Reading requires only "transfers" (a hand-written schedule for `redist check`); extra fields are
// allowed. Processor indices must lie in 0..n-1, items and starts must be >= 0: anything else is bad
// input (exit 2), not an invalid schedule.

#include <string>

#include "redist/core/schedule.hpp"
#include "redist/io/exact_json.hpp"

namespace redist::io {

/// `ring_size` is the instance's n, used to range-check processor indices.
Schedule schedule_from_json(const Json& document, const std::string& source, std::size_t ring_size);
Schedule read_schedule(const std::string& path, std::size_t ring_size);

Json schedule_to_json(const Schedule& schedule);

/// The "transfers" array alone as JSON text, one transfer per line (each line exactly what
/// schedule_to_json's entry dumps to), written without a DOM: a document node per transfer cost
/// ~500 bytes, and a 10^7-batch schedule then needed several GB. `indent` prefixes each line.
std::string transfers_json_text(const Schedule& schedule, const std::string& indent);

}  // namespace redist::io
