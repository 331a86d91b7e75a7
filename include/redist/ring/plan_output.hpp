#pragma once
// What `redist plan` writes for a RingPlan (ring/plan.hpp): the schedule document of docs/design.md
// section 4 with the planner's report (framework, method, gap, bounds), in the JSON layout of every
// redist command (io/json_text.hpp), and the summary a person reads.
//   {"bounds": [{"name": .., "value": ..}, ...], "flow_shift": -2, "framework": "...",
//    "gap": "0.000%", "lower_bound": 4, "makespan": 4, "method": "...", "status": "optimal",
//    "transfers": [{"from": 0, "items": 3, "start": 0, "to": 1}, ...]}
// The transfers go last, one per line, streamed by the io schedule writer
// (io::write_schedule_document) without a DOM and without holding the whole text.

#include <string>

#include "redist/io/exact_json.hpp"
#include "redist/io/output_files.hpp"
#include "redist/ring/plan.hpp"

namespace redist::ring {

/// Every field of the schedule document but the transfers.
io::Json plan_summary_to_json(const RingPlan& plan);

/// The schedule document (what `-o` writes and `--json` prints without `-o`), streamed to `write`.
void write_plan_json(const RingPlan& plan, const io::TextWriter& write);

/// The summary for a person; the transfers are listed when `list_transfers` (a small plan on
/// screen).
std::string plan_summary_text(const RingPlan& plan, std::size_t ring_size, bool list_transfers);

/// One line per transfer ("  t=0  P0 -> P1  3 items, one every 2"), as the summaries list them.
std::string transfers_text(const Schedule& schedule);

/// Plans with more transfers than this are summarised without the list.
inline constexpr std::size_t kMaxListedTransfers = 40;

/// What `redist plan` prints: with `json`, the schedule document, or when the schedule went to the
/// file `written`, the document without the transfers and with "transfers_written_to"; without
/// `json`, the summary (the transfers listed when they are not `written` and few).
void write_plan_report(const RingPlan& plan, std::size_t ring_size, bool json,
                       const std::string& written, const io::TextWriter& write);

}  // namespace redist::ring
