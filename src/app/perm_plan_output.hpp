#pragma once
// What `redist perm` writes for a perm::PermResult (perm/plan.hpp): the summary a person reads, and the
// result document of docs/design.md section 4 in the JSON layout of every redist command
// (io/json_text.hpp):
//   {"assignment": [...], "canonical": {"steps": .., "volume": ..},
//    "heuristics": {"greedy-by-part": {...}, "greedy-sorted": {...}, "path-growing": {...}},
//    "items": N, "min_steps": {...}, "min_volume": {...}, "objective": "volume",
//    "optimal_steps": .., "optimal_volume": .., "processors": P, "steps": S, "volume": V,
//    "schedule": [{"pairs": [[src, dst], ...], "repeat": r}, ...]}
// assignment, volume and steps are the chosen assignment's; the schedule goes last, one group per
// line, written without a DOM (a step schedule of 2^23 processors has millions of pairs).

#include <string>

#include "redist/io/exact_json.hpp"
#include "redist/perm/plan.hpp"

namespace redist::app {

/// The whole document as text; without the schedule when `with_schedule` is false (`--json -o`).
std::string perm_result_text(const perm::PermResult& result, bool with_schedule = true);

/// The table of assignments (canonical, heuristics, both optima) and the chosen one's schedule;
/// `written`, when not empty, is the file the result went to.
std::string perm_summary_text(const perm::PermResult& result, const std::string& written);

}  // namespace redist::app
