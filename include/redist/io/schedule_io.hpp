#pragma once
// Ring schedules as JSON (docs/design.md section 4):
//   {"makespan": 4, "lower_bound": 4, "status": "optimal", "flow_shift": -2,
//    "transfers": [{"from": 0, "to": 1, "items": 3, "start": 0}, ...]}
// A transfer may add "spacing": p (one item every p time units, p >= the link's cost;
// docs/design.md section 1 "Schedule"); it is written only when not back to back (Transfer::spacing
// != 0). Reading requires only "transfers" (a hand-written schedule for `redist check`); extra
// fields are allowed. Processor indices must lie in 0..n-1, items and starts must be >= 0: anything
// else is bad input (exit 2), not an invalid schedule.

#include <string>
#include <string_view>

#include "redist/core/schedule.hpp"
#include "redist/io/exact_json.hpp"
#include "redist/io/output_files.hpp"
#include "redist/io/unknown_field.hpp"

namespace redist::io {

/// `ring_size` is the instance's n, used to range-check processor indices.
Schedule schedule_from_json(const Json& document, const std::string& source, std::size_t ring_size);
/// The same rules read from text in one streaming pass, without a DOM: memory is the Schedule's own
/// (a transfer per Transfer), so `redist check` reads 10^7-transfer schedules. Fields that a
/// transfer or the top level do not define (besides those plan and exact write) are reported in
/// `policy.found`, or refused when `policy.strict` (io/unknown_field.hpp).
Schedule schedule_from_text(std::string_view text, const std::string& source, std::size_t ring_size,
                            const UnknownFieldPolicy& policy = {});
/// Reads the file ("-": standard input) with schedule_from_text.
Schedule read_schedule(const std::string& path, std::size_t ring_size,
                       const UnknownFieldPolicy& policy = {});

Json schedule_to_json(const Schedule& schedule);

/// The "transfers" array alone as JSON text, one transfer per line (each line exactly what
/// schedule_to_json's entry dumps to), written without a DOM: a document node per transfer cost
/// ~500 bytes, and a 10^7-batch schedule then needed several GB. `indent` prefixes each line.
std::string transfers_json_text(const Schedule& schedule, const std::string& indent);

/// The same "transfers" text streamed to `write` in pieces of about kScheduleChunkBytes, so that
/// writing a schedule holds a bounded buffer, not the whole text (`redist plan -o`).
void write_transfers_json(const Schedule& schedule, const std::string& indent,
                          const TextWriter& write);
inline constexpr std::size_t kScheduleChunkBytes = std::size_t{1} << 20;

/// A schedule document streamed: `object_text` is a JSON object as the CLI prints it ("{", one
/// member per line, "}", trailing white space allowed) without "transfers"; the schedule's
/// transfers are inserted as its last member, `"transfers": ` followed by
/// write_transfers_json(schedule, "  ").
void write_schedule_document(std::string_view object_text, const Schedule& schedule,
                             const TextWriter& write);

}  // namespace redist::io
