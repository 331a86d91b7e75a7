#pragma once
// What `redist plan --ordered` writes for an OrderedPlan (ordered_plan.hpp): the ordered schedule
// document (docs/design.md section 4) with the planner's report, and the summary a person reads.
//   {"bounds": [...], "flow_shift": 3, "framework": "ordered-...", "gap": "1.250%",
//    "interchangeable_bound": 40, "linear_makespan": 52, "lower_bound": 48, "makespan": 48.6,
//    "method": "...", "rerouted_items": 7, "status": "feasible",
//    "routes": [{"first": 0, "from": 5, "items": 7, "rightward": true, "to": 0}, ...],
//    "transfers": [{"first": 3, "from": 0, "items": 2, "start": 0, "to": 1}, ...]}
// The two large arrays go last, one element per line, streamed without a DOM: a 10^6-processor
// plan's routes and transfers are never held as text.

#include <string>

#include "redist/io/exact_json.hpp"
#include "redist/io/output_files.hpp"
#include "redist/ring/ordered_plan.hpp"

namespace redist::ring {

/// Every field of the document but the routes and the transfers.
io::Json ordered_plan_summary_to_json(const OrderedPlan& plan);

/// The whole document, streamed to `write` (what `-o` writes, and `--json` prints without `-o`).
void write_ordered_plan_json(const OrderedPlan& plan, const io::TextWriter& write);

/// The summary for a person; the routes and transfers listed when `list` (a small plan).
std::string ordered_plan_summary_text(const OrderedPlan& plan, std::size_t ring_size, bool list);

/// What `redist plan --ordered` prints, as write_plan_report does for plan_ring.
void write_ordered_plan_report(const OrderedPlan& plan, std::size_t ring_size, bool json,
                               const std::string& written, const io::TextWriter& write);

}  // namespace redist::ring
